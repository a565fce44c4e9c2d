/** Chart endpoints below the API root. Each answers one page holding every point. */
import {
  creditsByCategoryQuery, creditsByTransactionDateQuery, projectsByListingDateQuery, retirementsByVintageQuery,
} from '../../shared/api/params';
import { compareBinary } from '../../shared/nocase';
import { notFound } from '../http/errors';
import { singlePage } from '../http/pagination';
import { findProject } from '../store/project-rows';
import { creditWhere, projectWhere, whereKey, whereSql } from '../store/sql-filters';
import { defineRoute, ok, type RouteContext, type RouteDef } from './route';
import { binEnd, binStart, binSums } from './time-bins';

function requireProject(ctx: RouteContext): string {
  const row = findProject(ctx.market, ctx.params.project_id ?? '');
  if (!row) throw notFound(`Project '${ctx.params.project_id}'`);
  return row.project_id;
}

export const chartRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/charts/credits_retirements_by_vintage/:project_id',
    resource: 'charts',
    summary: 'Retirements of a project by vintage',
    shape: 'time-bin-page',
    query: retirementsByVintageQuery,
    handler: (ctx, q) => {
      const projectId = requireProject(ctx);
      const where = creditWhere({ ...q, project_id: [projectId] }, { projectFilters: false });
      where.clauses.push("c.transaction_type = 'retirement'", 'c.vintage IS NOT NULL');
      const rows = ctx.market.all<{ vintage: number; value: number }>(
        `SELECT c.vintage, total(c.quantity) AS value FROM credits c ${whereSql(where)} GROUP BY c.vintage ORDER BY c.vintage`, where.params);
      return ok(singlePage(rows.map((r) => ({ start: `${r.vintage}-01-01`, end: `${r.vintage}-12-31`, value: r.value }))));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/charts/credits_by_transaction_date/:project_id',
    resource: 'charts',
    summary: 'Credits of a project by transaction date',
    shape: 'time-bin-page',
    query: creditsByTransactionDateQuery,
    handler: (ctx, q) => {
      const projectId = requireProject(ctx);
      const where = creditWhere({ ...q, project_id: [projectId] }, { projectFilters: false });
      where.clauses.push('c.transaction_date IS NOT NULL');
      const rows = ctx.market.all<{ date: string; value: number }>(
        `SELECT c.transaction_date AS date, total(c.quantity) AS value FROM credits c ${whereSql(where)} GROUP BY c.transaction_date`, where.params);
      return ok(singlePage(binSums(rows, q.freq ?? 'Y')));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/charts/credits_by_category',
    resource: 'charts',
    summary: 'Issued and retired credits by category',
    shape: 'category-page',
    query: creditsByCategoryQuery,
    handler: (ctx, q) => {
      if (q.beneficiary_search) {
        const where = creditWhere(q);
        where.clauses.push("c.transaction_type = 'retirement'");
        const rows = ctx.market.aggregates.getOrCompute(JSON.stringify(['by-category', whereKey(where)]), () => ctx.market.all<{ category: string; retired: number }>(
          `SELECT p.category AS category, total(c.quantity) AS retired FROM credits c JOIN projects p ON p.project_id = c.project_id
           ${whereSql(where)} AND p.category IS NOT NULL GROUP BY p.category ORDER BY p.category`, where.params)) as { category: string; retired: number }[];
        return ok(singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: 0 }))));
      }
      const where = projectWhere(q);
      where.clauses.push('p.category IS NOT NULL');
      const rows = ctx.market.all<{ category: string; retired: number; issued: number }>(
        `SELECT p.category AS category, total(p.retired) AS retired, total(p.issued) AS issued FROM projects p ${whereSql(where)}
         GROUP BY p.category ORDER BY p.category`, where.params);
      return ok(singlePage(rows));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/charts/projects_by_listing_date',
    resource: 'charts',
    summary: 'Projects by listing date and category',
    shape: 'listing-page',
    query: projectsByListingDateQuery,
    handler: (ctx, q) => {
      const freq = q.freq ?? 'Y';
      const where = projectWhere(q);
      where.clauses.push('p.listed_at IS NOT NULL', 'p.category IS NOT NULL');
      const rows = ctx.market.all<{ listed_at: string; category: string }>(`SELECT p.listed_at, p.category FROM projects p ${whereSql(where)}`, where.params);
      const counts = new Map<string, number>();
      for (const r of rows) {
        const key = `${binStart(r.listed_at, freq)}|${r.category}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const points = [...counts].map(([key, value]) => {
        const [start, category] = key.split('|') as [string, string];
        return { start, end: binEnd(start, freq), category, value };
      }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : compareBinary(a.category, b.category)));
      return ok(singlePage(points));
    },
  }),
];
