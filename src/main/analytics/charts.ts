/**
 * Chart series from the cache (as GET /v1/charts/...): every point in one page, only non-empty bins,
 * integer values, bins as docs/api-assumptions.md says (Y 1 Jan, M the 1st, W Sundays, D days).
 * The all-projects transaction-date series is read from the daily rollup (`agg_credit_days`, kept by
 * refreshAggregates) when its filters allow, else summed from the transactions.
 */
import type Database from 'better-sqlite3';
import { memoAnswer, statement } from './query-memo';
import type {
  CreditsByCategoryQuery, CreditsByTransactionDateQuery, GlobalCreditsByTransactionDateQuery, ProjectsByListingDateQuery,
  RetirementsByVintageQuery,
} from '../../shared/api/params';
import type { CategoryPoint, ListingPoint, Page, TimeBinPoint } from '../../shared/api/resources';
import type { ChartFrequency } from '../../shared/api/values';
import { notFound } from '../../shared/errors';
import { creditColumns, derivedOfDates, retiredByCategoryOfRows, rowFilter, sumsByDate } from './credit-columns';
import { creditWhere, creditWhereIn, hasBeneficiarySearch, vintageTerms, type CreditFilters } from './credit-filters';
import { binEnd, binStartSql } from './market-calendar';
import { singlePage } from './page-envelope';
import { hasProjectFilters, projectWhere } from './project-filters';
import { rollupFresh } from './rollup-state';
import { matchAnyExact } from './text-match';
import { addClause, newWhere, whereSql, type SqlWhere } from './sql-where';

/** The cached project's id as stored (ids match case-insensitively); not_found when it is not cached. */
function cachedProjectId(db: Database.Database, projectId: string): string {
  const row = statement(db, 'SELECT project_id FROM projects WHERE project_id = ? COLLATE NOCASE').get(projectId) as { project_id: string } | undefined;
  if (!row) throw notFound(`Project ${projectId}`);
  return row.project_id;
}

/** Credit filters of one project: groups C and B (group P does not apply to a single project's chart). */
function oneProjectWhere(projectId: string, rest: Omit<CreditFilters, 'project_id'>): SqlWhere {
  const w = creditWhere({
    transaction_type: rest.transaction_type, vintage: rest.vintage, vintage_min: rest.vintage_min, vintage_max: rest.vintage_max, transaction_date_from: rest.transaction_date_from,
    transaction_date_to: rest.transaction_date_to, quantity_min: rest.quantity_min, quantity_max: rest.quantity_max,
    beneficiary_search: rest.beneficiary_search, beneficiary_search_fields: rest.beneficiary_search_fields,
  });
  addClause(w, 'c.project_id = ?', projectId);
  return w;
}

function timeBins(db: Database.Database, table: string, dateColumn: string, sumExpr: string, where: SqlWhere, freq: ChartFrequency): TimeBinPoint[] {
  addClause(where, `${dateColumn} IS NOT NULL`);
  const start = binStartSql(freq, dateColumn);
  const rows = statement(db, `SELECT ${start} AS start, total(${sumExpr}) AS value FROM ${table} ${whereSql(where)} GROUP BY 1 ORDER BY 1`)
    .all(...where.params) as Array<{ start: string; value: number }>;
  return rows.map((r) => ({ start: r.start, end: binEnd(freq, r.start), value: r.value }));
}

export function retirementsByVintage(db: Database.Database, q: RetirementsByVintageQuery & { project_id: string }): Page<TimeBinPoint> {
  const where = oneProjectWhere(cachedProjectId(db, q.project_id), q);
  addClause(where, "c.transaction_type = 'retirement'");
  addClause(where, 'c.vintage IS NOT NULL');
  const rows = statement(db, `SELECT c.vintage AS vintage, total(c.quantity) AS value FROM credit_transactions c ${whereSql(where)} GROUP BY c.vintage ORDER BY c.vintage`)
    .all(...where.params) as Array<{ vintage: number; value: number }>;
  return singlePage(rows.map((r) => ({ start: `${r.vintage}-01-01`, end: `${r.vintage}-12-31`, value: r.value })));
}

export function creditsByTransactionDate(db: Database.Database, q: CreditsByTransactionDateQuery & { project_id: string }): Page<TimeBinPoint> {
  const where = oneProjectWhere(cachedProjectId(db, q.project_id), q);
  return singlePage(timeBins(db, 'credit_transactions c', 'c.transaction_date', 'c.quantity', where, q.freq ?? 'Y'));
}

/** A rollup of credit quantities over every project that can answer a query: its table and date column. */
export interface CreditRollup {
  table: string;
  dateColumn: string;
  where: SqlWhere;
}

/**
 * The rollup that answers `q`, or null: only transaction type, vintage (set and bounds) and date bounds may narrow
 * it. Month-aligned answers (`monthAligned`: bins or periods of whole months) without date bounds
 * read the month rollup, the rest the day rollup.
 */
