/**
 * buyers.list / buyers.get / buyers.analytics from the cache (as GET /v1/buyers/...).
 * A buyer is a retirement_beneficiary_harmonized value (matched case-insensitively) over retirement
 * transactions; groups P and C narrow the transactions before aggregation, the buyer filters
 * narrow the buyers after it. Unfiltered lists read the all-time rollup `agg_buyers` (kept by
 * refreshAggregates) plus the 12-month window of retirements; filtered lists aggregate directly.
 */
import type Database from 'better-sqlite3';
import { memoAnswer, memoSlot, statement } from './query-memo';
import { BUYER_SORT_FIELDS, DEFAULT_SORT, buyerFilterParams, parseSort, type BuyerListQuery, type SortKey } from '../../shared/api/params';
import type { Buyer, BuyerAnalytics, Page } from '../../shared/api/resources';
import { samePeriodPreviousYear, type CalendarPeriod } from '../../shared/api/year-to-date';
import { ContractError } from '../../shared/errors';
import { compareBinary, compareNoCase } from '../../shared/nocase';
import { buyerKey, toBuyer, type BuyerSums, type BuyerTops } from './buyer-metrics';
import { firstInOrder } from './first-in-order';
import { buyersOfRows, creditColumns, rowFilter, type BuyersOfRows } from './credit-columns';
import { creditWhereIn, hasCreditFilters } from './credit-filters';
import { marketToday, shiftDays } from './market-calendar';
import { pageEnvelope, pageRequest } from './page-envelope';
import { hasProjectFilters, parentProjectWhere } from './project-filters';
import { rollupFresh, rollupWindowDay } from './rollup-state';
import { matchAnyExact } from './text-match';
import { addClause, mergeWhere, newWhere, whereSql, type SqlWhere } from './sql-where';

const HARMONIZED = 'c.retirement_beneficiary_harmonized';

/** SQL sums of the 12-month and 60-day windows ending `today` (a validated date) over credits `c`. */
export const windowSumsSql = (today: string): string => {
  const from12 = shiftDays(today, -365);
  const from60 = shiftDays(today, -60);
  const in12 = `(c.transaction_date >= '${from12}' AND c.transaction_date <= '${today}')`;
  const in60 = `(c.transaction_date >= '${from60}' AND c.transaction_date <= '${today}')`;
  return `total(CASE WHEN ${in12} THEN c.quantity ELSE 0 END) AS volume_12m, sum(CASE WHEN ${in12} THEN 1 ELSE 0 END) AS transactions_12m,
    total(CASE WHEN ${in60} THEN c.quantity ELSE 0 END) AS volume_60d, sum(CASE WHEN ${in60} THEN 1 ELSE 0 END) AS transactions_60d`;
};

/**
 * Retirements with a harmonized buyer name, narrowed by `filter` (on credit transactions `c`).
 * `byProject`: the filter selects parent projects, so the transaction-type term is kept away from
 * the planner's index choice (unary +) and the transactions are read project by project.
 */
function retirementWhere(filter: SqlWhere, byProject = false): SqlWhere {
  const w = newWhere();
  w.clauses.push(...filter.clauses, `${byProject ? '+' : ''}c.transaction_type = 'retirement'`, `${HARMONIZED} IS NOT NULL`);
  w.params.push(...filter.params);
  return w;
}

export interface BuyerProjectRow extends BuyerSums {
  /** lower(buyer_name): SQLite's ASCII folding, the same as buyerKey. */
  buyer_key: string;
  project_id: string | null;
  category: string | null;
  country: string | null;
  registry: string | null;
  has_project: number;
}


/**
 * Every buyer of the retirements matching `filter`, aggregated now in one statement: sums per
 * (buyer, project) from the transactions, then per buyer (foldBuyerPairs).
 */
export function aggregateBuyers(db: Database.Database, filter: SqlWhere, today: string, byProject = false): Buyer[] {
  return foldBuyerPairs(db, transactionPairsSql(filter, today, byProject), today);
}

/** Every buyer of every retirement in `table` (a transactions table, as SQL), for a rollup's rebuild. */
export const aggregateAllBuyers = (db: Database.Database, table: string, today: string): Buyer[] =>
  foldBuyerPairs(db, transactionPairsSql(newWhere(), today, false, table), today);

