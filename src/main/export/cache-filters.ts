/**
 * The filters and sort an export applies: the query layer's own builders (src/main/analytics) for
 * projects and credit transactions, so an export holds exactly the rows the list pages through, in
 * the same order; and the legacy forensics list's filters (exact, case-insensitive strings;
 * `min_findings` a lower bound; sort as LEGACY_FORENSIC_SORT_FIELDS, default `-run_date`).
 */
import { DEFAULT_SORT, LEGACY_FORENSIC_SORT_FIELDS, type LegacyForensicsQuery } from '../../shared/api/params';
import { CREDIT_SORT_COLUMNS } from '../analytics/credits';
import { PROJECT_SORT_COLUMNS } from '../analytics/projects';
import { orderBy, sortColumns } from '../analytics/sort-order';
import { addClause, newWhere, whereSql, type SqlWhere } from '../analytics/sql-where';
import { matchAnyExact } from '../analytics/text-match';

export { creditWhere } from '../analytics/credit-filters';
export { projectWhere } from '../analytics/project-filters';
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
  for (const key of ['project_id', 'registry', 'country', 'status'] as const) {
    const v = q[key];
    if (v !== undefined) matchAnyExact(w, `l.${key}`, [v]);
  }
  if (q.min_findings !== undefined) addClause(w, 'l.num_findings >= ?', q.min_findings);
  return w;
}
