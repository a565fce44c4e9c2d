/** GET /projects/, /projects/types, /projects/{project_id} below the API root. */
import { DEFAULT_SORT, PAGING_DEFAULTS, PROJECT_SORT_FIELDS, parseSort, projectListQuery } from '../../shared/api/params';
import { notFound } from '../http/errors';
import { pageOffset } from '../http/pagination';
import { findProject, projectsWithClips, type ProjectRow } from '../store/project-rows';
import { projectWhere, whereSql } from '../store/sql-filters';
import { orderBySql, type SortColumn } from '../store/sort-sql';
import { defineRoute, ok, type RouteDef } from './route';

const text = (sql: string): SortColumn => ({ sql, text: true });
const value = (sql: string): SortColumn => ({ sql, text: false });
const PROJECT_SORT: Record<(typeof PROJECT_SORT_FIELDS)[number], SortColumn> = {
  project_id: { sql: 'p.project_id', text: true, natural: true }, name: text('p.name'), registry: text('p.registry'), proponent: text('p.proponent'),
  category: text('p.category'), status: text('p.status'), country: text('p.country'), listed_at: value('p.listed_at'),
  is_compliance: value('p.is_compliance'), first_issuance_at: value('p.first_issuance_at'), first_retirement_at: value('p.first_retirement_at'),
  project_type: text('p.project_type'), issued: value('p.issued'), retired: value('p.retired'), unretired: value('(p.issued - p.retired)'),
  corc_durability: text('p.corc_durability'), article6_authorized: value('p.article6_authorized'),
};

export const projectRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/projects/',
    resource: 'projects',
    summary: 'List projects',
    shape: 'project-page',
    query: projectListQuery,
    handler: (ctx, q) => {
      const page = { page: q.current_page ?? PAGING_DEFAULTS.current_page, perPage: q.per_page ?? PAGING_DEFAULTS.per_page };
      const where = projectWhere(q);
      const base = `SELECT p.* FROM projects p ${whereSql(where)}`;
      const total = ctx.market.count(base, where.params);
      const order = orderBySql(parseSort(q.sort, PROJECT_SORT_FIELDS, DEFAULT_SORT.projects), PROJECT_SORT, 'p.project_id');
      const rows = ctx.market.all<ProjectRow>(`${base} ${order} LIMIT ? OFFSET ?`, [...where.params, page.perPage, pageOffset(page)]);
      return ok(ctx.page(page, total, projectsWithClips(ctx.market, rows)));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/types',
    resource: 'project-types',
    summary: 'Project types by category',
    shape: 'project-types',
    handler: (ctx) => {
      const rows = ctx.market.all<{ category: string; project_type: string }>(
        'SELECT DISTINCT category, project_type FROM projects WHERE project_type IS NOT NULL AND category IS NOT NULL ORDER BY category, project_type');
      const taxonomy: Record<string, string[]> = {};
      for (const r of rows) (taxonomy[r.category] ??= []).push(r.project_type);
      return ok(taxonomy);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/:project_id',
    resource: 'projects',
    summary: 'Get a project',
    shape: 'project',
    handler: (ctx) => {
      const row = findProject(ctx.market, ctx.params.project_id ?? '');
      if (!row) throw notFound(`Project '${ctx.params.project_id}'`);
      return ok(projectsWithClips(ctx.market, [row])[0]);
    },
  }),
];
