/**
 * projects.facets: for each enumerated project filter, the values the cached projects hold and how
 * many projects each would list given the other active filters (the filter's own left out, so a
 * count is what choosing the value shows, and values already chosen keep their counts). Values are
 * grouped ignoring case, as the filters match them. App-only; remembered until the data changes.
 */
import type Database from 'better-sqlite3';
import type { ParsedInput, ProjectFacetKey, ProjectFacets } from '../../shared/contract';
import { projectWhere } from './project-filters';
import { memoAnswer, statement } from './query-memo';
import { addClause, whereSql } from './sql-where';

/** Where each facet's values are: a column, or a JSON array column (a project counts once per value it holds). */
const SOURCE: Record<ProjectFacetKey, { column: string; list?: true }> = {
  registry: { column: 'registry' },
  category: { column: 'category' },
  country: { column: 'country' },
  project_type: { column: 'project_type' },
  certifications: { column: 'certifications', list: true },
};

export function projectFacets(db: Database.Database, q: ParsedInput<'projects.facets'>): ProjectFacets {
  return memoAnswer(db, ['projects.facets', q], () => {
    const facets = {} as ProjectFacets;
    for (const [key, source] of Object.entries(SOURCE) as Array<[ProjectFacetKey, (typeof SOURCE)[ProjectFacetKey]]>) {
      const where = projectWhere({ ...q, [key]: undefined });
      const value = source.list ? 'j.value' : `p.${source.column}`;
      addClause(where, `${value} IS NOT NULL AND ${value} <> ''`);
      const from = source.list ? `projects p, json_each(p.${source.column}) j` : 'projects p';
      facets[key] = statement(db, `SELECT min(${value}) AS value, count(DISTINCT p.project_id) AS projects FROM ${from} ${whereSql(where)}
          GROUP BY ${value} COLLATE NOCASE ORDER BY projects DESC, value COLLATE NOCASE`)
        .all(...where.params) as ProjectFacets[ProjectFacetKey];
    }
    return facets;
  });
}
