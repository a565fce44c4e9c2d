/** Chart endpoints below the API root. Each answers one page holding every point. */
import {
  creditsByCategoryQuery, creditsByTransactionDateQuery, projectsByListingDateQuery, retirementsByVintageQuery,
} from '../../shared/api/params';
import { compareCodePoints, foldCase } from '../../shared/case-folding';
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
        where.clauses.push("fold(c.transaction_type) = 'retirement'");
        const rows = ctx.market.aggregates.getOrCompute(JSON.stringify(['by-category', whereKey(where)]), () => ctx.market.all<{ category: string; retired: number }>(
          `SELECT min(p.category) AS category, total(c.quantity) AS retired FROM credits c JOIN projects p ON p.project_id = c.project_id
           ${whereSql(where)} AND p.category IS NOT NULL GROUP BY fold(p.category) ORDER BY fold(p.category)`, where.params)) as { category: string; retired: number }[];
        return ok(singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: 0 }))));
      }
      const where = projectWhere(q);
      where.clauses.push('p.category IS NOT NULL');
      const rows = ctx.market.all<{ category: string; retired: number; issued: number }>(
        `SELECT min(p.category) AS category, total(p.retired) AS retired, total(p.issued) AS issued FROM projects p ${whereSql(where)}
         GROUP BY fold(p.category) ORDER BY fold(p.category)`, where.params);
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
      // Categories group ignoring case; a group shows its smallest spelling (code point order).
      const bins = new Map<string, { start: string; category: string; key: string; value: number }>();
      for (const r of rows) {
        const start = binStart(r.listed_at, freq);
        const key = foldCase(r.category);
        const bin = bins.get(`${start}|${key}`);
        if (!bin) bins.set(`${start}|${key}`, { start, category: r.category, key, value: 1 });
        else {
          bin.value += 1;
          if (compareCodePoints(r.category, bin.category) < 0) bin.category = r.category;
        }
      }
      const points = [...bins.values()]
        .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : compareCodePoints(a.key, b.key)))
        .map(({ start, category, value }) => ({ start, end: binEnd(start, freq), category, value }));
      return ok(singlePage(points));
    },
  }),
];
