/**
 * buyers.list / buyers.get / buyers.analytics from the read model (as GET /v1/buyers/...).
 * A buyer is what a retirement names: its harmonized beneficiary, or, without one, its beneficiary
 * as written (trimmed); names group ignoring case, so a harmonized and an unharmonized retirement of
 * one name count once, for one buyer, shown by its smallest harmonized spelling when it has one.
 * Groups P and C narrow the retirements before aggregation, the buyer filters narrow the buyers
 * after it; sorting and paging happen in SQL, and the page's top category, country and registry are
 * summed for the page's buyers only.
 */
import { BUYER_SORT_FIELDS, DEFAULT_SORT, parseSort, type BuyerListQuery, type SortKey } from '../../shared/api/params';
import type { Buyer, BuyerAnalytics, Page } from '../../shared/api/resources';
import { samePeriodPreviousYear, type CalendarPeriod } from '../../shared/api/year-to-date';
import { foldCase } from '../../shared/case-folding';
import { ContractError } from '../../shared/errors';
import { toBuyer, type BuyerSums, type BuyerTops } from './buyer-metrics';
import { creditWhere, type CreditFilters } from './credit-filters';
import { keysContain } from './project-filters';
import { marketToday, shiftDays } from './market-calendar';
import { pageEnvelope, pageRequest } from './page-envelope';
import type { ReadEngine, ReadContext } from './read-engine';
import { addClause, newWhere, whereSql, type SqlWhere } from './sql-where';

interface BuyerRow extends Omit<BuyerSums, 'buyer_name'> {
  buyer_key: string;
  buyer_ref: string | number;
}

/**
 * SQL of every buyer of the retirements matching `filter` (on read_credits `c`), one row per buyer
 * with its key, and its parameters. The 12-month and 60-day windows hold the retirements whose day
 * is in them.
 */
function buyerSumsSql(engine: ReadEngine, filter: SqlWhere, today: string): { sql: string; params: unknown[] } {
  const d = engine.dialect;
  const inWindow = `(c.transaction_date_day >= ${d.dayParam()} AND c.transaction_date_day <= ${d.dayParam()})`;
  const from12 = shiftDays(today, -365);
  const from60 = shiftDays(today, -60);
  return {
    sql: `SELECT s.*, ${d.refValue('buyer', 's.buyer_ref')} AS buyer_key FROM (
      SELECT c.buyer_ref AS buyer_ref, ${d.total('c.quantity')} AS total_volume, count(*) AS total_transactions, sum(1 - c.buyer_harmonized) AS unharmonized_transactions,
        ${d.total(`CASE WHEN ${inWindow} THEN c.quantity ELSE 0 END`)} AS volume_12m, sum(CASE WHEN ${inWindow} THEN 1 ELSE 0 END) AS transactions_12m,
        ${d.total(`CASE WHEN ${inWindow} THEN c.quantity ELSE 0 END`)} AS volume_60d, sum(CASE WHEN ${inWindow} THEN 1 ELSE 0 END) AS transactions_60d,
        min(c.transaction_date) AS first_purchase, max(c.transaction_date) AS last_purchase
      FROM read_credits c ${whereSql({ clauses: [...filter.clauses, 'c.buyer_ref IS NOT NULL'], params: [] })}
      GROUP BY c.buyer_ref) s`,
    params: [from12, today, from12, today, from60, today, from60, today, ...filter.params],
  };
}

/** The buyer fields as SQL over a buyer row `b` (sorting and filtering by what toBuyer computes, the same arithmetic). */
function buyerFieldSql(engine: ReadEngine, field: string): string {
  const d = engine.dialect;
  switch (field) {
    case 'avg_transaction_size':
      return '(b.total_volume / b.total_transactions)';
    case 'transactions_per_year':
      return `(b.total_transactions / ${d.greatest('1.0', `coalesce(${d.daysBetween('b.first_purchase', 'b.last_purchase')}, 0) / 365.25`)})`;
    case 'days_since_last':
      return d.daysBetween('b.last_purchase', '?today');
    case 'buyer_name':
      return 'b.buyer_key';
    default:
      return `b.${field}`;
  }
}

