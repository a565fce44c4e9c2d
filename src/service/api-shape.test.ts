/**
 * The shapes real deployments have, over real HTTP: API roots, services offering only some
 * resources, next_page links in every style, the OpenAPI document and the OffsetsDB vocabulary.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { creditListQuery, legacyForensicsQuery, projectListQuery } from '../shared/api/params';
import { BENEFICIARY_SEARCH_FIELDS, CATEGORIES, REGISTRIES } from '../shared/api/values';
import { MESSY_VALUES } from './messy/messy-values';
import { RESOURCE_NAMES } from './routes/resource-names';
import { ROUTES } from './routes';
import type { ServiceOptions } from './server';
import { testServices, type TestService } from './test-fixture';

const services = testServices();
const service = (options: ServiceOptions = {}): Promise<TestService> => services.start(options);
afterAll(() => services.stopAll());

interface Envelope {
  pagination: { total_entries: number; next_page: string | null };
  data: unknown[];
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: { anyOf?: Record<string, unknown>[]; default?: unknown } ; description?: string }[]; tags: string[] }>>;
}
const openApi = async (t: TestService) => (await (await fetch(`${t.service.baseUrl}/openapi.json`)).json()) as OpenApi;
/** The inner (non-null) JSON schema of a published query parameter. */
function param(doc: OpenApi, path: string, name: string): Record<string, unknown> | undefined {
  const p = doc.paths[path]?.get?.parameters?.find((x) => x.name === name);
  return p?.schema.anyOf?.[0];
}
const enumOf = (schema: Record<string, unknown> | undefined) => ((schema?.items as { enum?: string[] } | undefined)?.enum ?? (schema?.enum as string[] | undefined));

describe('API root', () => {
  it('serves at the host root with --api-root / (and nothing under /v1)', async () => {
    const t = await service({ apiRoot: '/' });
    expect(t.service.apiRoot).toBe('');
    const page = (await t.getOk<Envelope>('/credits/?per_page=2'));
    expect(page.data).toHaveLength(2);
    expect(page.pagination.next_page).toBe('/credits/?current_page=2&per_page=2');
    expect((await t.get('/projects/types')).status).toBe(200);
    const v1 = await t.get('/v1/credits/');
    expect([v1.status, (v1.body as { detail: { code: string } }).detail.code]).toEqual([404, 'not_found']);
  });

  it('serves under a deeper root such as /api/v1', async () => {
    const t = await service({ apiRoot: '/api/v1/' });
    expect(t.service.apiRoot).toBe('/api/v1');
    expect((await t.getOk<Envelope>('/api/v1/projects/?per_page=1')).data).toHaveLength(1);
    expect((await t.get('/v1/projects/')).status).toBe(404);
    expect(Object.keys((await openApi(t)).paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
  });
});

describe('next_page styles', () => {
  it('writes next_page relative, absolute, without the API root or on another origin', async () => {
    const expectations: [ServiceOptions, (base: string) => string][] = [
      [{}, () => '/v1/credits/?current_page=2&per_page=3'],
      [{ nextPageStyle: 'relative', apiRoot: '/api/v1' }, () => '/api/v1/credits/?current_page=2&per_page=3'],
      [{ nextPageStyle: 'absolute' }, (base) => `${base}/v1/credits/?current_page=2&per_page=3`],
      [{ nextPageStyle: 'prefixless', apiRoot: '/api/v1' }, () => '/credits/?current_page=2&per_page=3'],
      [{ nextPageStyle: 'other-origin' }, () => 'https://next-page.example/v1/credits/?current_page=2&per_page=3'],
    ];
    for (const [options, expected] of expectations) {
      const t = await service(options);
      const page = await t.getOk<Envelope>(`${t.service.apiRoot}/credits/?per_page=3`);
      expect(page.pagination.next_page, JSON.stringify(options)).toBe(expected(t.service.baseUrl));
    }
  });

  it('absolute links follow to the same pages as relative ones', async () => {
    const t = await service({ nextPageStyle: 'absolute' });
    const first = await t.getOk<{ pagination: Envelope['pagination']; data: { id: number }[] }>('/v1/credits/?per_page=50&sort=id');
    const next = new URL(first.pagination.next_page!);
    expect(next.origin).toBe(t.service.baseUrl);
    const second = await t.getOk<{ data: { id: number }[] }>(`${next.pathname}${next.search}`);
    expect(second.data[0]!.id).toBe(first.data.at(-1)!.id + 1);
  });
});

describe('--offer', () => {
  it('answers 404 not_found at the root and below of every resource not offered', async () => {
    const t = await service({ offer: ['projects', 'credits'] });
    expect((await t.get('/v1/projects/?per_page=1')).status).toBe(200);
    expect((await t.get('/v1/credits/?per_page=1')).status).toBe(200);
    const notOffered = [
      '/v1/buyers/', '/v1/buyers/Anyone', '/v1/buyers/Anyone/analytics', '/v1/forensics/', '/v1/forensics/v2/latest', '/v1/satellite/',
      '/v1/countries/US', '/v1/countries/US/updates', '/v1/api-keys/', '/v1/api-keys/usage', '/v1/supply-demand/', '/v1/charts/credits_by_category',
      '/v1/projects/types',
    ];
    for (const p of notOffered) {
      const r = await t.get(p);
      expect([r.status, (r.body as { detail: { code: string } }).detail.code], p).toEqual([404, 'not_found']);
    }
    // Authentication still comes first.
    expect((await t.get('/v1/buyers/', null)).status).toBe(401);
    const doc = await openApi(t);
    expect(new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags)))).toEqual(new Set(['projects', 'credits']));
  });
});

