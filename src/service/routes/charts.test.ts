import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPointSchema, listingPointSchema, paginated, supplyDemandSchema, timeBinPointSchema, type CreditTransaction } from '../../shared/api';
import { addDays, weekday } from '../calendar';
import { TEST_TODAY, loadMarket, startTestService, type LoadedMarket, type TestService } from '../test-fixture';

let t: TestService;
let m: LoadedMarket;
let busy: string;
beforeAll(async () => {
  t = await startTestService();
  m = await loadMarket(t);
  const counts = new Map<string, number>();
  for (const c of m.credits) counts.set(c.projects[0]!.project_id, (counts.get(c.projects[0]!.project_id) ?? 0) + 1);
  busy = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
});
afterAll(() => t.stop());

const sumBy = <T>(items: T[], key: (x: T) => string | null, value: (x: T) => number) => {
  const out = new Map<string, number>();
  for (const x of items) {
    const k = key(x);
    if (k !== null) out.set(k, (out.get(k) ?? 0) + value(x));
  }
  return out;
};
const ofProject = (id: string) => m.credits.filter((c) => c.projects[0]!.project_id === id);

describe('chart endpoints', () => {
  it('retirements by vintage: one point per vintage, retirements only, group C and B applied', async () => {
    const page = await t.parse(paginated(timeBinPointSchema), `/v1/charts/credits_retirements_by_vintage/${busy}`);
    expect(page.pagination).toMatchObject({ current_page: 1, total_pages: 1, next_page: null });
    const expected = sumBy(ofProject(busy).filter((c) => c.transaction_type === 'retirement'), (c) => (c.vintage === null ? null : String(c.vintage)), (c) => c.quantity!);
    expect(page.data).toEqual([...expected.keys()].sort().map((v) => ({ start: `${v}-01-01`, end: `${v}-12-31`, value: expected.get(v) })));
    const filtered = await t.parse(paginated(timeBinPointSchema), `/v1/charts/credits_retirements_by_vintage/${busy}?quantity_min=1000`);
    expect(filtered.data.reduce((s, p) => s + p.value, 0)).toBe(ofProject(busy).filter((c) => c.transaction_type === 'retirement' && c.vintage !== null && c.quantity! >= 1000).reduce((s, c) => s + c.quantity!, 0));
    expect((await t.get('/v1/charts/credits_retirements_by_vintage/NOPE-1')).status).toBe(404);
  });

  it('credits by transaction date bins by D, W, M, Y', async () => {
    const txs = ofProject(busy);
    const start = (d: string, f: string) => (f === 'D' ? d : f === 'W' ? addDays(d, -weekday(d)) : f === 'M' ? `${d.slice(0, 7)}-01` : `${d.slice(0, 4)}-01-01`);
    for (const freq of ['D', 'W', 'M', 'Y']) {
      const page = await t.parse(paginated(timeBinPointSchema), `/v1/charts/credits_by_transaction_date/${busy}?freq=${freq}`);
      const expected = sumBy(txs, (c) => start(c.transaction_date!, freq), (c) => c.quantity!);
      expect(page.data.map((p) => [p.start, p.value]), freq).toEqual([...expected.keys()].sort().map((k) => [k, expected.get(k)]));
      for (const p of page.data) {
        if (freq === 'W') {
          expect(weekday(p.start)).toBe(0);
          expect(p.end).toBe(addDays(p.start, 7));
        }
        if (freq === 'D') expect(p.end).toBe(addDays(p.start, 1));
        if (freq === 'Y') expect(p.end).toBe(`${p.start.slice(0, 4)}-12-31`);
        if (freq === 'M') expect(addDays(p.end, 1).slice(8)).toBe('01');
      }
    }
    const yearly = await t.parse(paginated(timeBinPointSchema), `/v1/charts/credits_by_transaction_date/${busy}`);
    expect(yearly.data.every((p) => p.start.endsWith('-01-01'))).toBe(true);
    expect((await t.get(`/v1/charts/credits_by_transaction_date/${busy}?freq=Q`)).status).toBe(422);
  });

  it('credits by category sums project totals, or matching retirements with a beneficiary search', async () => {
    const page = await t.parse(paginated(categoryPointSchema), '/v1/charts/credits_by_category?registry=verra');
    const verra = m.projects.filter((p) => p.registry === 'verra');
    const issued = sumBy(verra, (p) => p.category, (p) => p.issued!);
    const retired = sumBy(verra, (p) => p.category, (p) => p.retired!);
    expect(page.data).toEqual([...issued.keys()].sort().map((c) => ({ category: c, retired: retired.get(c), issued: issued.get(c) })));
    const name = m.credits.find((c) => c.retirement_beneficiary_harmonized)!.retirement_beneficiary_harmonized!;
    const search = await t.parse(paginated(categoryPointSchema), `/v1/charts/credits_by_category?beneficiary_search=${encodeURIComponent(name)}`);
    const matching = m.credits.filter((c) => c.transaction_type === 'retirement' && c.retirement_beneficiary_harmonized?.toLowerCase().includes(name.toLowerCase()));
    const byCat = sumBy(matching, (c) => c.projects[0]!.category, (c) => c.quantity!);
    expect(search.data).toEqual([...byCat.keys()].sort().map((c) => ({ category: c, retired: byCat.get(c), issued: 0 })));
  });

  it('projects by listing date counts projects per bin and category', async () => {
    const page = await t.parse(paginated(listingPointSchema), '/v1/charts/projects_by_listing_date?freq=Y&category=forest&category=renewable-energy');
    const keep = m.projects.filter((p) => p.listed_at && (p.category === 'forest' || p.category === 'renewable-energy'));
    const expected = sumBy(keep, (p) => `${p.listed_at!.slice(0, 4)}-01-01|${p.category}`, () => 1);
    expect(page.data.map((p) => `${p.start}|${p.category}=${p.value}`)).toEqual([...expected.keys()].sort().map((k) => `${k}=${expected.get(k)}`));
    expect(page.data.reduce((s, p) => s + p.value, 0)).toBe(keep.length);
  });
});