/** The buyer filters (after aggregation) on buyer rows `b`. */
function buyerFilterWhere(engine: ReadEngine, q: Partial<BuyerListQuery>): SqlWhere {
  const w = newWhere();
  const within = (sql: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) addClause(w, `${sql} >= ?`, min);
    if (max !== undefined) addClause(w, `${sql} <= ?`, max);
  };
  keysContain(engine.dialect, w, ['b.buyer_key'], q.search);
  within('b.total_volume', q.total_volume_min, q.total_volume_max);
  within('b.volume_12m', q.volume_12m_min, q.volume_12m_max);
  within(buyerFieldSql(engine, 'avg_transaction_size'), q.avg_transaction_size_min, q.avg_transaction_size_max);
  within('b.total_transactions', q.total_transactions_min, q.total_transactions_max);
  if (q.is_active_12m !== undefined) addClause(w, `(b.transactions_12m > 0) = ?`, q.is_active_12m);
  if (q.is_active_60d !== undefined) addClause(w, `(b.transactions_60d > 0) = ?`, q.is_active_60d);
  return w;
}

/** ORDER BY of buyer rows `b`: the keys in order, nulls last, the name (ignoring case) last. */
function buyerOrder(engine: ReadEngine, keys: readonly SortKey[]): string {
  // A buyer's key is its name folded, unique among buyers: the last tie-breaker.
  const terms = keys.map((k) => `${buyerFieldSql(engine, k.field)} ${k.descending ? 'DESC' : 'ASC'} NULLS LAST`);
  return `ORDER BY ${[...terms, 'b.buyer_key ASC'].join(', ')}`;
}

/** Binds `?today` (a named place in the SQL of days_since_last) as a positional parameter, in order. */
function withToday(sql: string, params: readonly unknown[], today: string): { sql: string; params: unknown[] } {
  const out: unknown[] = [];
  let i = 0;
  const text = sql.replace(/\?today|\?/g, (m) => {
    out.push(m === '?today' ? today : params[i++]);
    return '?';
  });
  return { sql: text, params: out };
}

/** What a page shows of each of its buyers beside the sums: the name, and the top category, country and registry. */
type BuyerDetails = BuyerTops & { buyer_name: string };

/**
 * The names and the top category, country and registry of `buyerKeys` over the retirements matching
 * `filter`, in one statement that answers one row per buyer: its smallest harmonized spelling when it
 * has one, else its smallest name as written; per dimension the label with the largest volume over
 * the retirements whose project is cached, ties to the smaller folded label, then the smaller label.
 * The retirements are summed per buyer and project first, and the dimensions read from those sums.
 */
