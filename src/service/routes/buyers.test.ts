import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerAnalyticsSchema, buyerSchema, paginated, type Buyer, type CreditTransaction } from '../../shared/api';
import { addDays, daysBetween } from '../calendar';
import { cleanText, foldCase } from '../../shared/case-folding';
import { TEST_TODAY, compareText, fetchAll, loadMarket, startTestService, type LoadedMarket, type TestService } from '../test-fixture';

let t: TestService;
let m: LoadedMarket;
let buyers: Buyer[];
beforeAll(async () => {
  t = await startTestService();
  m = await loadMarket(t);
  buyers = await fetchAll(t, buyerSchema, '/v1/buyers/?per_page=200');
});
afterAll(() => t.stop());

/** The buyer a retirement names: its harmonized beneficiary, else its beneficiary as written (trimmed; blank names nobody). */
const buyerOf = (c: CreditTransaction): string | null =>
  c.transaction_type === 'retirement' ? (cleanText(c.retirement_beneficiary_harmonized) ?? cleanText(c.retirement_beneficiary)) : null;
const retirementsOf = (name: string, from: CreditTransaction[] = m.credits) =>
  from.filter((c) => {
    const buyer = buyerOf(c);
    return buyer !== null && foldCase(buyer) === foldCase(name);
  });

/** The documented buyer definitions (see the README), computed independently. */
function expectedBuyer(name: string, txs: CreditTransaction[]): Buyer {
  const from12 = addDays(TEST_TODAY, -365);
  const from60 = addDays(TEST_TODAY, -60);
  const dates = txs.map((c) => c.transaction_date!).sort();
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const total = txs.reduce((s, c) => s + c.quantity!, 0);
  const in12 = txs.filter((c) => c.transaction_date! >= from12 && c.transaction_date! <= TEST_TODAY);
  const in60 = txs.filter((c) => c.transaction_date! >= from60 && c.transaction_date! <= TEST_TODAY);
  const top = (key: (c: CreditTransaction) => string | null) => {
    const sums = new Map<string, [string, number]>();
    for (const c of txs) {
      const k = key(c);
      if (k === null) continue;
      const [label, sum] = sums.get(foldCase(k)) ?? [k, 0];
      sums.set(foldCase(k), [k < label ? k : label, sum + c.quantity!]);
    }
    return [...sums.values()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]?.[0] ?? null;
  };
  const project = (c: CreditTransaction) => m.projectById.get(c.projects[0]!.project_id)!;
  return {
    buyer_name: name,
    total_volume: total,
    volume_12m: in12.reduce((s, c) => s + c.quantity!, 0),
    volume_60d: in60.reduce((s, c) => s + c.quantity!, 0),
    avg_transaction_size: total / txs.length,
    total_transactions: txs.length,
    transactions_12m: in12.length,
    transactions_60d: in60.length,
    transactions_per_year: txs.length / Math.max(1, daysBetween(first, last) / 365.25),
    first_purchase: first,
    last_purchase: last,
    days_since_last: daysBetween(last, TEST_TODAY),
    top_category: top((c) => project(c).category),
    top_country: top((c) => project(c).country),
    top_registry: top((c) => project(c).registry),
    is_active_12m: in12.length > 0,
    is_active_60d: in60.length > 0,
    unharmonized_transactions: txs.filter((c) => cleanText(c.retirement_beneficiary_harmonized) === null).length,
  };
}

