/**
 * Group P (project filters) and the project `search` on the read model's `read_projects`.
 * Semantics (docs/api-assumptions.md): repeatable string filters are OR-ed, exact and ignoring case
 * (folded keys, docs/text-matching.md); `protocol` matches when the project has any of the given
 * protocols; `sdg_goals` needs every goal (AND); `certifications`, `corc_durability` and
 * `article6_authorization_types` need any (OR); numeric and date bounds are inclusive; booleans are
 * equality, a label flag the server left null reading as false; `search` is a substring of the id or
 * the name, ignoring case, every character literal.
 */
import { PROJECT_FILTER_KEYS, type ProjectListQuery } from '../../shared/api/params';
import { foldCase } from '../../shared/case-folding';
import type { SqlDialect } from './read-dialect';
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

/** `column` (a folded key) equals one of `values`, ignoring case. */
export function keyIn(w: SqlWhere, column: string, values: readonly string[] | undefined): void {
  if (!values?.length) return;
  addClause(w, `${column} IN (${placeholders(values.length)})`, ...values.map(foldCase));
}

/** One of `keys` (folded columns) contains `needle` ignoring case, literally. An empty needle filters nothing. */
export function keysContain(d: SqlDialect, w: SqlWhere, keys: readonly string[], needle: string | undefined): void {
  if (needle === undefined || needle === '') return;
  const folded = foldCase(needle);
  addClause(w, `(${keys.map((k) => d.contains(k, '?')).join(' OR ')})`, ...keys.map(() => folded));
}

function compare(w: SqlWhere, column: string, op: '=' | '>=' | '<=', value: unknown): void {
  if (value === undefined) return;
  addClause(w, `${column} ${op} ?`, sqlValue(value));
}

/** The WHERE clauses of group P and `search` on read_projects aliased `alias`. */
export function projectWhere(d: SqlDialect, q: ProjectFilters, alias = 'p'): SqlWhere {
  const w = newWhere();
  const col = (c: string) => `${alias}.${c}`;
  const any = (column: 'protocol' | 'certifications' | 'article6_authorization_types', values: readonly string[] | undefined) => {
    if (!values?.length) return;
    const bound = column === 'article6_authorization_types' ? values : values.map(foldCase);
    addClause(w, d.listHasAny(alias, column, bound.length), ...bound);
  };
  keyIn(w, col('registry_key'), q.registry);
  keyIn(w, col('country_key'), q.country);
  any('protocol', q.protocol);
  keyIn(w, col('category_key'), q.category);
  compare(w, col('is_compliance'), '=', q.is_compliance);
  compare(w, col('listed_at'), '>=', q.listed_at_from);
  compare(w, col('listed_at'), '<=', q.listed_at_to);
  compare(w, col('issued'), '>=', q.issued_min);
  compare(w, col('issued'), '<=', q.issued_max);
  compare(w, col('retired'), '>=', q.retired_min);
  compare(w, col('retired'), '<=', q.retired_max);
  keyIn(w, col('project_type_key'), q.project_type);
  if (q.proponent !== undefined) keyIn(w, col('proponent_key'), [q.proponent]);
  for (const goal of new Set(q.sdg_goals ?? [])) addClause(w, d.listHasAny(alias, 'sdg_goals', 1), goal);
  any('certifications', q.certifications);
  keyIn(w, col('corc_durability_key'), q.corc_durability);
  compare(w, `coalesce(${col('has_ccb')}, 0)`, '=', q.has_ccb);
  compare(w, `coalesce(${col('has_icvcm_ccp')}, 0)`, '=', q.has_icvcm_ccp);
  compare(w, `coalesce(${col('has_corsia')}, 0)`, '=', q.has_corsia);
  compare(w, `coalesce(${col('has_sdvista')}, 0)`, '=', q.has_sdvista);
  compare(w, `coalesce(${col('has_social_carbon')}, 0)`, '=', q.has_social_carbon);
  compare(w, `coalesce(${col('article6_authorized')}, 0)`, '=', q.article6_authorized);
  any('article6_authorization_types', q.article6_authorization_types);
  keysContain(d, w, [col('project_id_key'), col('name_key')], q.search);
  return w;
}

/** `refColumn IN (the projects matching group P)`, for rows joined to a project by its `project_ref`. */
export function parentProjectWhere(d: SqlDialect, q: ProjectFilters, refColumn: string): SqlWhere {
  const w = newWhere();
  const p = projectWhere(d, q, 'fp');
  if (p.clauses.length) addClause(w, `${refColumn} IN (SELECT fp.project_ref FROM read_projects fp ${whereSql(p)})`, ...p.params);
  return w;
}