async function buyerDetails(engine: ReadEngine, filter: SqlWhere, buyers: ReadonlyArray<Pick<BuyerRow, 'buyer_ref' | 'buyer_key'>>): Promise<Map<string, BuyerDetails>> {
  const out = new Map<string, BuyerDetails>();
  if (!buyers.length) return out;
  const d = engine.dialect;
  const where = whereSql({ clauses: [...filter.clauses, d.inRefList('c.buyer_ref')], params: [] });
  const top = (dimension: Dimension) => `top_${dimension} AS (
      SELECT buyer_ref, label FROM (
        SELECT buyer_ref, label, row_number() OVER (PARTITION BY buyer_ref ORDER BY volume DESC, key, label) AS rank FROM (
          SELECT g.buyer_ref AS buyer_ref, p.${dimension}_key AS key, min(p.${dimension}) AS label, ${d.total('g.quantity')} AS volume
          FROM g JOIN read_projects p ON p.project_ref = g.project_ref WHERE p.${dimension} IS NOT NULL GROUP BY 1, 2) s) t
      WHERE rank = 1)`;
  const rows = await engine.all<BuyerDetails & { buyer_key: string }>(
    `WITH g AS MATERIALIZED (
        SELECT c.buyer_ref, c.project_ref, min(CASE WHEN c.buyer_harmonized = 1 THEN c.buyer_name END) AS harmonized_name, min(c.buyer_name) AS name,
          ${d.total('c.quantity')} AS quantity
        FROM read_credits c ${where} GROUP BY c.buyer_ref, c.project_ref),
      names AS (SELECT buyer_ref, coalesce(min(harmonized_name), min(name)) AS buyer_name FROM g GROUP BY buyer_ref),
      ${top('category')}, ${top('country')}, ${top('registry')}
    SELECT ${d.refValue('buyer', 'names.buyer_ref')} AS buyer_key, names.buyer_name, top_category.label AS top_category, top_country.label AS top_country, top_registry.label AS top_registry
    FROM names LEFT JOIN top_category USING (buyer_ref) LEFT JOIN top_country USING (buyer_ref) LEFT JOIN top_registry USING (buyer_ref)`,
    [...filter.params, buyers.map((b) => b.buyer_ref)]);
  for (const r of rows) out.set(r.buyer_key, { buyer_name: r.buyer_name, top_category: r.top_category, top_country: r.top_country, top_registry: r.top_registry });
  return out;
}

type Dimension = 'category' | 'country' | 'registry';

const buyerOf = (row: BuyerRow, details: BuyerDetails, today: string): Buyer => toBuyer({ ...row, buyer_name: details.buyer_name }, details, today);

function sortKeys(q: BuyerListQuery): SortKey[] {
  try {
    return parseSort(q.sort, BUYER_SORT_FIELDS, DEFAULT_SORT.buyers);
  } catch (err) {
    throw new ContractError('invalid_input', `Invalid input: sort: ${(err as Error).message}`);
  }
}

/** The retirements a buyer list aggregates: its project and credit filters (the buyer `search` narrows buyer names, not projects). */
const transactionFilters = (q: Partial<BuyerListQuery>): CreditFilters => ({ ...q, search: undefined });

export async function listBuyers(ctx: ReadContext, q: BuyerListQuery): Promise<Page<Buyer>> {
  const today = marketToday();
  const keys = sortKeys(q);
  const req = pageRequest(q);
  const engine = await ctx.engine();
  const filter = creditWhere(engine.dialect, transactionFilters(q));
  const sums = buyerSumsSql(engine, filter, today);
  const buyerFilter = buyerFilterWhere(engine, q);
  const { sql, params } = withToday(
    `WITH b AS (${sums.sql}) SELECT b.*, count(*) OVER () AS listed FROM b ${whereSql(buyerFilter)} ${buyerOrder(engine, keys)} LIMIT ? OFFSET ?`,
    [...sums.params, ...buyerFilter.params, req.perPage, req.offset],
    today,
  );
  let rows = await engine.all<BuyerRow & { listed: number }>(sql, params);
  let total = rows[0]?.listed ?? 0;
  if (!rows.length && req.offset > 0) {
    const [count] = await engine.all<{ n: number }>(`WITH b AS (${sums.sql}) SELECT count(*) AS n FROM b ${whereSql(buyerFilter)}`, [...sums.params, ...buyerFilter.params]);
    total = count?.n ?? 0;
    rows = [];
  }
  const details = await buyerDetails(engine, filter, rows);
  return pageEnvelope('/v1/buyers/', q, req, total, rows.map((r) => buyerOf(r, details.get(r.buyer_key)!, today)));
}

/** Every buyer of a buyer list's filters (an export's rows), in its order. */
export async function allBuyers(ctx: ReadContext, q: Partial<BuyerListQuery>): Promise<Buyer[]> {
  const page = await listBuyers(ctx, { ...q, current_page: 1, per_page: Number.MAX_SAFE_INTEGER } as BuyerListQuery);
  return page.data;
}

