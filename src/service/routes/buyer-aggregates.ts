/**
 * Buyers: retirement transactions with a harmonized beneficiary, grouped by
 * that name. Windows: the 12-month window is transaction_date in [today - 365 days, today], the
 * 60-day window [today - 60 days, today], both ends inclusive. Values are raw (unrounded).
 */
import type { Buyer, BuyerAnalytics } from '../../shared/api/resources';
import { samePeriodPreviousYear, type CalendarPeriod } from '../../shared/api/year-to-date';
import { compareNoCase, foldNoCase } from '../../shared/nocase';
import { addDays, daysBetween } from '../calendar';
import type { MarketStore } from '../store/market-store';
import { whereKey, whereSql, type Where } from '../store/sql-filters';

interface BuyerRow {
  buyer_name: string;
  total_volume: number;
  total_transactions: number;
  volume_12m: number;
  transactions_12m: number;
  volume_60d: number;
  transactions_60d: number;
  first_purchase: string | null;
  last_purchase: string | null;
}

/** The largest by volume; ties go to the name that sorts first (compareText). */
function topByVolume(rows: { buyer_name: string; label: string | null; volume: number }[]): Map<string, string> {
  const best = new Map<string, { label: string; volume: number }>();
  for (const r of rows) {
    if (r.label === null) continue;
    const current = best.get(r.buyer_name);
    if (!current || r.volume > current.volume || (r.volume === current.volume && compareText(r.label, current.label) < 0)) {
      best.set(r.buyer_name, { label: r.label, volume: r.volume });
    }
  }
  return new Map([...best].map(([k, v]) => [k, v.label]));
}

/** Case-insensitive comparison as SQLite's NOCASE (ASCII folding, then code point order: ../../shared/nocase.ts). */
export const compareText = compareNoCase;

/**
 * Every buyer of the retirements matching `where` (filters on credits `c`), cached per filter and today.
 * `where` must not yet restrict the transaction type; that is added here.
 */
export function aggregateBuyers(market: MarketStore, where: Where, today: string): Buyer[] {
  const key = JSON.stringify(['buyers', whereKey(where), today]);
  return market.aggregates.getOrCompute(key, () => computeBuyers(market, where, today)) as Buyer[];
}

function computeBuyers(market: MarketStore, filter: Where, today: string): Buyer[] {
  const where: Where = { clauses: [...filter.clauses, "c.transaction_type = 'retirement'", 'c.retirement_beneficiary_harmonized IS NOT NULL'], params: [...filter.params] };
  const from12 = addDays(today, -365);
  const from60 = addDays(today, -60);
  const inWindow = (from: string) => `(c.transaction_date >= '${from}' AND c.transaction_date <= '${today}')`;
  const rows = market.all<BuyerRow>(`SELECT c.retirement_beneficiary_harmonized AS buyer_name, total(c.quantity) AS total_volume, count(*) AS total_transactions,
      total(CASE WHEN ${inWindow(from12)} THEN c.quantity END) AS volume_12m, sum(CASE WHEN ${inWindow(from12)} THEN 1 ELSE 0 END) AS transactions_12m,
      total(CASE WHEN ${inWindow(from60)} THEN c.quantity END) AS volume_60d, sum(CASE WHEN ${inWindow(from60)} THEN 1 ELSE 0 END) AS transactions_60d,
      min(c.transaction_date) AS first_purchase, max(c.transaction_date) AS last_purchase
    FROM credits c ${whereSql(where)} GROUP BY c.retirement_beneficiary_harmonized`, where.params);
  const split = market.all<{ buyer_name: string; category: string | null; country: string | null; registry: string | null; volume: number }>(
    `SELECT c.retirement_beneficiary_harmonized AS buyer_name, p.category, p.country, p.registry, total(c.quantity) AS volume
     FROM credits c JOIN projects p ON p.project_id = c.project_id ${whereSql(where)}
     GROUP BY c.retirement_beneficiary_harmonized, p.category, p.country, p.registry`, where.params);
  const sumBy = (pick: (r: (typeof split)[number]) => string | null) => {
    const m = new Map<string, { buyer_name: string; label: string | null; volume: number }>();
    for (const r of split) {
      const label = pick(r);
      const k = JSON.stringify([r.buyer_name, label]);
      const cur = m.get(k);
      if (cur) cur.volume += r.volume;
      else m.set(k, { buyer_name: r.buyer_name, label, volume: r.volume });
    }
    return topByVolume([...m.values()]);
  };
  const topCategory = sumBy((r) => r.category);
  const topCountry = sumBy((r) => r.country);
  const topRegistry = sumBy((r) => r.registry);
  return rows.map((r) => buyerFrom(r, today, topCategory.get(r.buyer_name) ?? null, topCountry.get(r.buyer_name) ?? null, topRegistry.get(r.buyer_name) ?? null));
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
  };
}

/** One buyer by case-insensitive harmonized name, over all retirements. */
export function findBuyer(market: MarketStore, name: string, today: string): Buyer | undefined {
  const where: Where = { clauses: ['c.retirement_beneficiary_harmonized = ?'], params: [foldNoCase(name)] };
  return aggregateBuyers(market, where, today)[0];
}

export function buyerAnalytics(market: MarketStore, buyer: Buyer, today: string): BuyerAnalytics {
  return market.aggregates.getOrCompute(JSON.stringify(['analytics', buyer.buyer_name, today]), () => computeAnalytics(market, buyer, today)) as BuyerAnalytics;
}

function computeAnalytics(market: MarketStore, buyer: Buyer, today: string): BuyerAnalytics {
  const where = "c.transaction_type = 'retirement' AND c.retirement_beneficiary_harmonized = ?";
  const name = [buyer.buyer_name];
  const summary = market.get<{ total: number; n: number; weighted: number | null; vq: number }>(
    `SELECT total(c.quantity) AS total, count(*) AS n, sum(CASE WHEN c.vintage IS NOT NULL THEN c.vintage * c.quantity END) AS weighted,
       total(CASE WHEN c.vintage IS NOT NULL THEN c.quantity END) AS vq FROM credits c WHERE ${where}`, name)!;
  const byVintage = market.all<{ vintage: number; quantity: number }>(
    `SELECT c.vintage, total(c.quantity) AS quantity FROM credits c WHERE ${where} AND c.vintage IS NOT NULL GROUP BY c.vintage ORDER BY c.vintage`, name);
  const year = Number(today.slice(0, 4));
  const portfolioWhere = (inPeriod: string, params: string[]) => {
    const rows = market.all<{ category: string; quantity: number }>(
      `SELECT p.category, total(c.quantity) AS quantity FROM credits c JOIN projects p ON p.project_id = c.project_id
       WHERE ${where} AND ${inPeriod} AND p.category IS NOT NULL GROUP BY p.category ORDER BY p.category`, [...name, ...params]);
    return Object.fromEntries(rows.map((r) => [r.category, r.quantity]));
  };
  const portfolio = (y: number) => portfolioWhere('substr(c.transaction_date, 1, 4) = ?', [String(y)]);
  const portfolioIn = (period: CalendarPeriod) => portfolioWhere('substr(c.transaction_date, 1, 10) BETWEEN ? AND ?', [period.from, period.to]);
  const series = market.all<{ date: string; quantity: number }>(
    `SELECT substr(c.transaction_date, 1, 7) AS date, total(c.quantity) AS quantity FROM credits c WHERE ${where} AND c.transaction_date IS NOT NULL
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