/**
 * The SQL of transactionPairs (its rows, and the parameters they need). `wholeTable`: the table (as
 * SQL) whose every retirement is summed (a rollup's rebuild), so it is read in its own order and sorted once,
 * faster than walking an index and looking up each row (1.8 s instead of 2.6 s at the default market);
 * and the pairs come out grouped by project, then buyer: the order of agg_buyer_projects' key, so the
 * rollup is written by appending (0.7 s instead of 1.8 s, where buyer-first order inserted each pair at
 * a random place). A pair's name is the smallest of its buyer's names there (binary order), as
 * everywhere a buyer is shown (a bare column of the group would be any of them). A rebuild streams
 * its pairs rather than materializing them first: a table SQLite makes for them keeps up to 16 MB of
 * pages in memory (its default page cache), as fast either way.
 */
export function transactionPairsSql(filter: SqlWhere, today: string, byProject = false, wholeTable?: string): { sql: string; params: unknown[] } {
  const where = retirementWhere(filter, byProject);
  return {
    sql: `WITH r AS ${wholeTable ? 'NOT MATERIALIZED' : 'MATERIALIZED'} (
        SELECT min(${HARMONIZED}) AS buyer_name, c.project_id AS project_id, total(c.quantity) AS total_volume, count(*) AS total_transactions,
          ${windowSumsSql(today)}, min(c.transaction_date) AS first_purchase, max(c.transaction_date) AS last_purchase
        FROM ${wholeTable ? `${wholeTable} c NOT INDEXED` : 'credit_transactions c'} ${whereSql(where)} GROUP BY ${wholeTable ? `c.project_id, ${HARMONIZED} COLLATE NOCASE` : `${HARMONIZED} COLLATE NOCASE, c.project_id`})
      SELECT r.*, lower(r.buyer_name) AS buyer_key, p.category AS category, p.country AS country, p.registry AS registry,
        p.project_id IS NOT NULL AS has_project
      FROM r LEFT JOIN projects p ON p.project_id = r.project_id`,
    params: where.params,
  };
}


/** The rollup's (buyer, project) pairs whose project matches group P and the project ids: a filter on `r.project_id`. */
function pairRollupWhere(q: Partial<BuyerListQuery>): SqlWhere {
  const w = newWhere();
  matchAnyExact(w, 'r.project_id', q.project_id);
  mergeWhere(w, parentProjectWhere({ ...q, search: undefined }, 'r.project_id'));
  return w;
}

