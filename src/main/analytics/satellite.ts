/** Satellite metrics and project boundaries from the cache (as GET /v1/satellite/...). */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import { SATELLITE_DEFAULTS, type SatelliteListQuery } from '../../shared/api/params';
import type { Boundary, SatelliteMetrics } from '../../shared/api/resources';
import { jobSucceededAt, mirrorRecord, noneAtService, notDownloaded, projectScheduled, unknownProject } from './availability';
import { addClause, newWhere, whereSql } from './sql-where';

type MetricsRow = Omit<SatelliteMetrics, 'has_boundary' | 'loss_by_year'> & { has_boundary: number; loss_by_year: string };
const METRIC_COLUMNS =
  's.project_id, s.has_boundary, s.boundary_source, s.area_km2, s.integrity_score, s.risk_level, s.risk_trajectory, s.total_loss_ha, ' +
  's.total_loss_pct, s.loss_by_year, s.peak_loss_year, s.peak_loss_ha, s.alert_count_12m, s.alert_area_ha, s.fire_count_12m, s.last_updated';

const toMetrics = (r: MetricsRow): SatelliteMetrics => ({
  ...r,
  has_boundary: r.has_boundary === 1,
  loss_by_year: JSON.parse(r.loss_by_year || '{}') as Record<string, number>,
});

/** Limit/offset over metrics ordered by project id; has_boundary (default true) keeps projects with a boundary. */
export function listSatellite(db: Database.Database, q: SatelliteListQuery): SatelliteMetrics[] {
  const w = newWhere();
  if (q.risk_level) addClause(w, 's.risk_level = ?', q.risk_level);
  if (q.has_boundary ?? SATELLITE_DEFAULTS.has_boundary) addClause(w, 's.has_boundary = 1');
  const rows = statement(db, `SELECT ${METRIC_COLUMNS} FROM satellite_metrics s ${whereSql(w)} ORDER BY s.project_id COLLATE NOCASE, s.project_id LIMIT ? OFFSET ?`)
    .all(...w.params, q.limit ?? SATELLITE_DEFAULTS.limit, q.offset ?? SATELLITE_DEFAULTS.offset) as MetricsRow[];
  return rows.map(toMetrics);
}

export function projectBoundary(db: Database.Database, args: { project_id: string }): Boundary {
  const row = statement(db, 'SELECT found, geojson, synced_at FROM project_boundaries WHERE project_id = ? COLLATE NOCASE').get(args.project_id) as
    | { found: number; geojson: string | null; synced_at: string }
    | undefined;
  if (row?.found === 1 && row.geojson) return JSON.parse(row.geojson) as Boundary;
  if (row) throw noneAtService(`boundary of project ${args.project_id}`, { resource: 'boundary', id: args.project_id, checkedAt: row.synced_at });
  throw boundaryUnavailable(db, args.project_id);
}

/** Why a project's boundary is not in the cache: the service has none (a 404, or its metrics say so), or not fetched yet. */
function boundaryUnavailable(db: Database.Database, projectId: string) {
  const what = `boundary of project ${projectId}`;
  const record = mirrorRecord(db, 'boundary', projectId);
  const unknown = record ? null : unknownProject(db, projectId);
  if (unknown) return unknown;
  if (record?.outcome === 'none') return noneAtService(what, { resource: 'boundary', id: projectId, checkedAt: record.fetched_at });
  const metrics = statement(db, 'SELECT has_boundary FROM satellite_metrics WHERE project_id = ? COLLATE NOCASE').get(projectId) as { has_boundary: number } | undefined;
  const listedAt = jobSucceededAt(db, 'satellite');
  if (metrics?.has_boundary === 0) {
    return noneAtService(what, { resource: 'boundary', id: projectId, checkedAt: listedAt },
      `The service has no boundary for project ${projectId}: its satellite metrics say so (synced ${listedAt?.slice(0, 10) ?? 'earlier'}).`);
  }
  if (!metrics && listedAt) {
    return noneAtService(what, { resource: 'boundary', id: projectId, checkedAt: listedAt },
      `The service has no satellite data for project ${projectId} (its satellite list of ${listedAt.slice(0, 10)} does not include it).`);
  }
  return notDownloaded(`the ${what}`, { resource: 'boundary', id: projectId, scheduled: projectScheduled(db, projectId) });
}

/** Project fields every feature of the all-boundaries collection carries. */
const FEATURE_PROJECT_FIELDS = ['name', 'registry', 'country', 'category', 'project_type', 'status', 'issued', 'retired'] as const;
/** Metrics every feature carries. */
const FEATURE_METRIC_FIELDS = [
  'risk_level', 'risk_trajectory', 'integrity_score', 'area_km2', 'total_loss_ha', 'total_loss_pct', 'alert_count_12m', 'fire_count_12m',
] as const;

/**
 * Every cached boundary (optionally of one risk level) as one FeatureCollection; each feature's
 * properties keep the source's and add project_id, key project fields and the satellite metrics.
 */
export function allBoundaries(db: Database.Database, args: { risk_level?: string }): Boundary {
  const w = newWhere();
  addClause(w, 'b.found = 1');
  addClause(w, 'b.geojson IS NOT NULL');
  if (args.risk_level) addClause(w, 's.risk_level = ?', args.risk_level);
  const rows = statement(db, `SELECT b.project_id AS boundary_project_id, b.geojson, ${FEATURE_PROJECT_FIELDS.map((f) => `p.${f} AS p_${f}`).join(', ')},
        ${FEATURE_METRIC_FIELDS.map((f) => `s.${f} AS s_${f}`).join(', ')}
      FROM project_boundaries b LEFT JOIN projects p ON p.project_id = b.project_id
      LEFT JOIN satellite_metrics s ON s.project_id = b.project_id ${whereSql(w)} ORDER BY b.project_id`)
    .all(...w.params) as Array<Record<string, unknown> & { boundary_project_id: string; geojson: string }>;
  const features: Boundary['features'] = [];
  for (const r of rows) {
    let collection: Boundary;
    try {
      collection = JSON.parse(r.geojson) as Boundary;
    } catch {
      continue;
    }
    const added: Record<string, unknown> = { project_id: r.boundary_project_id };
    for (const f of FEATURE_PROJECT_FIELDS) added[f] = r[`p_${f}`] ?? null;
    for (const f of FEATURE_METRIC_FIELDS) added[f] = r[`s_${f}`] ?? null;
    for (const feature of collection.features ?? []) {
      features.push({ ...feature, properties: { ...(feature.properties ?? {}), ...added } });
    }
  }
  return { type: 'FeatureCollection', features };
}