describe('OpenAPI document', () => {
  it('is served without a key at the host root and lists every route with its query parameters', async () => {
    const t = await service({});
    const res = await fetch(`${t.service.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);
    const published = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    expect(published).toEqual(ROUTES.map((r) => `${r.method} /v1${r.path.replace(/:([a-z_]+)/g, '{$1}')}`).sort());
    expect(new Set(ROUTES.map((r) => r.resource))).toEqual(new Set(RESOURCE_NAMES));
    // Query parameter names are exactly the keys of the schemas the routes validate with.
    const names = (path: string) => doc.paths[path]!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name).sort();
    expect(names('/v1/credits/')).toEqual(Object.keys(creditListQuery.shape).sort());
    expect(names('/v1/projects/')).toEqual(Object.keys(projectListQuery.shape).sort());
    expect(names('/v1/forensics/')).toEqual(Object.keys(legacyForensicsQuery.shape).sort());
    expect(doc.paths['/v1/projects/{project_id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'project_id', in: 'path' })]);
    expect(enumOf(param(doc, '/v1/credits/', 'registry'))).toEqual([...REGISTRIES]);
    expect(enumOf(param(doc, '/v1/projects/', 'category'))).toEqual([...CATEGORIES]);
    expect(enumOf(param(doc, '/v1/credits/', 'beneficiary_search_fields'))).toEqual([...BENEFICIARY_SEARCH_FIELDS]);
    expect(param(doc, '/v1/credits/', 'per_page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    expect(param(doc, '/v1/credits/', 'transaction_date_from')).toEqual({ type: 'string', format: 'date' });
    for (const path of ['/v1/credits/', '/v1/buyers/', '/v1/supply-demand/', '/v1/charts/credits_retirements_by_vintage/{project_id}']) {
      expect(param(doc, path, 'vintage_min'), path).toMatchObject({ type: 'integer' });
      expect(param(doc, path, 'vintage_max'), path).toMatchObject({ type: 'integer' });
    }
    expect((await t.get('/v1/credits/?registry=cercarbono')).status).toBe(422);
  });

  it('publishes (and accepts) the extra values of a messy market', async () => {
    const t = await service({ messy: true });
    const doc = await openApi(t);
    expect(enumOf(param(doc, '/v1/credits/', 'registry'))).toEqual(expect.arrayContaining([...REGISTRIES, ...MESSY_VALUES.registries]));
    expect(enumOf(param(doc, '/v1/credits/', 'transaction_type'))).toEqual(expect.arrayContaining([...MESSY_VALUES.transactionTypes]));
    expect(enumOf(param(doc, '/v1/satellite/', 'risk_level'))).toEqual(expect.arrayContaining([...MESSY_VALUES.riskLevels]));
    expect((await t.get('/v1/credits/?registry=cercarbono&per_page=1')).status).toBe(200);
  });
});

describe('OffsetsDB vocabulary', () => {
  it("uses OffsetsDB's beneficiary field names, ignores unknown ones, and publishes them", async () => {
    const t = await service({ vocabulary: 'offsetsdb' });
    const total = async (q: string) => (await t.getOk<Envelope>(`/v1/credits/?per_page=1&${q}`)).pagination.total_entries;
    const everything = await total('');
    const harmonized = await total('beneficiary_search=a');
    const accounts = await total('beneficiary_search=a&beneficiary_search_fields=retirement_account');
    expect(harmonized).toBeLessThan(everything);
    expect(accounts).toBeGreaterThan(0);
    expect(accounts).toBeLessThan(everything);
    expect(accounts).not.toBe(harmonized);
    // Our spelling means nothing to this server: no field to search, every row matches.
    expect(await total('beneficiary_search=a&beneficiary_search_fields=retirement_beneficiary_account')).toBe(everything);
    expect(await total('beneficiary_search=a&beneficiary_search_fields=retirement_account&beneficiary_search_fields=nonsense')).toBe(accounts);
    // Free-text category and transaction type, as OffsetsDB takes them.
    expect(await total('category=not-a-category')).toBe(0);
    expect(await total('registry=cercarbono')).toBe(0);

    const doc = await openApi(t);
    const fields = doc.paths['/v1/credits/']!.get!.parameters!.find((p) => p.name === 'beneficiary_search_fields')!;
    expect(fields.schema.anyOf![0]).toEqual({ type: 'array', items: { type: 'string' } });
    expect(fields.schema.default).toEqual(['retirement_beneficiary_harmonized']);
    expect([...fields.description!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])).toEqual([
      'retirement_beneficiary_harmonized', 'retirement_beneficiary', 'retirement_account', 'retirement_note', 'retirement_reason',
    ]);
    expect(param(doc, '/v1/credits/', 'category')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(enumOf(param(doc, '/v1/credits/', 'category'))).toBeUndefined();
  });

  it('the standard vocabulary searches the same column under its own name and refuses the OffsetsDB one', async () => {
    const standard = await service({});
    const offsetsdb = await service({ vocabulary: 'offsetsdb' });
    const total = async (t: TestService, q: string) => z.object({ pagination: z.object({ total_entries: z.number() }) }).parse(await t.getOk(`/v1/credits/?per_page=1&${q}`)).pagination.total_entries;
    expect(await total(standard, 'beneficiary_search=a&beneficiary_search_fields=retirement_beneficiary_note'))
      .toBe(await total(offsetsdb, 'beneficiary_search=a&beneficiary_search_fields=retirement_note'));
    expect((await standard.get('/v1/credits/?beneficiary_search=a&beneficiary_search_fields=retirement_note')).status).toBe(422);
  });
});