/** The (buyer, project) rollup's pairs matching `pairs` (a filter on `r.project_id`), as transactionPairsSql's rows. */
function rollupPairsSql(pairs: SqlWhere): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT r.*, p.category AS category, p.country AS country, p.registry AS registry, p.project_id IS NOT NULL AS has_project
      FROM agg_buyer_projects r LEFT JOIN projects p ON p.project_id = r.project_id ${whereSql(pairs)}`,
    params: pairs.params,
  };
}

/** The buyers of the (buyer, project) rollup's pairs matching `pairs` (a filter on `r.project_id`). */
export const foldPairRollup = (db: Database.Database, pairs: SqlWhere, today: string): Buyer[] => foldBuyerPairs(db, rollupPairsSql(pairs), today, false);

/**
 * The label of a pair column with the largest volume per buyer (ties: the label that sorts first,
 * ignoring case), over pairs with a cached project. Materialized as it is defined, one row per buyer:
 * otherwise SQLite kept every (buyer, label) group with its rank and filtered the ranks at the join.
 */
const topSql = (column: 'category' | 'country' | 'registry') => `top_${column} AS MATERIALIZED (
    SELECT buyer_key, label FROM (
      SELECT buyer_key, min(${column}) AS label,
        row_number() OVER (PARTITION BY buyer_key ORDER BY total(total_volume) DESC, ${column} COLLATE NOCASE) AS rank
      FROM pairs WHERE has_project AND ${column} IS NOT NULL GROUP BY buyer_key, ${column} COLLATE NOCASE)
    WHERE rank = 1)`;

/**
 * Buyers from (buyer, project) sums (`pairs`: SQL whose rows are BuyerProjectRow), folded in ONE
 * statement: totals and windows added up per buyer, first and last purchase the extremes, the top
 * category, country and registry by volume from the pairs whose project is cached (the others count
 * in the totals only). The pairs never cross into JavaScript, only the buyers do.
 */
function foldBuyerPairs(db: Database.Database, pairs: { sql: string; params: unknown[] }, today: string, materialize = true): Buyer[] {
  // Pairs summed from transactions are computed once and kept; the rollup's are read where they lie
  // by each part (a copy of a market's worth of them would be held in memory).
  const rows = statement(db, `WITH pairs AS ${materialize ? 'MATERIALIZED' : 'NOT MATERIALIZED'} (SELECT * FROM (${pairs.sql})),
      sums AS (SELECT buyer_key, min(buyer_name) AS buyer_name, total(total_volume) AS total_volume, sum(total_transactions) AS total_transactions,
        min(first_purchase) AS first_purchase, max(last_purchase) AS last_purchase, total(volume_12m) AS volume_12m,
        sum(transactions_12m) AS transactions_12m, total(volume_60d) AS volume_60d, sum(transactions_60d) AS transactions_60d
        FROM pairs GROUP BY buyer_key),
      ${topSql('category')}, ${topSql('country')}, ${topSql('registry')}
    SELECT sums.*, top_category.label AS top_category, top_country.label AS top_country, top_registry.label AS top_registry
    FROM sums LEFT JOIN top_category USING (buyer_key) LEFT JOIN top_country USING (buyer_key) LEFT JOIN top_registry USING (buyer_key)`)
    .all(...pairs.params) as Array<BuyerSums & BuyerTops>;
  return rows.map((r) => toBuyer(r, r, today));
}

/** The buyers of pairs read from the rollup, when it holds today's windows and only projects narrow the list. */
function buyersFromPairRollup(db: Database.Database, q: BuyerListQuery, today: string): Buyer[] | null {
  if (hasCreditFilters({ ...q, project_id: undefined }) || !rollupFresh(db, 'buyer_projects') || rollupWindowDay(db, 'buyer_projects') !== today) return null;
  return foldPairRollup(db, pairRollupWhere(q), today);
}

/** The inputs that decide which retirements a buyer list aggregates (not the buyer filters, the sort or the page). */
function transactionFilterKey(q: BuyerListQuery): Record<string, unknown> {
  const skip = new Set<string>([...Object.keys(buyerFilterParams), 'sort', 'current_page', 'per_page']);
  return Object.fromEntries(Object.entries(q).filter(([k, v]) => !skip.has(k) && v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The buyers of the retirements `q` selects, from the reader's columnar copy of the transactions (null when it does not answer). */
function buyersFromColumns(db: Database.Database, q: BuyerListQuery, today: string): BuyersOfRows | null {
  const columns = creditColumns(db);
  const filter = columns && rowFilter(db, columns, { ...q, search: undefined }, false);
  return filter ? buyersOfRows(columns, filter, today, shiftDays(today, -365), shiftDays(today, -60)) : null;
}

/** Every buyer over all retirements, from the rollup (its windows recomputed when today is not the day it was built). */
function buyersFromRollup(db: Database.Database, today: string): Buyer[] {
  const rows = statement(db, 'SELECT * FROM agg_buyers').all() as Array<BuyerSums & BuyerTops & { buyer_key: string; window_today: string | null }>;
  const stale = rows.some((r) => r.window_today !== today);
  const window = stale ? recentWindows(db, today) : new Map(rows.map((r) => [r.buyer_key, r]));
  return rows.map((r) => {
    const w = window.get(r.buyer_key);
    const sums: BuyerSums = {
      buyer_name: r.buyer_name, total_volume: r.total_volume, total_transactions: r.total_transactions,
      volume_12m: w?.volume_12m ?? 0, transactions_12m: w?.transactions_12m ?? 0, volume_60d: w?.volume_60d ?? 0,
      transactions_60d: w?.transactions_60d ?? 0, first_purchase: r.first_purchase, last_purchase: r.last_purchase,
    };
    return toBuyer(sums, { top_category: r.top_category, top_country: r.top_country, top_registry: r.top_registry }, today);
  });
}

type WindowSums = Pick<BuyerSums, 'buyer_name' | 'volume_12m' | 'transactions_12m' | 'volume_60d' | 'transactions_60d'>;

/** Every buyer's 12-month and 60-day sums ending `today`, from the retirements of the last 365 days. */
function recentWindows(db: Database.Database, today: string): Map<string, WindowSums> {
  const from = shiftDays(today, -365);
  const recent = statement(db, `SELECT ${HARMONIZED} AS buyer_name, ${windowSumsSql(today)} FROM credit_transactions c
      WHERE c.transaction_type = 'retirement' AND c.transaction_date >= ? AND c.transaction_date <= ? AND ${HARMONIZED} IS NOT NULL
      GROUP BY ${HARMONIZED} COLLATE NOCASE`)
    .all(from, today) as WindowSums[];
  return new Map(recent.map((r) => [buyerKey(r.buyer_name), r]));
}

function matchesBuyerFilters(b: Buyer, q: BuyerListQuery): boolean {
  const within = (v: number, min?: number, max?: number) => (min === undefined || v >= min) && (max === undefined || v <= max);
  if (q.search && !b.buyer_name.toLowerCase().includes(q.search.toLowerCase())) return false;
  return (
    within(b.total_volume, q.total_volume_min, q.total_volume_max) &&
    within(b.volume_12m, q.volume_12m_min, q.volume_12m_max) &&
    within(b.avg_transaction_size, q.avg_transaction_size_min, q.avg_transaction_size_max) &&
    within(b.total_transactions, q.total_transactions_min, q.total_transactions_max) &&
    (q.is_active_12m === undefined || b.is_active_12m === q.is_active_12m) &&
    (q.is_active_60d === undefined || b.is_active_60d === q.is_active_60d)
  );
}

/** Sort keys in order; nulls last both ways; strings case-insensitive; the buyer name last (as SQLite orders text). */
export function compareBuyers(keys: readonly SortKey[]): (a: Buyer, b: Buyer) => number {
  return (a, b) => {
    for (const k of keys) {
      const va = a[k.field as keyof Buyer] as string | number | boolean | null;
      const vb = b[k.field as keyof Buyer] as string | number | boolean | null;
      if (va === vb) continue;
      if (va === null) return 1;
      if (vb === null) return -1;
      const c = typeof va === 'string' && typeof vb === 'string' ? compareNoCase(va, vb) : va < vb ? -1 : va > vb ? 1 : 0;
      if (c !== 0) return k.descending ? -c : c;
    }
    return compareNoCase(a.buyer_name, b.buyer_name) || compareBinary(a.buyer_name, b.buyer_name);
  };
}

/** Whether the all-time rollup answers (no filter narrows the transactions). */
export const buyerRollupAnswers = (q: BuyerListQuery): boolean => !hasProjectFilters({ ...q, search: undefined }) && !hasCreditFilters(q);

/**
 * `rollup: false`: aggregate the transactions in SQL (no rollup, no columnar copy); `columns: false`:
 * no columnar copy (the rollups where they answer).
 */
export function listBuyers(db: Database.Database, q: BuyerListQuery, options: { rollup?: boolean; columns?: boolean } = {}): Page<Buyer> {
  const today = marketToday();
  let keys: SortKey[];
  try {
    keys = parseSort(q.sort, BUYER_SORT_FIELDS, DEFAULT_SORT.buyers);
  } catch (err) {
    throw new ContractError('invalid_input', `Invalid input: sort: ${(err as Error).message}`);
  }
  const useRollup = (options.rollup ?? true) && buyerRollupAnswers(q) && rollupFresh(db, 'buyers');
  // The buyer `search` narrows buyer names; it is not the project search here.
  const transactionFilters = { ...q, search: undefined };
  const byProject = hasProjectFilters(transactionFilters) || Boolean(q.project_id?.length);
  // Every buyer of the filter, remembered until the data changes: paging and re-sorting reuse it.
  const columns = !useRollup && (options.rollup ?? true) && (options.columns ?? true)
    ? memoAnswer(db, ['buyers:columns', today, transactionFilterKey(q)], () => buyersFromColumns(db, q, today))
    : null;
  const all = useRollup
    ? memoSlot(db, 'buyers', today, () => buyersFromRollup(db, today))
    : columns?.buyers ?? (() => {
        const where = creditWhereIn(db, transactionFilters);
        return memoAnswer(db, ['buyers', today, where.clauses, where.params, byProject], () =>
          ((options.rollup ?? true) ? buyersFromPairRollup(db, q, today) : null) ?? aggregateBuyers(db, where, today, byProject));
      })();
  const listed = Object.keys(buyerFilterParams).some((k) => q[k as keyof BuyerListQuery] !== undefined) ? all.filter((b) => matchesBuyerFilters(b, q)) : all;
  const req = pageRequest(q);
  const page = firstInOrder(listed, compareBuyers(keys), req.offset + req.perPage).slice(req.offset);
  return pageEnvelope('/v1/buyers/', q, req, listed.length, columns ? columns.withTops(page) : page);
}

function oneBuyer(db: Database.Database, name: string): Buyer {
  const w = newWhere();
  addClause(w, `${HARMONIZED} = ? COLLATE NOCASE`, name);
  const buyer = aggregateBuyers(db, w, marketToday())[0];
  if (!buyer) throw new ContractError('not_found', `Buyer '${name}' has no retirement transactions in the cache`);
  return buyer;
}

export function getBuyer(db: Database.Database, args: { buyer_name: string }): Buyer {
  return oneBuyer(db, args.buyer_name);
}

export function buyerAnalytics(db: Database.Database, args: { buyer_name: string }): BuyerAnalytics {
  const buyer = oneBuyer(db, args.buyer_name);
  const today = marketToday();
  const where = `c.transaction_type = 'retirement' AND ${HARMONIZED} = ? COLLATE NOCASE`;
  const name = args.buyer_name;
  const summary = statement(db, `SELECT total(c.quantity) AS total, count(*) AS n,
        total(CASE WHEN c.vintage IS NOT NULL THEN c.vintage * c.quantity END) AS weighted,
        total(CASE WHEN c.vintage IS NOT NULL THEN c.quantity ELSE 0 END) AS vintage_quantity
      FROM credit_transactions c WHERE ${where}`)
    .get(name) as { total: number; n: number; weighted: number | null; vintage_quantity: number };
  const byVintage = statement(db, `SELECT c.vintage AS vintage, total(c.quantity) AS quantity FROM credit_transactions c
      WHERE ${where} AND c.vintage IS NOT NULL GROUP BY c.vintage ORDER BY c.vintage`)
    .all(name) as Array<{ vintage: number; quantity: number }>;
  const year = Number(today.slice(0, 4));
  const portfolioWhere = (inPeriod: string, params: string[]): Record<string, number> => {
    const rows = statement(db, `SELECT p.category AS category, total(c.quantity) AS quantity FROM credit_transactions c
        JOIN projects p ON p.project_id = c.project_id
        WHERE ${where} AND ${inPeriod} AND p.category IS NOT NULL
        GROUP BY p.category COLLATE NOCASE ORDER BY p.category COLLATE NOCASE`)
      .all(name, ...params) as Array<{ category: string; quantity: number }>;
    return Object.fromEntries(rows.map((r) => [r.category, r.quantity]));
  };
  const portfolio = (y: number) => portfolioWhere('substr(c.transaction_date, 1, 4) = ?', [String(y)]);
  const portfolioIn = (period: CalendarPeriod) => portfolioWhere('substr(c.transaction_date, 1, 10) BETWEEN ? AND ?', [period.from, period.to]);
  const series = statement(db, `SELECT substr(c.transaction_date, 1, 7) AS date, total(c.quantity) AS quantity FROM credit_transactions c
      WHERE ${where} AND c.transaction_date IS NOT NULL GROUP BY 1 ORDER BY 1`)
    .all(name) as Array<{ date: string; quantity: number }>;
  return {
    buyer_name: buyer.buyer_name,
    summary: {
      total_retirements: summary.total,
      avg_vintage: summary.vintage_quantity > 0 && summary.weighted !== null ? summary.weighted / summary.vintage_quantity : null,
      total_transactions: summary.n,
    },
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