describe('GET /v1/buyers/', () => {
  it('aggregates every buyer the retirements name by the documented definitions', () => {
    const names = new Set(retirementsOfAll(m.credits));
    expect(buyers.length).toBe(names.size);
    expect(buyers.some((b) => b.unharmonized_transactions === b.total_transactions)).toBe(true);
    expect(buyers.some((b) => b.unharmonized_transactions === 0)).toBe(true);
    for (const b of buyers) expect(b).toEqual(expectedBuyer(b.buyer_name, retirementsOf(b.buyer_name)));
    expect(buyers.some((b) => b.is_active_60d)).toBe(true);
    expect(buyers.some((b) => !b.is_active_60d)).toBe(true);
  });

  it('sorts by -total_volume by default and by any buyer field with buyer_name as tie-breaker', async () => {
    expect(buyers.map((b) => b.buyer_name)).toEqual([...buyers].sort((a, b) => b.total_volume - a.total_volume || compareText(a.buyer_name, b.buyer_name)).map((b) => b.buyer_name));
    for (const sort of ['days_since_last', '-transactions_60d', 'first_purchase', '-avg_transaction_size', 'buyer_name']) {
      const field = sort.replace(/^[+-]/, '') as keyof Buyer;
      const desc = sort.startsWith('-');
      const got = await fetchAll(t, buyerSchema, `/v1/buyers/?per_page=200&sort=${sort}`);
      const expected = [...buyers].sort((a, b) => {
        const va = a[field] as string | number;
        const vb = b[field] as string | number;
        const c = typeof va === 'string' ? compareText(va, vb as string) : (va as number) - (vb as number);
        return (desc ? -c : c) || compareText(a.buyer_name, b.buyer_name);
      });
      expect(got.map((b) => b.buyer_name), sort).toEqual(expected.map((b) => b.buyer_name));
    }
  });

  it('applies buyer filters after aggregation', async () => {
    const mid = buyers[Math.floor(buyers.length / 3)]!;
    const cases: [string, (b: Buyer) => boolean][] = [
      [`total_volume_min=${mid.total_volume}`, (b) => b.total_volume >= mid.total_volume],
      [`total_volume_max=${mid.total_volume}`, (b) => b.total_volume <= mid.total_volume],
      ['volume_12m_min=1&volume_12m_max=500000', (b) => b.volume_12m >= 1 && b.volume_12m <= 500000],
      ['avg_transaction_size_min=1000&avg_transaction_size_max=20000', (b) => b.avg_transaction_size >= 1000 && b.avg_transaction_size <= 20000],
      ['total_transactions_min=3&total_transactions_max=40', (b) => b.total_transactions >= 3 && b.total_transactions <= 40],
      ['is_active_12m=true', (b) => b.is_active_12m],
      ['is_active_60d=false', (b) => !b.is_active_60d],
      ['search=CORP', (b) => foldCase(b.buyer_name).includes('corp')],
      ['search=_', (b) => b.buyer_name.includes('_')],
    ];
    for (const [query, keep] of cases) {
      const page = await t.parse(paginated(buyerSchema), `/v1/buyers/?${query}`);
      expect(page.pagination.total_entries, query).toBe(buyers.filter(keep).length);
    }
  });

  it('applies project and credit filters before aggregation', async () => {
    const filtered = await fetchAll(t, buyerSchema, '/v1/buyers/?per_page=200&category=forest&transaction_date_from=2023-01-01');
    const subset = m.credits.filter((c) => c.projects[0]!.category === 'forest' && c.transaction_date! >= '2023-01-01');
    const names = new Set(retirementsOfAll(subset));
    expect(filtered.length).toBe(names.size);
    for (const b of filtered.slice(0, 20)) expect(b).toEqual(expectedBuyer(b.buyer_name, retirementsOf(b.buyer_name, subset)));
    const byVintage = await fetchAll(t, buyerSchema, '/v1/buyers/?per_page=200&vintage_min=2016&vintage_max=2017');
    const vintaged = m.credits.filter((c) => c.vintage !== null && c.vintage >= 2016 && c.vintage <= 2017);
    expect(byVintage.length).toBe(new Set(retirementsOfAll(vintaged)).size);
    for (const b of byVintage.slice(0, 20)) expect(b).toEqual(expectedBuyer(b.buyer_name, retirementsOf(b.buyer_name, vintaged)));
  });

  it('pages and validates', async () => {
    const empty = await t.parse(paginated(buyerSchema), '/v1/buyers/?total_volume_min=1e15');
    expect(empty.pagination).toEqual({ total_entries: 0, current_page: 1, total_pages: 0, next_page: null });
    const past = await t.parse(paginated(buyerSchema), '/v1/buyers/?current_page=9999');
    expect(past.data).toEqual([]);
    expect((await t.get('/v1/buyers/?sort=-volume')).status).toBe(422);
    expect((await t.get('/v1/buyers/?is_active_12m=sometimes')).status).toBe(422);
  });
});

/** The buyers (as folded names) of the retirements among `from`. */
function retirementsOfAll(from: CreditTransaction[]): string[] {
  return from.map(buyerOf).filter((b): b is string => b !== null).map(foldCase);
}

