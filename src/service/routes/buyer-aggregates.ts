/**
 * Buyers: retirement transactions grouped by the buyer they name. A retirement names its harmonized
 * beneficiary, or, when it has none, its beneficiary as written (both trimmed; a blank one names
 * nobody); names group ignoring case (the folding rule), so a harmonized and an unharmonized
 * retirement of the same name count once, for one buyer, shown by its harmonized spelling when it
 * has one. Windows: the 12-month window is transaction_date in [today - 365 days, today], the
 * 60-day window [today - 60 days, today], both ends inclusive. Values are raw (unrounded).
 */
import type { Buyer, BuyerAnalytics } from '../../shared/api/resources';
import { samePeriodPreviousYear, type CalendarPeriod } from '../../shared/api/year-to-date';
import { compareCodePoints, compareFolded, foldCase } from '../../shared/case-folding';
import { addDays, daysBetween } from '../calendar';
import type { MarketStore } from '../store/market-store';
import { whereKey, whereSql, type Where } from '../store/sql-filters';

interface BuyerRow {
  buyer_key: string;
  buyer_name: string;
  total_volume: number;
  total_transactions: number;
  unharmonized_transactions: number;
  volume_12m: number;
  transactions_12m: number;
  volume_60d: number;
  transactions_60d: number;
  first_purchase: string | null;
  last_purchase: string | null;
}

/** Retirements matching `filter` with the buyer each names: SQL of rows (quantity, transaction_date, project_id, h, buyer). */
const namedRetirements = (filter: Where): string => `SELECT c.quantity, c.transaction_date, c.project_id, c.vintage,
    clean_text(c.retirement_beneficiary_harmonized) AS h,
    coalesce(clean_text(c.retirement_beneficiary_harmonized), clean_text(c.retirement_beneficiary)) AS buyer
  FROM credits c ${whereSql({ clauses: [...filter.clauses, "fold(c.transaction_type) = 'retirement'"], params: [] })}`;

/** Text ordering of names and labels: folded, then code point order (the buyer's tie-breaker too). */
export const compareText = (a: string, b: string): number => compareFolded(a, b) || compareCodePoints(a, b);

/** The largest by volume; ties go to the label that sorts first (compareText). */
function topByVolume(rows: { buyer_key: string; label: string | null; volume: number }[]): Map<string, string> {
  const best = new Map<string, { label: string; volume: number }>();
  for (const r of rows) {
    if (r.label === null) continue;
    const current = best.get(r.buyer_key);
    if (!current || r.volume > current.volume || (r.volume === current.volume && compareText(r.label, current.label) < 0)) {
      best.set(r.buyer_key, { label: r.label, volume: r.volume });
    }
  }
  return new Map([...best].map(([k, v]) => [k, v.label]));
}

/**
 * Every buyer of the retirements matching `where` (filters on credits `c`), cached per filter and today.
 * `where` must not yet restrict the transaction type; that is added here.
 */
export function aggregateBuyers(market: MarketStore, where: Where, today: string, buyerKey?: string): Buyer[] {
  const key = JSON.stringify(['buyers', whereKey(where), today, buyerKey ?? null]);
  return market.aggregates.getOrCompute(key, () => computeBuyers(market, where, today, buyerKey)) as Buyer[];
}

function computeBuyers(market: MarketStore, filter: Where, today: string, buyerKey?: string): Buyer[] {
  const from12 = addDays(today, -365);
  const from60 = addDays(today, -60);
  // A window holds the retirements whose day is in it (a time of day, where one is given, does not move it out).
  const inWindow = (from: string) => `(date(r.transaction_date) >= '${from}' AND date(r.transaction_date) <= '${today}')`;
  const only = buyerKey === undefined ? '' : 'AND fold(r.buyer) = ?';
  const params = [...filter.params, ...(buyerKey === undefined ? [] : [buyerKey])];
  const named = `SELECT * FROM (${namedRetirements(filter)}) r WHERE r.buyer IS NOT NULL ${only}`;
  const rows = market.all<BuyerRow>(`SELECT fold(r.buyer) AS buyer_key, coalesce(min(r.h), min(r.buyer)) AS buyer_name, total(r.quantity) AS total_volume,
      count(*) AS total_transactions, sum(r.h IS NULL) AS unharmonized_transactions,
      total(CASE WHEN ${inWindow(from12)} THEN r.quantity END) AS volume_12m, sum(CASE WHEN ${inWindow(from12)} THEN 1 ELSE 0 END) AS transactions_12m,
      total(CASE WHEN ${inWindow(from60)} THEN r.quantity END) AS volume_60d, sum(CASE WHEN ${inWindow(from60)} THEN 1 ELSE 0 END) AS transactions_60d,
      min(r.transaction_date) AS first_purchase, max(r.transaction_date) AS last_purchase
    FROM (${named}) r GROUP BY 1`, params);
  const split = market.all<{ buyer_key: string; category: string | null; country: string | null; registry: string | null; volume: number }>(
    `SELECT fold(r.buyer) AS buyer_key, p.category, p.country, p.registry, total(r.quantity) AS volume
     FROM (${named}) r JOIN projects p ON p.project_id = r.project_id
     GROUP BY 1, p.category, p.country, p.registry`, params);
  // Labels group ignoring case; a group shows its smallest spelling (code point order).
  const sumBy = (pick: (r: (typeof split)[number]) => string | null) => {
    const m = new Map<string, { buyer_key: string; label: string | null; volume: number }>();
    for (const r of split) {
      const label = pick(r);
      const k = JSON.stringify([r.buyer_key, label === null ? null : foldCase(label)]);
      const cur = m.get(k);
      if (!cur) m.set(k, { buyer_key: r.buyer_key, label, volume: r.volume });
      else {
        cur.volume += r.volume;
        if (label !== null && cur.label !== null && compareCodePoints(label, cur.label) < 0) cur.label = label;
      }
    }
    return topByVolume([...m.values()]);
  };
  const topCategory = sumBy((r) => r.category);
  const topCountry = sumBy((r) => r.country);
  const topRegistry = sumBy((r) => r.registry);
  return rows.map((r) => buyerFrom(r, today, topCategory.get(r.buyer_key) ?? null, topCountry.get(r.buyer_key) ?? null, topRegistry.get(r.buyer_key) ?? null));
}

