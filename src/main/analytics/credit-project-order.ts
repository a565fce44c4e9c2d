/**
 * Pages of credits.list in project order (the default sort, `project_id` first in either direction)
 * under filters the count rollup answers. Walking the project index past every project the filter
 * leaves out costs as much as the projects before the first match (all of them for "Verra projects":
 * VCS ids sort last), and sorting costs every match. The rollup's per-project counts say which
 * projects hold the page's rows, so the page reads those projects' transactions only.
 * Projects whose ids differ only in letter case sort as one (NOCASE), so they are counted as one.
 */
import type Database from 'better-sqlite3';
import { countableByGroups } from './credit-count';
import { creditWhere, type CreditFilters } from './credit-filters';
import { hasProjectFilters } from './project-filters';
import type { PageRequest } from './page-envelope';
import { memoAnswer, statement } from './query-memo';
import { rollupFresh } from './rollup-state';
import { addClause, mergeWhere, newWhere, whereSql, type SqlWhere } from './sql-where';

interface ProjectSpan {
  /** One of the project ids of the group (they are equal ignoring case). */
  project_key: string;
  /** Matching transactions of the group. */
  transactions: number;
}

/** Matching transactions per project (NOCASE groups, null project ids left out), in the sort's project order. */
function projectSpans(db: Database.Database, q: CreditFilters, descending: boolean): ProjectSpan[] {
  const groups = creditWhere(q, 'r');
  addClause(groups, 'r.project_id IS NOT NULL');
  const sql = `SELECT min(r.project_id) AS project_key, sum(r.transactions) AS transactions FROM agg_credit_counts r ${whereSql(groups)}
    GROUP BY r.project_id COLLATE NOCASE ORDER BY r.project_id COLLATE NOCASE ${descending ? 'DESC' : 'ASC'}`;
  return memoAnswer(db, ['credit-project-spans', sql, groups.params], () => statement(db, sql).all(...groups.params) as ProjectSpan[]);
}

/**
 * The page, or null when this plan does not apply: another first sort key, no filter on projects
 * (then the matches are spread over the project order and walking it is cheaper), a filter the
 * rollup cannot answer, a rollup that is not current, or a page reaching the transactions without a
 * project.
 * `where` / `order` are the list's WHERE and ORDER BY on `credit_transactions c`; `total` its count.
 */
export function projectOrderedPage<Row>(
  db: Database.Database,
  columns: string,
  q: CreditFilters & { sort?: readonly string[] },
  where: SqlWhere,
  order: string,
  total: number,
  req: PageRequest,
): Row[] | null {
  const first = q.sort?.length ? q.sort[0]! : 'project_id';
  if (first.replace(/^[+-]/, '') !== 'project_id' || !(hasProjectFilters(q) || q.project_id?.length)) return null;
  if (!countableByGroups(q) || !rollupFresh(db, 'credit_counts')) return null;
  const end = Math.min(total, req.offset + req.perPage);
  if (req.offset >= end) return [];
  let before = 0; // matching transactions of the projects before the page
  let covered = 0; // ... of the projects holding the page
  const keys: string[] = [];
  for (const span of projectSpans(db, q, first.startsWith('-'))) {
    if (keys.length === 0 && before + span.transactions <= req.offset) {
      before += span.transactions;
      continue;
    }
    keys.push(span.project_key);
    covered += span.transactions;
    if (before + covered >= end) break;
  }
  if (before + covered < end) return null; // the page reaches transactions without a project (they sort last)
  const w = newWhere();
  mergeWhere(w, where);
  addClause(w, 'c.project_id COLLATE NOCASE IN (SELECT value FROM json_each(?))', JSON.stringify(keys));
  return statement(db, `SELECT ${columns} FROM credit_transactions c ${whereSql(w)} ${order} LIMIT ? OFFSET ?`)
    .all(...w.params, req.perPage, req.offset - before) as Row[];
}
