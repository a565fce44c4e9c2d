/**
 * projects.facets: for each enumerated project filter, the values the cached projects hold and how
 * many projects each would list given the other active filters (the filter's own left out, so a
 * count is what choosing the value shows, and values already chosen keep their counts). Values group
 * ignoring case, as the filters match them, and show their smallest spelling. App-only.
 */
import type { ParsedInput, ProjectFacetKey, ProjectFacets } from '../../shared/contract';
import { projectWhere } from './project-filters';
import type { ReadContext } from './read-engine';
import { addClause, whereSql } from './sql-where';

const COLUMNS: ProjectFacetKey[] = ['registry', 'category', 'country', 'project_type'];

export async function projectFacets(ctx: ReadContext, q: ParsedInput<'projects.facets'>): Promise<ProjectFacets> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const facets = {} as ProjectFacets;
  for (const key of COLUMNS) {
    const where = projectWhere(d, { ...q, [key]: undefined });
    addClause(where, `p.${key} IS NOT NULL AND p.${key} <> ''`);
    facets[key] = await engine.all(`SELECT min(p.${key}) AS value, count(DISTINCT p.project_id) AS projects FROM read_projects p ${whereSql(where)}
        GROUP BY p.${key}_key ORDER BY projects DESC, p.${key}_key`, where.params);
  }
  const where = projectWhere(d, { ...q, certifications: undefined });
  const label = d.itemLabel('j');
  addClause(where, `${label} IS NOT NULL AND ${label} <> ''`);
  facets.certifications = await engine.all(`SELECT min(${label}) AS value, count(DISTINCT p.project_id) AS projects
      FROM read_projects p, ${d.eachItem('p', 'certifications', 'j')} ${whereSql(where)}
      GROUP BY ${d.itemKey('certifications', 'j')} ORDER BY projects DESC, ${d.itemKey('certifications', 'j')}`, where.params);
  return facets;
}
