import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactionSchema, paginated, type CreditTransaction } from '../../shared/api';
import { readIntegrityStories, storyProjects } from '../generator/integrity-stories';
import { compareText, fetchAll, loadMarket, startTestService, type LoadedMarket, type TestService } from '../test-fixture';

let t: TestService;
let m: LoadedMarket;
beforeAll(async () => {
  t = await startTestService();
  m = await loadMarket(t);
});
afterAll(() => t.stop());

const page = (query: string) => t.parse(paginated(creditTransactionSchema), `/v1/credits/?${query}`);
const total = async (query: string) => (await page(query)).pagination.total_entries;
const has = (v: string | null, s: string) => v !== null && v.toLowerCase().includes(s.toLowerCase());

describe('GET /v1/credits/', () => {
  it('answers every transaction with the spec fields and parent project', async () => {
    expect(m.credits.length).toBe(t.service.size.credits);
    const raw = (await t.getOk<{ data: Record<string, unknown>[] }>('/v1/credits/?per_page=1')).data[0]!;
    expect(Object.keys(raw).sort()).toEqual(Object.keys(creditTransactionSchema.parse(raw)).sort());
    for (const c of m.credits.slice(0, 500)) {
      const p = m.projectById.get(c.projects[0]!.project_id)!;
      expect(c.projects[0]!.category).toBe(p.category);
      expect(c.sdg_goals).toEqual(p.sdg_goals);
    }
    expect(new Set(m.credits.map((c) => c.transaction_type))).toEqual(new Set(['issuance', 'retirement', 'cancellation']));
  });

  it('keeps issuances before retirements and retired within issued per project', () => {
    const byProject = new Map<string, CreditTransaction[]>();
    for (const c of m.credits) byProject.set(c.projects[0]!.project_id, [...(byProject.get(c.projects[0]!.project_id) ?? []), c]);
    // The integrity stories' projects break these rules on purpose (src/service/generator/integrity-stories.ts).
    const stories = storyProjects(readIntegrityStories(t.service.dbPath));
    expect(stories.size).toBeGreaterThan(0);
    for (const [id, txs] of byProject) {
      if (stories.has(id)) continue;
      const sorted = [...txs].sort((a, b) => (a.transaction_date! < b.transaction_date! ? -1 : a.transaction_date! > b.transaction_date! ? 1 : 0));
      let issued = 0;
      let out = 0;
      for (const x of sorted) {
        if (x.transaction_type === 'issuance') issued += x.quantity!;
        else out += x.quantity!;
        // Same-day issuances count before the outflows of that day.
        const sameDayIssued = sorted.filter((y) => y.transaction_date === x.transaction_date && y.transaction_type === 'issuance' && y.id > x.id).reduce((s, y) => s + y.quantity!, 0);
        expect(out, id).toBeLessThanOrEqual(issued + sameDayIssued);
      }
      const p = m.projectById.get(id)!;
      expect(p.issued).toBe(txs.filter((x) => x.transaction_type === 'issuance').reduce((s, x) => s + x.quantity!, 0));
      expect(p.retired).toBe(txs.filter((x) => x.transaction_type === 'retirement').reduce((s, x) => s + x.quantity!, 0));
    }
  });

  it('narrows with group C, B, P filters and project_id exactly as a direct count', async () => {
    const some = m.credits.find((c) => c.retirement_beneficiary_harmonized)!;
    const name = some.retirement_beneficiary_harmonized!;
    const pid = m.credits[100]!.projects[0]!.project_id;
    const proj = (c: CreditTransaction) => m.projectById.get(c.projects[0]!.project_id)!;
    const cases: [string, (c: CreditTransaction) => boolean][] = [
      ['transaction_type=retirement', (c) => c.transaction_type === 'retirement'],
      ['transaction_type=issuance&transaction_type=cancellation', (c) => c.transaction_type !== 'retirement'],
      ['vintage=2019&vintage=2020', (c) => c.vintage === 2019 || c.vintage === 2020],
      ['vintage_min=2015&vintage_max=2018', (c) => c.vintage !== null && c.vintage >= 2015 && c.vintage <= 2018],
      ['vintage_min=2020', (c) => c.vintage !== null && c.vintage >= 2020],
      ['vintage_max=2012', (c) => c.vintage !== null && c.vintage <= 2012],
      // the set and the range combine with AND
      ['vintage=2014&vintage=2016&vintage=2019&vintage_min=2015&vintage_max=2019', (c) => c.vintage === 2016 || c.vintage === 2019],
      ['vintage_min=2019&vintage_max=2015', () => false],
      ['transaction_date_from=2024-01-01&transaction_date_to=2024-12-31', (c) => c.transaction_date! >= '2024-01-01' && c.transaction_date! <= '2024-12-31'],
      ['quantity_min=100&quantity_max=5000', (c) => c.quantity! >= 100 && c.quantity! <= 5000],
      [`project_id=${pid}`, (c) => c.projects[0]!.project_id === pid],
      [`project_id=${pid.toLowerCase()}&project_id=${m.credits[0]!.projects[0]!.project_id}`, (c) => c.projects[0]!.project_id === pid || c.projects[0]!.project_id === m.credits[0]!.projects[0]!.project_id],
      [`beneficiary_search=${encodeURIComponent(name.slice(2, 8).toUpperCase())}`, (c) => has(c.retirement_beneficiary_harmonized, name.slice(2, 8))],
      ['beneficiary_search=on%20behalf&beneficiary_search_fields=retirement_beneficiary', (c) => has(c.retirement_beneficiary, 'on behalf')],
      ['beneficiary_search=south&beneficiary_search_fields=retirement_beneficiary_account&beneficiary_search_fields=retirement_beneficiary_reason',
        (c) => has(c.retirement_account, 'south') || has(c.retirement_reason, 'south')],
      ['beneficiary_search=fy&beneficiary_search_fields=retirement_beneficiary_note', (c) => has(c.retirement_note, 'fy')],
      ['beneficiary_search=%25&beneficiary_search_fields=retirement_beneficiary', (c) => has(c.retirement_beneficiary, '%')],
      ['beneficiary_search=_&beneficiary_search_fields=retirement_beneficiary', (c) => has(c.retirement_beneficiary, '_')],
      ['beneficiary_search=%5C&beneficiary_search_fields=retirement_beneficiary_note&beneficiary_search_fields=retirement_beneficiary', (c) => has(c.retirement_note, '\\') || has(c.retirement_beneficiary, '\\')],
      ['beneficiary_search=%22&beneficiary_search_fields=retirement_beneficiary', (c) => has(c.retirement_beneficiary, '"')],
      ['registry=gold-standard', (c) => proj(c).registry === 'gold-standard'],
      ['category=forest&transaction_type=retirement', (c) => proj(c).category === 'forest' && c.transaction_type === 'retirement'],
      ['country=india&has_ccb=false', (c) => proj(c).country === 'India' && !proj(c).has_ccb],
      ['search=solar', (c) => has(proj(c).name, 'solar') || has(proj(c).project_id, 'solar')],
    ];
    for (const [query, keep] of cases) {
      const expected = m.credits.filter(keep).length;
      expect(await total(query), query).toBe(expected);
    }
    for (const s of ['%', '_', '\\', '"']) expect(m.credits.some((c) => has(c.retirement_beneficiary, s) || has(c.retirement_note, s)), s).toBe(true);
    expect(m.credits.some((c) => /^[=+\-@]/.test(c.retirement_beneficiary ?? ''))).toBe(true);
  });

  it('sorts by any field with nulls last, case-insensitive strings and id as tie-breaker', async () => {
    const subset = 'transaction_date_from=2025-01-01';
    const base = m.credits.filter((c) => c.transaction_date! >= '2025-01-01');
    for (const sort of ['-quantity', 'retirement_beneficiary', '-retirement_beneficiary', 'vintage', '-transaction_date', '-project_id']) {
      const field = sort.replace(/^[+-]/, '');
      const desc = sort.startsWith('-');
      const value = (c: CreditTransaction) => (field === 'project_id' ? c.projects[0]!.project_id : (c[field as keyof CreditTransaction] as string | number | null));
      const got = (await fetchAll(t, creditTransactionSchema, `/v1/credits/?${subset}&per_page=200&sort=${encodeURIComponent(sort)}`)).map((c) => c.id);
      const expected = [...base].sort((a, b) => {
        const va = value(a);
        const vb = value(b);
        if (va !== vb) {
          if (va === null) return 1;
          if (vb === null) return -1;
          const c = typeof va === 'string' ? compareText(va, vb as string) : (va as number) - (vb as number);
          if (c !== 0) return desc ? -c : c;
        }
        return a.id - b.id;
      }).map((c) => c.id);
      expect(got, sort).toEqual(expected);
    }
  });

  it('orders by project_id then id by default, and deep pages match the full list', async () => {
    const sorted = [...m.credits].sort((a, b) => compareText(a.projects[0]!.project_id, b.projects[0]!.project_id) || a.id - b.id);
    expect(m.credits.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    const n = m.credits.length;
    const last = Math.ceil(n / 200);
    const deep = await page(`per_page=200&current_page=${last}`);
    expect(deep.data.map((c) => c.id)).toEqual(sorted.slice((last - 1) * 200).map((c) => c.id));
    expect(deep.pagination.next_page).toBeNull();
    const filteredDeep = await page('per_page=7&current_page=3&transaction_type=retirement');
    expect(filteredDeep.data.map((c) => c.id)).toEqual(sorted.filter((c) => c.transaction_type === 'retirement').slice(14, 21).map((c) => c.id));
  });

  it('pages: empty result, page past the end, next_page keeps the filters', async () => {
    const empty = await page('quantity_min=999999999999');
    expect(empty.pagination).toEqual({ total_entries: 0, current_page: 1, total_pages: 0, next_page: null });
    expect(empty.data).toEqual([]);
    const past = await page(`per_page=200&current_page=${Math.ceil(m.credits.length / 200) + 1}`);
    expect(past.data).toEqual([]);
    expect(past.pagination.next_page).toBeNull();
    const first = await page('transaction_type=retirement&sort=-quantity&per_page=5');
    expect(first.pagination.next_page).toBe('/v1/credits/?transaction_type=retirement&sort=-quantity&current_page=2&per_page=5');
  });

  it('rejects bad parameters with 422', async () => {
    for (const [query, name] of [['transaction_type=sale', 'transaction_type'], ['vintage=20x0', 'vintage'], ['vintage_min=2015.5', 'vintage_min'],
      ['vintage_max=99999999999999999999', 'vintage_max'], ['transaction_date_from=2024-13-01', 'transaction_date_from'],
      ['quantity_min=abc', 'quantity_min'], ['beneficiary_search_fields=retirement_account', 'beneficiary_search_fields'], ['sort=quantity&sort=nope', 'sort'],
      ['per_page=1000', 'per_page']] as const) {
      const r = await t.get(`/v1/credits/?${query}`);
      expect(r.status, query).toBe(422);
      expect((r.body as { detail: { loc: unknown[] }[] }).detail[0]!.loc.slice(0, 2)).toEqual(['query', name]);
    }
  });
});
