/** GET /satellite/ (limit/offset, plain array) and /satellite/{project_id}/boundary (GeoJSON) below the API root. */
import { SATELLITE_DEFAULTS, satelliteListQuery } from '../../shared/api/params';
import { notFound } from '../http/errors';
import { emptyWhere, whereSql } from '../store/sql-filters';
import { defineRoute, ok, type RouteDef } from './route';

export const satelliteRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/satellite/',
    resource: 'satellite',
    summary: 'List satellite metrics',
    shape: 'satellite-list',
    query: satelliteListQuery,
    handler: (ctx, q) => {
      const w = emptyWhere();
      if (q.risk_level) {
        w.clauses.push('s.risk_level = ?');
        w.params.push(q.risk_level);
      }
      // has_boundary=true (the default) keeps projects with a boundary; false applies no boundary filter.
      if (q.has_boundary ?? SATELLITE_DEFAULTS.has_boundary) w.clauses.push('s.has_boundary = 1');
      const rows = ctx.market.all<{ metrics: string }>(`SELECT s.metrics FROM satellite_metrics s ${whereSql(w)} ORDER BY s.project_id LIMIT ? OFFSET ?`,
        [...w.params, q.limit ?? SATELLITE_DEFAULTS.limit, q.offset ?? SATELLITE_DEFAULTS.offset]);
      return ok(rows.map((r) => JSON.parse(r.metrics) as unknown));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/satellite/:project_id/boundary',
    resource: 'satellite',
    summary: "A project's boundary (GeoJSON)",
    shape: 'boundary',
    handler: (ctx) => {
      const row = ctx.market.get<{ geojson: string }>('SELECT geojson FROM boundaries WHERE project_id = ?', [ctx.params.project_id ?? '']);
      if (!row) throw notFound(`Boundary of project '${ctx.params.project_id}'`);
      return { status: 200, body: JSON.parse(row.geojson) as unknown, contentType: 'application/geo+json' };
    },
  }),
];