describe('GET /v1/supply-demand/', () => {
  const period = (d: string, agg: string) => (agg === 'monthly' ? d.slice(0, 7) : agg === 'yearly' ? d.slice(0, 4) : `${d.slice(0, 4)}-Q${Math.floor((Number(d.slice(5, 7)) + 2) / 3)}`);
  it('sums issuances and retirements per period, leaving out the current incomplete period', async () => {
    for (const agg of ['monthly', 'quarterly', 'yearly']) {
      const body = await t.parse(supplyDemandSchema, `/v1/supply-demand/?aggregation=${agg}`);
      const current = period(TEST_TODAY, agg);
      const counted = m.credits.filter((c) => period(c.transaction_date!, agg) < current);
      const iss = sumBy(counted.filter((c) => c.transaction_type === 'issuance'), (c) => period(c.transaction_date!, agg), (c) => c.quantity!);
      const ret = sumBy(counted.filter((c) => c.transaction_type === 'retirement'), (c) => period(c.transaction_date!, agg), (c) => c.quantity!);
      const keys = [...new Set([...iss.keys(), ...ret.keys()])].sort();
      expect(body.data, agg).toEqual(keys.map((k) => ({ period: k, issuances: iss.get(k) ?? 0, retirements: ret.get(k) ?? 0 })));
      expect(body.data.some((d) => d.period === current)).toBe(false);
      expect(body.totals).toEqual({ issuances: [...iss.values()].reduce((s, v) => s + v, 0), retirements: [...ret.values()].reduce((s, v) => s + v, 0) });
    }
    expect(m.credits.some((c: CreditTransaction) => c.transaction_date! >= '2026-06-01')).toBe(true);
  });

  it('defaults to yearly and applies project and credit filters', async () => {
    const body = await t.parse(supplyDemandSchema, '/v1/supply-demand/?category=forest&vintage=2020');
    expect(body.data.every((d) => /^\d{4}$/.test(d.period))).toBe(true);
    const keep = m.credits.filter((c) => c.projects[0]!.category === 'forest' && c.vintage === 2020 && c.transaction_date! < '2026' && c.transaction_type === 'retirement');
    expect(body.totals.retirements).toBe(keep.reduce((s, c) => s + c.quantity!, 0));
    const ranged = await t.parse(supplyDemandSchema, '/v1/supply-demand/?category=forest&vintage_min=2016&vintage_max=2018');
    const inRange = m.credits.filter((c) => c.projects[0]!.category === 'forest' && c.vintage !== null && c.vintage >= 2016 && c.vintage <= 2018 && c.transaction_date! < '2026' && c.transaction_type === 'retirement');
    expect(ranged.totals.retirements).toBe(inRange.reduce((s, c) => s + c.quantity!, 0));
    expect((await t.get('/v1/supply-demand/?aggregation=weekly')).status).toBe(422);
  });
});
