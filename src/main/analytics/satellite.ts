/** Satellite metrics and project boundaries from the cache (as GET /v1/satellite/...). */
import type Database from 'better-sqlite3';
import { naturalIdOrderTerms } from '../../shared/api/natural-id';
import { statement } from './query-memo';
import { SATELLITE_DEFAULTS, type SatelliteListAppQuery, type SatelliteTableQuery } from '../../shared/api/params';
import type { Boundary, Page, SatelliteMetrics } from '../../shared/api/resources';
import type { SatelliteTableRow } from '../../shared/contract';
import { RISK_LEVELS } from '../../shared/api/values';
import { formatDay } from '../../shared/format-day';
import { jobSucceededAt, mirrorRecord, noneAtService, notDownloaded, projectScheduled, unknownProject } from './availability';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy, sortColumns, type SortColumn } from './sort-order';
import { addClause, newWhere, whereSql, type SqlWhere } from './sql-where';
import { matchSubstring } from './text-match';

type MetricsRow = Omit<SatelliteMetrics, 'has_boundary' | 'loss_by_year'> & { has_boundary: number; loss_by_year: string };
const METRIC_COLUMNS =
  's.project_id, s.has_boundary, s.boundary_source, s.area_km2, s.integrity_score, s.risk_level, s.risk_trajectory, s.total_loss_ha, ' +
  's.total_loss_pct, s.loss_by_year, s.peak_loss_year, s.peak_loss_ha, s.alert_count_12m, s.alert_area_ha, s.fire_count_12m, s.last_updated';

const toMetrics = (r: MetricsRow): SatelliteMetrics => ({
  ...r,
  has_boundary: r.has_boundary === 1,
  loss_by_year: JSON.parse(r.loss_by_year || '{}') as Record<string, number>,
});

/** The satellite table's sort fields as SQL (risk levels in their order of severity, not of spelling). */
const SATELLITE_SORT: Record<string, SortColumn> = {
  ...sortColumns('s', ['risk_trajectory', 'boundary_source'], [
    'integrity_score', 'area_km2', 'total_loss_ha', 'total_loss_pct', 'peak_loss_year', 'peak_loss_ha', 'alert_count_12m', 'alert_area_ha',
    'fire_count_12m', 'last_updated',
  ]),
  project_id: { terms: naturalIdOrderTerms('s.project_id') },
  name: { terms: ['fold(p.name)'] },
  country: { terms: ['fold(p.country)'] },
  risk_level: {
    // a level Carbon Desk does not know sorts after the known ones; none at all, last
    terms: [`(CASE WHEN s.risk_level IS NULL THEN NULL ${RISK_LEVELS.map((r, i) => `WHEN upper(s.risk_level) = '${r}' THEN ${i + 1}`).join(' ')} ELSE ${RISK_LEVELS.length + 1} END)`],
  },
};

/**
 * The filters of the satellite list: the service's (risk_level; has_boundary, default true, keeps
 * projects with a boundary, false applies no boundary filter) and the app's (search, boundary_cached).
 */
export function satelliteWhere(q: Omit<SatelliteListAppQuery, 'limit' | 'offset'>): SqlWhere {
  const w = newWhere();
  if (q.risk_level) addClause(w, 's.risk_level = ?', q.risk_level);
  if (q.has_boundary ?? SATELLITE_DEFAULTS.has_boundary) addClause(w, 's.has_boundary = 1');
  matchSubstring(w, ['s.project_id', 'p.name'], q.search?.trim());
  if (q.boundary_cached === true) addClause(w, 'EXISTS (SELECT 1 FROM project_boundaries b WHERE b.project_id = s.project_id AND b.found = 1)');
  if (q.boundary_cached === false) {
    addClause(w, 's.has_boundary = 1 AND NOT EXISTS (SELECT 1 FROM project_boundaries b WHERE b.project_id = s.project_id AND b.found = 1)');
  }
  return w;
}

/** The service's order (project id) unless the app's table asks for another. */
export const satelliteOrder = (sort: readonly string[] | undefined): string =>
  sort?.length ? orderBy(sort, SATELLITE_SORT, ['project_id'], 's.project_id') : 'ORDER BY s.project_id COLLATE NOCASE, s.project_id';

/** The metrics with their project (its name and country for search and sort). */
export const SATELLITE_FROM = 'satellite_metrics s LEFT JOIN projects p ON p.project_id = s.project_id';

/** Limit/offset over metrics ordered by project id (or the app's sort); has_boundary (default true) keeps projects with a boundary. */
export function listSatellite(db: Database.Database, q: SatelliteListAppQuery): SatelliteMetrics[] {
  const w = satelliteWhere(q);
  const rows = statement(db, `SELECT ${METRIC_COLUMNS} FROM ${SATELLITE_FROM} ${whereSql(w)} ${satelliteOrder(q.sort)} LIMIT ? OFFSET ?`)
    .all(...w.params, q.limit ?? SATELLITE_DEFAULTS.limit, q.offset ?? SATELLITE_DEFAULTS.offset) as MetricsRow[];
  return rows.map(toMetrics);
}

/** The same list as the app's table pages it: the pagination envelope over current_page / per_page. */
export function satelliteTable(db: Database.Database, q: SatelliteTableQuery): Page<SatelliteTableRow> {
  const w = satelliteWhere(q);
  const req = pageRequest(q);
  const total = (statement(db, `SELECT count(*) AS n FROM ${SATELLITE_FROM} ${whereSql(w)}`).get(...w.params) as { n: number }).n;
  const rows = statement(db, `SELECT ${METRIC_COLUMNS}, p.name AS project_name, p.country AS country FROM ${SATELLITE_FROM} ${whereSql(w)} ${satelliteOrder(q.sort)} LIMIT ? OFFSET ?`)
    .all(...w.params, req.perPage, req.offset) as Array<MetricsRow & { project_name: string | null; country: string | null }>;
  return pageEnvelope('/satellite/', q as Record<string, unknown>, req, total, rows.map((r) => ({ ...toMetrics(r), project_name: r.project_name, country: r.country })));
}

/** One project's metrics; when the cache holds none, why: not synced yet, or the service's list leaves it out. */
export function projectSatellite(db: Database.Database, args: { project_id: string }): SatelliteMetrics {
  const row = statement(db, `SELECT ${METRIC_COLUMNS} FROM satellite_metrics s WHERE s.project_id = ? COLLATE NOCASE`).get(args.project_id) as MetricsRow | undefined;
  if (row) return toMetrics(row);
  const listedAt = jobSucceededAt(db, 'satellite');
  const unknown = unknownProject(db, args.project_id);
  if (unknown && listedAt) throw unknown;
  if (listedAt) {
    throw noneAtService(`satellite metrics for project ${args.project_id}`, { resource: 'satellite', id: args.project_id, checkedAt: listedAt },
      `The service has no satellite metrics for project ${args.project_id}: its satellite list of ${formatDay(listedAt)} does not include it. Satellite metrics cover land-based projects (forest, land use, agriculture).`);
  }
  throw notDownloaded(`the satellite metrics of project ${args.project_id}`, { resource: 'satellite', id: args.project_id, scheduled: true },
    'The satellite metrics are not synced yet: the next sync fetches them.');
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
      `The service has no boundary for project ${projectId}: its satellite metrics say so (synced ${listedAt ? formatDay(listedAt) : 'earlier'}).`);
  }
  if (!metrics && listedAt) {
    return noneAtService(what, { resource: 'boundary', id: projectId, checkedAt: listedAt },
      `The service has no satellite data for project ${projectId} (its satellite list of ${formatDay(listedAt)} does not include it).`);
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
