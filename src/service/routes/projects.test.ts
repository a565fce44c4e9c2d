import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated, projectSchema, projectTypesSchema, type Project } from '../../shared/api';
import { compareText, fetchAll, loadMarket, startTestService, type LoadedMarket, type TestService } from '../test-fixture';

let t: TestService;
let m: LoadedMarket;
beforeAll(async () => {
  t = await startTestService();
  m = await loadMarket(t);
});
afterAll(() => t.stop());

const total = async (query: string) => (await t.parse(paginated(projectSchema), `/v1/projects/?${query}`)).pagination.total_entries;

describe('GET /v1/projects/', () => {
  it('lists every project with the spec fields', async () => {
    expect(m.projects.length).toBe(t.service.size.projects);
    const raw = (await t.getOk<{ data: Record<string, unknown>[] }>('/v1/projects/?per_page=1')).data[0]!;
    expect(Object.keys(raw).sort()).toEqual(Object.keys(projectSchema.parse(raw)).sort());
    for (const p of m.projects) {
      expect(p.retired).toBeLessThanOrEqual(p.issued!);
      expect(p.unretired).toBe(p.issued! - p.retired!);
      expect(p.project_id).toMatch(/^[A-Z]+-\d+$/);
    }
  });

  it('narrows with each project filter exactly as a direct count', async () => {
    const p0 = m.projects.find((p) => p.protocol.length && p.proponent && p.project_type && p.country)!;
    const cases: [string, (p: Project) => boolean][] = [
      ['registry=verra', (p) => p.registry === 'verra'],
      ['registry=verra&registry=gold-standard', (p) => p.registry === 'verra' || p.registry === 'gold-standard'],
      [`country=${encodeURIComponent(p0.country!.toUpperCase())}`, (p) => p.country === p0.country],
      [`protocol=${encodeURIComponent(p0.protocol[0]!.toLowerCase())}`, (p) => p.protocol.some((x) => x.toLowerCase() === p0.protocol[0]!.toLowerCase())],
      ['category=forest&category=agriculture', (p) => p.category === 'forest' || p.category === 'agriculture'],
      ['is_compliance=true', (p) => p.is_compliance === true],
      ['listed_at_from=2015-01-01&listed_at_to=2019-12-31', (p) => p.listed_at !== null && p.listed_at >= '2015-01-01' && p.listed_at <= '2019-12-31'],
      ['issued_min=100000&issued_max=5000000', (p) => p.issued! >= 100000 && p.issued! <= 5000000],
      ['retired_min=1&retired_max=200000', (p) => p.retired! >= 1 && p.retired! <= 200000],
      [`project_type=${encodeURIComponent(p0.project_type!)}`, (p) => p.project_type === p0.project_type],
      [`proponent=${encodeURIComponent(p0.proponent!.toLowerCase())}`, (p) => p.proponent?.toLowerCase() === p0.proponent!.toLowerCase()],
      ['sdg_goals=3&sdg_goals=13', (p) => p.sdg_goals.includes(3) && p.sdg_goals.includes(13)],
      ['sdg_goals=13', (p) => p.sdg_goals.includes(13)],
      ['certifications=ccb-gold&certifications=corsia', (p) => p.certifications.includes('ccb-gold') || p.certifications.includes('corsia')],
      ['corc_durability=100%2B', (p) => p.corc_durability === '100+'],
      ['has_ccb=true', (p) => p.has_ccb === true],
      ['has_icvcm_ccp=false', (p) => !p.has_icvcm_ccp],
      ['has_corsia=true', (p) => p.has_corsia === true],
      ['has_sdvista=true', (p) => p.has_sdvista === true],
      ['has_social_carbon=true', (p) => p.has_social_carbon === true],
      ['article6_authorized=true', (p) => p.article6_authorized === true],
      ['article6_authorization_types=NDC%20Use', (p) => p.article6_authorization_types.includes('NDC Use')],
      ['search=vcs-1', (p) => p.project_id.toLowerCase().includes('vcs-1') || (p.name ?? '').toLowerCase().includes('vcs-1')],
      ['search=project%20i', (p) => (p.name ?? '').toLowerCase().includes('project i') || p.project_id.toLowerCase().includes('project i')],
      ['search=%25', (p) => (p.name ?? '').includes('%')],
      ['search=_', (p) => (p.name ?? '').includes('_') || p.project_id.includes('_')],
      ['registry=verra&has_ccb=false&category=renewable-energy', (p) => p.registry === 'verra' && !p.has_ccb && p.category === 'renewable-energy'],
    ];
    for (const [query, keep] of cases) {
      const expected = m.projects.filter(keep).length;
      expect(await total(query), query).toBe(expected);
    }
    expect(m.projects.filter((p) => p.registry === 'verra').length).toBeGreaterThan(0);
    expect(m.projects.filter((p) => p.sdg_goals.includes(13)).length).toBeGreaterThan(0);
  });

  it('sorts by several keys, nulls last in both directions, strings case-insensitively, project_id as tie-breaker', async () => {
    for (const sort of ['-issued', 'country', '-country', 'listed_at', '-listed_at', 'name']) {
      const field = sort.replace(/^[+-]/, '') as keyof Project;
      const desc = sort.startsWith('-');
      const got = (await fetchAll(t, projectSchema, `/v1/projects/?per_page=200&sort=${encodeURIComponent(sort)}`)).map((p) => p.project_id);
      const expected = [...m.projects].sort((a, b) => {
        const va = a[field] as string | number | null;
        const vb = b[field] as string | number | null;
        if (va !== vb) {
          if (va === null) return 1;
          if (vb === null) return -1;
          const c = typeof va === 'string' ? compareText(va, vb as string) : (va as number) - (vb as number);
          if (c !== 0) return desc ? -c : c;
        }
        return compareText(a.project_id, b.project_id);
      }).map((p) => p.project_id);
      expect(got, sort).toEqual(expected);
    }
    const two = (await fetchAll(t, projectSchema, '/v1/projects/?per_page=200&sort=category&sort=-retired')).map((p) => [p.category, p.retired]);
    for (let i = 1; i < two.length; i++) {
      const [c0, r0] = two[i - 1]!;
      const [c1, r1] = two[i]!;
      expect(compareText(String(c0), String(c1)) < 0 || (c0 === c1 && Number(r0) >= Number(r1))).toBe(true);
    }
  });

  it('pages: empty result, page past the end, last page', async () => {
    const empty = await t.parse(paginated(projectSchema), '/v1/projects/?registry=verra&registry=verra&issued_min=999999999999');
    expect(empty.pagination).toEqual({ total_entries: 0, current_page: 1, total_pages: 0, next_page: null });
    const n = m.projects.length;
    const last = Math.ceil(n / 50);
    const lastPage = await t.parse(paginated(projectSchema), `/v1/projects/?per_page=50&current_page=${last}`);
    expect(lastPage.pagination.next_page).toBeNull();
    expect(lastPage.data.length).toBe(n - (last - 1) * 50);
    const past = await t.parse(paginated(projectSchema), `/v1/projects/?per_page=50&current_page=${last + 3}`);
    expect(past.data).toEqual([]);
    expect(past.pagination.next_page).toBeNull();
    const first = await t.parse(paginated(projectSchema), '/v1/projects/?per_page=10&registry=verra');
    expect(first.pagination.next_page).toBe('/v1/projects/?registry=verra&current_page=2&per_page=10');
  });

  it('rejects bad parameters with 422 and the validation body', async () => {
    for (const [query, name] of [['per_page=201', 'per_page'], ['per_page=0', 'per_page'], ['current_page=0', 'current_page'], ['current_page=abc', 'current_page'],
      ['registry=nope', 'registry'], ['listed_at_from=2020-02-30', 'listed_at_from'], ['issued_min=1.5', 'issued_min'], ['sort=-bogus', 'sort'],
      ['sdg_goals=18', 'sdg_goals'], ['has_ccb=maybe', 'has_ccb']] as const) {
      const r = await t.get(`/v1/projects/?${query}`);
      expect(r.status, query).toBe(422);
      const detail = (r.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
      expect(detail[0]!.loc.slice(0, 2)).toEqual(['query', name]);
      expect(typeof detail[0]!.msg).toBe('string');
      expect(typeof detail[0]!.type).toBe('string');
    }
  });
});

describe('GET /v1/projects/{project_id} and /types', () => {
  it('answers one project with clips and unretired, 404 for an unknown id', async () => {
    const withClips = m.projects.find((p) => p.clips.length > 0)!;
    const p = await t.parse(projectSchema, `/v1/projects/${withClips.project_id}`);
    expect(p).toEqual(withClips);
    expect(p.clips[0]!.type).toBeTypeOf('string');
    const r = await t.get('/v1/projects/VCS-99999999');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ detail: { code: 'not_found' } });
  });

  it('groups project types by category', async () => {
    const types = await t.parse(projectTypesSchema, '/v1/projects/types');
    for (const p of m.projects) if (p.project_type) expect(types[p.category!]).toContain(p.project_type);
  });
});