async function oneBuyer(engine: ReadEngine, name: string, today: string): Promise<Buyer> {
  const filter = newWhere();
  addClause(filter, 'c.buyer_key = ?', foldCase(name));
  const sums = buyerSumsSql(engine, filter, today);
  const [row] = await engine.all<BuyerRow>(sums.sql, sums.params);
  if (!row) throw new ContractError('not_found', `Buyer '${name}' has no retirement transactions in the cache`);
  const details = await buyerDetails(engine, filter, [row]);
  return buyerOf(row, details.get(row.buyer_key)!, today);
}

export async function getBuyer(ctx: ReadContext, args: { buyer_name: string }): Promise<Buyer> {
  return oneBuyer(await ctx.engine(), args.buyer_name, marketToday());
}

export async function buyerAnalytics(ctx: ReadContext, args: { buyer_name: string }): Promise<BuyerAnalytics> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const today = marketToday();
  const buyer = await oneBuyer(engine, args.buyer_name, today);
  const key = foldCase(args.buyer_name);
  const where = 'c.buyer_key = ?';
  const [summary] = await engine.all<{ total: number; n: number; weighted: number; vintage_quantity: number }>(
    `SELECT ${d.total('c.quantity')} AS total, count(*) AS n,
        ${d.total('CASE WHEN c.vintage IS NOT NULL THEN c.vintage * c.quantity END')} AS weighted,
        ${d.total('CASE WHEN c.vintage IS NOT NULL THEN c.quantity ELSE 0 END')} AS vintage_quantity
      FROM read_credits c WHERE ${where}`, [key]);
  const byVintage = await engine.all<{ vintage: number; quantity: number }>(
    `SELECT c.vintage AS vintage, ${d.total('c.quantity')} AS quantity FROM read_credits c WHERE ${where} AND c.vintage IS NOT NULL GROUP BY c.vintage ORDER BY c.vintage`, [key]);
  const portfolioWhere = async (inPeriod: string, params: string[]): Promise<Record<string, number>> => {
    const rows = await engine.all<{ category: string; quantity: number }>(
      `SELECT min(p.category) AS category, ${d.total('c.quantity')} AS quantity FROM read_credits c JOIN read_projects p ON p.project_ref = c.project_ref
        WHERE ${where} AND ${inPeriod} AND p.category IS NOT NULL
        GROUP BY p.category_key ORDER BY p.category_key`, [key, ...params]);
    return Object.fromEntries(rows.map((r) => [r.category, r.quantity]));
  };
  const portfolioIn = (from: string, to: string) => portfolioWhere('substr(c.transaction_date, 1, 10) BETWEEN ? AND ?', [from, to]);
  const year = Number(today.slice(0, 4));
  const wholeYear = (y: number) => portfolioWhere('substr(c.transaction_date, 1, 4) = ?', [String(y)]);
  const period: CalendarPeriod = samePeriodPreviousYear(today);
  const series = await engine.all<{ date: string; quantity: number }>(
    `SELECT substr(c.transaction_date, 1, 7) AS date, ${d.total('c.quantity')} AS quantity FROM read_credits c
      WHERE ${where} AND c.transaction_date IS NOT NULL GROUP BY 1 ORDER BY 1`, [key]);
  return {
    buyer_name: buyer.buyer_name,
    summary: {
      total_retirements: summary!.total,
      avg_vintage: summary!.vintage_quantity > 0 ? summary!.weighted / summary!.vintage_quantity : null,
      total_transactions: summary!.n,
    },
    retirements_by_vintage: byVintage,
    portfolio_by_category: {
      current_year: await wholeYear(year),
      previous_year: await wholeYear(year - 1),
      previous_year_to_date: await portfolioIn(period.from, period.to),
      as_of: today,
    },
    retirements_time_series: series,
  };
}
