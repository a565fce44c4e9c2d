/**
 * The rows of one credits.list page, in the list's order. Left to itself the planner narrows by the
 * most selective filter index and sorts every match (half a second for "retirements of Verra
 * projects by date" at 532,799 transactions). When the matches are dense, reading the first sort
 * key's index in order and stopping after the page is far cheaper: about (offset + per_page) *
 * all / matching entries instead of sorting the matching rows. (SQLite walks an index for
 * "ASC NULLS LAST" too: the non-null entries, then the null ones.)
 *
 * Density is a guess (filters can correlate with the order: Verra's VCS ids sort last), so a walk is
 * bounded: it reads at most a budget of index entries — up to a boundary value of the first key, so
 * the rows read are the whole beginning of the order, ties included — and when that does not fill
 * the page the planner's plan answers instead.
 *
 * That plan seeks the matches through a filter's index and reads each from the table, in the index's
 * order, which is random in the table's: when the matches are more than a sixteenth of the table, a
 * scan of the table in its own order with a bounded sort answers sooner, and the plan is told to use
 * no index (at ten times the default market: the newest accounts since December 2017, 92% of the
 * transactions, 7.4 s through the date index and 0.64 s by the scan; issuances and cancellations of
 * two registries' projects by quantity, 9%, 2.9 s and 0.72 s; 6%: 0.52 s either way; below, the seek
 * wins: 0.7%, 0.16 s against 0.46 s).
 */
import type Database from 'better-sqlite3';
import { DEFAULT_SORT } from '../../shared/api/params';
import { CREDIT_SORT_INDEX, creditSortColumns, indexExists } from './credit-sort';
import { walkLength, type PageRequest } from './page-envelope';
import { memoCount, statement } from './query-memo';
import { orderBy, type SortColumn } from './sort-order';
import { addClause, mergeWhere, newWhere, whereSql, type SqlWhere } from './sql-where';

/** A walk reads at most `factor` times the index entries its density estimate expects, and at least `min`. */
export interface WalkBudget {
  factor: number;
  min: number;
}
export const DEFAULT_WALK_BUDGET: WalkBudget = { factor: 4, min: 2000 };

/** Above this share of the table, the planner's plan reads the matches by a scan of the table (see the module's comment). */
const SCAN_SHARE = 1 / 16;

interface Walk {
  index: string;
  /** The first sort key's column. */
  column: SortColumn;
  descending: boolean;
  /** Index entries the walk may read (Infinity: unbounded). */
  budget: number;
}

interface Walked<Row> {
  rows: Row[];
  /** The walk read the whole index (no boundary): the rows are the answer whatever their number. */
  complete: boolean;
}

const withClause = (where: SqlWhere, clause: string, ...params: unknown[]): SqlWhere => {
  const w = newWhere();
  mergeWhere(w, where);
  addClause(w, clause, ...params);
  return w;
};

function select<Row>(db: Database.Database, columns: string, source: string, where: SqlWhere, order: string, limit: number, offset: number): Row[] {
  return statement(db, `SELECT ${columns} FROM ${source} ${whereSql(where)} ${order} LIMIT ? OFFSET ?`).all(...where.params, limit, offset) as Row[];
}

/**
 * The first-key value `budget` entries into the walk's index order, or null when the walk is
 * unbounded or the budget reaches past the non-null entries (nulls sort last both ways).
 */
function boundary(db: Database.Database, walk: Walk): unknown {
  const { column, index, descending, budget } = walk;
  if (!Number.isFinite(budget)) return null;
  const key = `${column.sql}${column.text ? ' COLLATE NOCASE' : ''}`;
  const row = statement(db, `SELECT ${column.sql} AS v FROM credit_transactions c INDEXED BY ${index}
      ORDER BY ${key} ${descending ? 'DESC' : 'ASC NULLS LAST'} LIMIT 1 OFFSET ?`).get(budget) as { v: unknown } | undefined;
  return row?.v ?? null;
}

/** Rows of `where` in `order` read along the walk's index, at most its budget of entries (plus the boundary's ties). */
function walkIndex<Row>(db: Database.Database, columns: string, walk: Walk, where: SqlWhere, order: string, limit: number, offset: number): Walked<Row> {
  const bound = boundary(db, walk);
  const { column, descending } = walk;
  const bounded = bound === null ? where : withClause(where, `${column.sql}${column.text ? ' COLLATE NOCASE' : ''} ${descending ? '>=' : '<='} ?`, bound);
  return { rows: select<Row>(db, columns, `credit_transactions c INDEXED BY ${walk.index}`, bounded, order, limit, offset), complete: bound === null };
}

/**
 * The page of credit transactions matching `where` (`total` of them) in the order of `sort`, as
 * `columns` of `credit_transactions c`.
 */
export function creditPageRows<Row>(
  db: Database.Database,
  columns: string,
  sort: readonly string[] | undefined,
  where: SqlWhere,
  total: number,
  req: PageRequest,
  budget: WalkBudget = DEFAULT_WALK_BUDGET,
): Row[] {
  const sortColumns = creditSortColumns(db);
  const order = orderBy(sort, sortColumns, DEFAULT_SORT.credits, 'c.id'); // also refuses an unknown field
  if (req.offset >= total) return [];
  const filtered = where.clauses.length > 0;
  const all = filtered ? memoCount(db, 'credit_transactions c', []) : total;
  const source = filtered && total > SCAN_SHARE * all ? 'credit_transactions c NOT INDEXED' : 'credit_transactions c';
  const planned = () => select<Row>(db, columns, source, where, order, req.perPage, req.offset);

  const keys = sort?.length ? sort : DEFAULT_SORT.credits;
  const descending = keys[0]!.startsWith('-');
  const field = keys[0]!.replace(/^[+-]/, '');
  const index = CREDIT_SORT_INDEX[field];
  if (!index || !indexExists(db, index)) return planned();

  const expected = walkLength(req, all, total);
  // sorting costs about `total` rows; a walk that is expected to read more is not worth trying
  if (filtered && expected >= total) return planned();
  // unfiltered, every entry read is a row of the answer: no bound
  const walk: Walk = { index, column: sortColumns[field]!, descending, budget: filtered ? Math.max(budget.min, budget.factor * expected) : Infinity };

  const walked = walkIndex<Row>(db, columns, walk, where, order, req.perPage, req.offset);
  const onPage = Math.min(req.perPage, total - req.offset);
  return walked.complete || walked.rows.length === onPage ? walked.rows : planned();
}
