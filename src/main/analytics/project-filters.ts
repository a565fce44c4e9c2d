/**
 * Group P (project filters) and the project `search`, as SQL on the cached `projects` table.
 * Semantics (docs/api-assumptions.md): repeatable string filters are OR-ed, case-insensitive and exact;
 * `protocol` matches when the project has any of the given protocols; `sdg_goals` needs every goal
 * (AND); `certifications`, `corc_durability` and `article6_authorization_types` need any (OR);
 * numeric and date bounds are inclusive; booleans are equality.
 */
import { PROJECT_FILTER_KEYS, type ProjectListQuery } from '../../shared/api/params';
import { matchAnyExact, matchSubstring } from './text-match';
import { projectSearchMatch } from './project-search-index';
import { addClause, newWhere, placeholders, sqlValue, whereSql, type SqlWhere } from './sql-where';

export type ProjectFilters = Partial<Omit<ProjectListQuery, 'current_page' | 'per_page' | 'sort'>>;

/** Group P's filters and the project search. */
const PROJECT_QUERY_KEYS = [...PROJECT_FILTER_KEYS, 'search'] as const satisfies ReadonlyArray<keyof ProjectFilters>;

/** Whether any group-P filter or the project search is set. */
export function hasProjectFilters(q: ProjectFilters): boolean {
  return PROJECT_QUERY_KEYS.some((k) => {
    const v = q[k];
    return v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
  });
}

function compare(w: SqlWhere, column: string, op: '=' | '>=' | '<=', value: unknown): void {
  if (value === undefined) return;
  addClause(w, `${column} ${op} ?`, sqlValue(value));
}

function jsonContainsAny(w: SqlWhere, column: string, values: readonly (string | number)[] | undefined, ignoreCase: boolean): void {
  if (!values?.length) return;
  const collate = ignoreCase ? ' COLLATE NOCASE' : '';
  addClause(w, `EXISTS (SELECT 1 FROM json_each(${column}) j WHERE j.value${collate} IN (${placeholders(values.length)}))`, ...values);
}

/**
 * The WHERE clauses of group P and `search` on projects aliased `alias`. `searchIndex`: the trigram
 * index is complete (project-search-index.ts), so a search of three characters or more is read
 * through it instead of testing every project's id and name.
 */
export function projectWhere(q: ProjectFilters, alias = 'p', searchIndex = false): SqlWhere {
  const w = newWhere();
  const col = (c: string) => `${alias}.${c}`;
  matchAnyExact(w, col('registry'), q.registry);
  matchAnyExact(w, col('country'), q.country);
  jsonContainsAny(w, col('protocol'), q.protocol, true);
  matchAnyExact(w, col('category'), q.category);
  compare(w, col('is_compliance'), '=', q.is_compliance);
  compare(w, col('listed_at'), '>=', q.listed_at_from);
  compare(w, col('listed_at'), '<=', q.listed_at_to);
  compare(w, col('issued'), '>=', q.issued_min);
  compare(w, col('issued'), '<=', q.issued_max);
  compare(w, col('retired'), '>=', q.retired_min);
  compare(w, col('retired'), '<=', q.retired_max);
  matchAnyExact(w, col('project_type'), q.project_type);
  if (q.proponent !== undefined) matchAnyExact(w, col('proponent'), [q.proponent]);
  for (const goal of new Set(q.sdg_goals ?? [])) {
    addClause(w, `EXISTS (SELECT 1 FROM json_each(${col('sdg_goals')}) j WHERE j.value = ?)`, goal);
  }
  jsonContainsAny(w, col('certifications'), q.certifications, true);
  if (q.corc_durability?.length) addClause(w, `${col('corc_durability')} IN (${placeholders(q.corc_durability.length)})`, ...q.corc_durability);
  // Label flags: a null (the server does not say) reads as false.
  compare(w, `coalesce(${col('has_ccb')}, 0)`, '=', q.has_ccb);
  compare(w, `coalesce(${col('has_icvcm_ccp')}, 0)`, '=', q.has_icvcm_ccp);
  compare(w, `coalesce(${col('has_corsia')}, 0)`, '=', q.has_corsia);
  compare(w, `coalesce(${col('has_sdvista')}, 0)`, '=', q.has_sdvista);
  compare(w, `coalesce(${col('has_social_carbon')}, 0)`, '=', q.has_social_carbon);
  compare(w, `coalesce(${col('article6_authorized')}, 0)`, '=', q.article6_authorized);
  jsonContainsAny(w, col('article6_authorization_types'), q.article6_authorization_types, false);
  matchSubstring(w, [col('project_id'), col('name')], q.search);
  const match = searchIndex ? projectSearchMatch(q.search) : null;
  if (match !== null) addClause(w, `${col('rowid')} IN (SELECT rowid FROM projects_fts WHERE projects_fts MATCH ?)`, match);
  return w;
}

/** `project_id IN (projects matching group P)`, for tables keyed by a project id column. */
export function parentProjectWhere(q: ProjectFilters, projectIdColumn: string): SqlWhere {
  const w = newWhere();
  const p = projectWhere(q, 'fp');
  if (p.clauses.length) addClause(w, `${projectIdColumn} IN (SELECT fp.project_id FROM projects fp ${whereSql(p)})`, ...p.params);
  return w;
}
