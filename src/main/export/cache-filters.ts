/**
 * The filters and sort an export applies: the read model's own builders (src/main/analytics), on
 * the cache's SQLite views of it, for projects and credit transactions, so an export holds exactly
 * the rows the list pages through, in the same order; and the legacy forensics list's filters
 * (exact strings ignoring case; `min_findings` a lower bound; sort as LEGACY_FORENSIC_SORT_FIELDS,
 * default `-run_date`).
 */
import { DEFAULT_SORT, LEGACY_FORENSIC_SORT_FIELDS, type LegacyForensicsQuery } from '../../shared/api/params';
import { CREDIT_SORT_COLUMNS } from '../analytics/credits';
import { creditWhere as readCreditWhere, type CreditFilters } from '../analytics/credit-filters';
import { PROJECT_SORT_COLUMNS } from '../analytics/projects';
import { projectWhere as readProjectWhere, type ProjectFilters } from '../analytics/project-filters';
import { SQLITE_DIALECT } from '../analytics/read-dialect';
import { orderBy, sortColumns } from '../analytics/sort-order';
import { addClause, newWhere, whereSql, type SqlWhere } from '../analytics/sql-where';
import { matchAnyExact } from '../analytics/text-match';

export const creditWhere = (q: CreditFilters, alias = 'c'): SqlWhere => readCreditWhere(SQLITE_DIALECT, q, alias);
export const projectWhere = (q: ProjectFilters, alias = 'p'): SqlWhere => readProjectWhere(SQLITE_DIALECT, q, alias);
export { whereSql };
export type Where = SqlWhere;

export const projectOrderBy = (sort?: readonly string[]) => orderBy(sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
export const creditOrderBy = (sort?: readonly string[]) => orderBy(sort, CREDIT_SORT_COLUMNS, DEFAULT_SORT.credits, 'c.id');

const LEGACY_TEXT = [
  'project_id', 'project_name', 'proponent', 'registry', 'country', 'status', 'price_narrative', 'primary_risk', 'value_proposition',
  'error_type', 'error_message',
];
const LEGACY_SORT_COLUMNS = sortColumns('l', LEGACY_TEXT, LEGACY_FORENSIC_SORT_FIELDS.filter((f) => !LEGACY_TEXT.includes(f)));

export const legacyForensicOrderBy = (sort?: readonly string[]) => orderBy(sort, LEGACY_SORT_COLUMNS, DEFAULT_SORT.legacyForensics, 'l.id');

/** Legacy forensics filters on `legacy_forensics` aliased `l`. */
export function legacyForensicWhere(q: Partial<LegacyForensicsQuery>): SqlWhere {
  const w = newWhere();
  if (q.project_id !== undefined) addClause(w, 'l.project_id = ? COLLATE NOCASE', q.project_id);
  for (const key of ['registry', 'country', 'status'] as const) {
    const v = q[key];
    if (v !== undefined) matchAnyExact(w, `l.${key}`, [v]);
  }
  if (q.min_findings !== undefined) addClause(w, 'l.num_findings >= ?', q.min_findings);
  return w;
}