export function creditRollupFor(db: Database.Database, q: CreditFilters, monthAligned: boolean): CreditRollup | null {
  const narrowsBeyondRollup =
    hasProjectFilters(q) || Boolean(q.project_id?.length) || hasBeneficiarySearch(q) || q.quantity_min !== undefined || q.quantity_max !== undefined;
  if (narrowsBeyondRollup) return null;
  const dateBounds = q.transaction_date_from !== undefined || q.transaction_date_to !== undefined;
  const w = newWhere();
  matchAnyExact(w, 'd.transaction_type', q.transaction_type);
  vintageTerms(w, 'd.vintage', q);
  if (monthAligned && !dateBounds && rollupFresh(db, 'credit_months')) return { table: 'agg_credit_months d', dateColumn: 'd.month_start', where: w };
  if (!rollupFresh(db, 'credit_days')) return null;
  if (q.transaction_date_from !== undefined) addClause(w, 'd.transaction_date >= ?', q.transaction_date_from);
  if (q.transaction_date_to !== undefined) addClause(w, 'd.transaction_date <= ?', q.transaction_date_to);
  return { table: 'agg_credit_days d', dateColumn: 'd.transaction_date', where: w };
}

/** The all-projects series from the reader's columnar copy of the transactions (null when it does not answer). */
function binsFromColumns(db: Database.Database, q: GlobalCreditsByTransactionDateQuery, freq: ChartFrequency): TimeBinPoint[] | null {
  const columns = creditColumns(db);
  const filter = columns && rowFilter(db, columns, q, true);
  if (!filter) return null;
  return sumsByDate(columns, filter, derivedOfDates(db, columns, (d) => binStartSql(freq, d)), [null])
    .map((b) => ({ start: b.value, end: binEnd(freq, b.value), value: b.totals[0]! }));
}

export function creditsByTransactionDateAll(
  db: Database.Database,
  q: GlobalCreditsByTransactionDateQuery,
  options: { rollup?: boolean } = {},
): Page<TimeBinPoint> {
  const freq = q.freq ?? 'Y';
  const rollup = options.rollup === false ? null : creditRollupFor(db, q, freq === 'M' || freq === 'Y');
  if (rollup) return singlePage(timeBins(db, rollup.table, rollup.dateColumn, 'd.quantity', rollup.where, freq));
  if (options.rollup !== false) {
    const columns = memoAnswer(db, ['creditsByTransactionDateAll:columns', freq, q], () => binsFromColumns(db, q, freq));
    if (columns) return singlePage(columns);
  }
  const where = creditWhereIn(db, q);
  return memoAnswer(db, ['creditsByTransactionDateAll', freq, where.clauses, where.params], () =>
    singlePage(timeBins(db, 'credit_transactions c', 'c.transaction_date', 'c.quantity', where, freq)),
  );
}

export function creditsByCategory(db: Database.Database, q: CreditsByCategoryQuery, options: { rollup?: boolean } = {}): Page<CategoryPoint> {
  if (hasBeneficiarySearch(q)) {
    if (options.rollup !== false) {
      const columns = memoAnswer(db, ['creditsByCategory:columns', q], () => retiredByCategoryFromColumns(db, q));
      if (columns) return columns;
    }
    return memoAnswer(db, ['creditsByCategory', q], () => retiredByCategory(db, q));
  }
  const where = projectWhere(q);
  addClause(where, 'p.category IS NOT NULL');
  const rows = statement(db, `SELECT p.category AS category, total(p.retired) AS retired, total(p.issued) AS issued FROM projects p ${whereSql(where)}
      GROUP BY p.category ORDER BY p.category COLLATE NOCASE`)
    .all(...where.params) as CategoryPoint[];
  return singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: r.issued })));
}

/** retiredByCategory from the reader's columnar copy of the transactions (null when it does not answer). */
function retiredByCategoryFromColumns(db: Database.Database, q: CreditsByCategoryQuery): Page<CategoryPoint> | null {
  const columns = creditColumns(db);
  const filter = columns && rowFilter(db, columns, q, true);
  if (!filter) return null;
  return singlePage(retiredByCategoryOfRows(columns, filter).map((r) => ({ category: r.category, retired: r.retired, issued: 0 })));
}

/** With a beneficiary search: `retired` sums the matching retirements per category, `issued` is 0. */
function retiredByCategory(db: Database.Database, q: CreditsByCategoryQuery): Page<CategoryPoint> {
  const where = creditWhereIn(db, q);
  // Narrow by the searched names (or the parent projects), not by the type: most rows are retirements.
  addClause(where, "+c.transaction_type = 'retirement'");
  addClause(where, 'p.category IS NOT NULL');
  const rows = statement(db, `SELECT p.category AS category, total(c.quantity) AS retired FROM credit_transactions c
      JOIN projects p ON p.project_id = c.project_id ${whereSql(where)} GROUP BY p.category ORDER BY p.category COLLATE NOCASE`)
    .all(...where.params) as Array<{ category: string; retired: number }>;
  return singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: 0 })));
}

export function projectsByListingDate(db: Database.Database, q: ProjectsByListingDateQuery): Page<ListingPoint> {
  const freq = q.freq ?? 'Y';
  const where = projectWhere(q);
  addClause(where, 'p.listed_at IS NOT NULL');
  addClause(where, 'p.category IS NOT NULL');
  const start = binStartSql(freq, 'p.listed_at');
  const rows = statement(db, `SELECT ${start} AS start, p.category AS category, count(DISTINCT p.project_id) AS value FROM projects p ${whereSql(where)}
      GROUP BY 1, 2 ORDER BY 1, 2`)
    .all(...where.params) as Array<{ start: string; category: string; value: number }>;
  return singlePage(rows.map((r) => ({ start: r.start, end: binEnd(freq, r.start), category: r.category, value: r.value })));
}