describe('GET /v1/buyers/{buyer_name} and analytics', () => {
  it('finds a buyer case-insensitively, including names with quotes, % and backslashes', async () => {
    for (const b of buyers.filter((x) => /["%\\_']/.test(x.buyer_name)).concat(buyers.slice(0, 3))) {
      // Case-insensitive as the service's semantics say: ASCII letters (src/service/README.md, "Strings and sorting").
      const asciiUpper = b.buyer_name.replace(/[a-z]/g, (c) => c.toUpperCase());
      const one = await t.parse(buyerSchema, `/v1/buyers/${encodeURIComponent(asciiUpper)}`);
      expect(one).toEqual(b);
    }
    expect(buyers.some((b) => /["%\\]/.test(b.buyer_name))).toBe(true);
    const r = await t.get('/v1/buyers/Nobody%20At%20All');
    expect(r.status).toBe(404);
    expect((await t.get('/v1/buyers/Nobody%20At%20All/analytics')).status).toBe(404);
  });

  it('answers analytics by vintage, category and month', async () => {
    const b = buyers[0]!;
    const a = await t.parse(buyerAnalyticsSchema, `/v1/buyers/${encodeURIComponent(b.buyer_name)}/analytics`);
    const txs = retirementsOf(b.buyer_name);
    expect(a.summary.total_retirements).toBe(b.total_volume);
    expect(a.summary.total_transactions).toBe(b.total_transactions);
    const withVintage = txs.filter((c) => c.vintage !== null);
    expect(a.summary.avg_vintage).toBeCloseTo(withVintage.reduce((s, c) => s + c.vintage! * c.quantity!, 0) / withVintage.reduce((s, c) => s + c.quantity!, 0), 9);
    expect(a.retirements_by_vintage.map((v) => v.vintage)).toEqual([...new Set(withVintage.map((c) => c.vintage!))].sort());
    expect(a.retirements_by_vintage.reduce((s, v) => s + v.quantity, 0)).toBe(withVintage.reduce((s, c) => s + c.quantity!, 0));
    const months = a.retirements_time_series.map((p) => p.date);
    expect(months).toEqual([...new Set(txs.map((c) => c.transaction_date!.slice(0, 7)))].sort());
    const thisYear = txs.filter((c) => c.transaction_date!.startsWith('2026'));
    expect(Object.values(a.portfolio_by_category.current_year).reduce((s, v) => s + v, 0)).toBe(thisYear.reduce((s, c) => s + c.quantity!, 0));
    const lastYear = txs.filter((c) => c.transaction_date!.startsWith('2025'));
    expect(Object.values(a.portfolio_by_category.previous_year).reduce((s, v) => s + v, 0)).toBe(lastYear.reduce((s, c) => s + c.quantity!, 0));
  });

  it('compares the portfolio year to date with the same period of the previous year', async () => {
    const sameDayLastYear = `2025${TEST_TODAY.slice(4)}`;
    // a buyer who retired both before and after that day of the previous year, so the period matters
    const b = buyers.find((x) => {
      const days = retirementsOf(x.buyer_name).map((c) => c.transaction_date!).filter((d) => d.startsWith('2025'));
      return days.some((d) => d <= sameDayLastYear) && days.some((d) => d > sameDayLastYear);
    })!;
    expect(b).toBeDefined();
    const a = await t.parse(buyerAnalyticsSchema, `/v1/buyers/${encodeURIComponent(b.buyer_name)}/analytics`);
    const byCategory = (txs: CreditTransaction[]) => {
      const sums: Record<string, number> = {};
      for (const c of txs) {
        const category = m.projectById.get(c.projects[0]!.project_id)?.category;
        if (category) sums[category] = (sums[category] ?? 0) + c.quantity!;
      }
      return sums;
    };
    const txs = retirementsOf(b.buyer_name);
    const samePeriod = txs.filter((c) => c.transaction_date! >= '2025-01-01' && c.transaction_date! <= sameDayLastYear);
    const ytd = a.portfolio_by_category.previous_year_to_date!;
    expect(Object.keys(ytd).sort()).toEqual(Object.keys(byCategory(samePeriod)).sort());
    for (const [category, quantity] of Object.entries(byCategory(samePeriod))) expect(ytd[category]).toBeCloseTo(quantity, 6);
    expect(a.portfolio_by_category.as_of).toBe(TEST_TODAY);
    const wholeYear = Object.values(a.portfolio_by_category.previous_year).reduce((s, v) => s + v, 0);
    expect(Object.values(ytd).reduce((s, v) => s + v, 0)).toBeLessThan(wholeYear);
  });
});