function buyerFrom(r: BuyerRow, today: string, topCategory: string | null, topCountry: string | null, topRegistry: string | null): Buyer {
  const years = r.first_purchase && r.last_purchase ? daysBetween(r.first_purchase, r.last_purchase) / 365.25 : 0;
  return {
    buyer_name: r.buyer_name,
    total_volume: r.total_volume,
    volume_12m: r.volume_12m,
    volume_60d: r.volume_60d,
    avg_transaction_size: r.total_volume / r.total_transactions,
    total_transactions: r.total_transactions,
    transactions_12m: r.transactions_12m,
    transactions_60d: r.transactions_60d,
    transactions_per_year: r.total_transactions / Math.max(1, years),
    first_purchase: r.first_purchase,
    last_purchase: r.last_purchase,
    days_since_last: r.last_purchase ? daysBetween(r.last_purchase, today) : null,
    top_category: topCategory,
    top_country: topCountry,
    top_registry: topRegistry,
    is_active_12m: r.transactions_12m > 0,
    is_active_60d: r.transactions_60d > 0,
    unharmonized_transactions: r.unharmonized_transactions,
  };
}

/** One buyer by name ignoring case, over all retirements. */
export function findBuyer(market: MarketStore, name: string, today: string): Buyer | undefined {
  return aggregateBuyers(market, { clauses: [], params: [] }, today, foldCase(name))[0];
}

export function buyerAnalytics(market: MarketStore, buyer: Buyer, today: string): BuyerAnalytics {
  return market.aggregates.getOrCompute(JSON.stringify(['analytics', buyer.buyer_name, today]), () => computeAnalytics(market, buyer, today)) as BuyerAnalytics;
}

function computeAnalytics(market: MarketStore, buyer: Buyer, today: string): BuyerAnalytics {
  const theBuyer = `(${namedRetirements({ clauses: [], params: [] })}) c`;
  const where = 'fold(c.buyer) = ?';
  const name = [foldCase(buyer.buyer_name)];
  const summary = market.get<{ total: number; n: number; weighted: number | null; vq: number }>(
    `SELECT total(c.quantity) AS total, count(*) AS n, sum(CASE WHEN c.vintage IS NOT NULL THEN c.vintage * c.quantity END) AS weighted,
       total(CASE WHEN c.vintage IS NOT NULL THEN c.quantity END) AS vq FROM ${theBuyer} WHERE ${where}`, name)!;
  const byVintage = market.all<{ vintage: number; quantity: number }>(
    `SELECT c.vintage, total(c.quantity) AS quantity FROM ${theBuyer} WHERE ${where} AND c.vintage IS NOT NULL GROUP BY c.vintage ORDER BY c.vintage`, name);
  const year = Number(today.slice(0, 4));
  const portfolioWhere = (inPeriod: string, params: string[]) => {
    const rows = market.all<{ category: string; quantity: number }>(
      `SELECT min(p.category) AS category, total(c.quantity) AS quantity FROM ${theBuyer} JOIN projects p ON p.project_id = c.project_id
       WHERE ${where} AND ${inPeriod} AND p.category IS NOT NULL GROUP BY fold(p.category) ORDER BY fold(p.category)`, [...name, ...params]);
    return Object.fromEntries(rows.map((r) => [r.category, r.quantity]));
  };
  const portfolio = (y: number) => portfolioWhere('substr(c.transaction_date, 1, 4) = ?', [String(y)]);
  const portfolioIn = (period: CalendarPeriod) => portfolioWhere('substr(c.transaction_date, 1, 10) BETWEEN ? AND ?', [period.from, period.to]);
  const series = market.all<{ date: string; quantity: number }>(
    `SELECT substr(c.transaction_date, 1, 7) AS date, total(c.quantity) AS quantity FROM ${theBuyer} WHERE ${where} AND c.transaction_date IS NOT NULL
     GROUP BY 1 ORDER BY 1`, name);
  return {
    buyer_name: buyer.buyer_name,
    summary: { total_retirements: summary.total, avg_vintage: summary.vq > 0 && summary.weighted !== null ? summary.weighted / summary.vq : null, total_transactions: summary.n },
    retirements_by_vintage: byVintage,
    portfolio_by_category: {
      current_year: portfolio(year),
      previous_year: portfolio(year - 1),
      previous_year_to_date: portfolioIn(samePeriodPreviousYear(today)),
      as_of: today,
    },
    retirements_time_series: series,
  };
}
