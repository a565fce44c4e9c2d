/**
 * GeoJSON export: one project's boundary, or every cached boundary under the project filters and a
 * risk level, as ONE RFC 7946 FeatureCollection. Each feature carries the project's key fields and
 * its satellite metrics as properties; each geometry is validated (and rewound) before it is written;
 * a feature that cannot be repaired is left out and its project id reported in `skipped`.
 * Written feature by feature with backpressure: memory does not grow with the number of boundaries.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import type { boundariesExportQuery } from '../../shared/contract/export-types';
import { projectWhere, whereSql, type Where } from './cache-filters';
import { ExportCancelled, type WriteHooks } from './csv-writer';
import type { CacheRow, RowSource } from './csv-tables';
import { GeometryError, normaliseBoundaryGeometry } from './geojson-geometry';

export type BoundariesQuery = Partial<z.output<typeof boundariesExportQuery>>;

/** Project fields and satellite metrics copied into each feature's properties (in this order). */
export const BOUNDARY_PROJECT_FIELDS = ['project_id', 'name', 'registry', 'proponent', 'category', 'project_type', 'status', 'country', 'issued', 'retired', 'unretired'] as const;
export const BOUNDARY_METRIC_FIELDS = [
  'boundary_source', 'area_km2', 'integrity_score', 'risk_level', 'risk_trajectory', 'total_loss_ha', 'total_loss_pct', 'loss_by_year',
  'peak_loss_year', 'peak_loss_ha', 'alert_count_12m', 'alert_area_ha', 'fire_count_12m', 'last_updated',
] as const;

export function openBoundaries(db: Database.Database, query: BoundariesQuery): RowSource {
  const { project_id: projectId, risk_level: riskLevel, ...projectFilters } = query;
  const where: Where = { clauses: ['b.found = 1', 'b.geojson IS NOT NULL'], params: [] };
  if (projectId !== undefined) {
    where.clauses.push('b.project_id = ?');
    where.params.push(projectId);
  }
  if (riskLevel !== undefined) {
    where.clauses.push('s.risk_level = ?');
    where.params.push(riskLevel);
  }
  const p = projectWhere(projectFilters);
  if (p.clauses.length) {
    where.clauses.push(...p.clauses);
    where.params.push(...p.params);
  }
  const from = 'project_boundaries b LEFT JOIN read_projects p ON p.project_id = b.project_id LEFT JOIN satellite_metrics s ON s.project_id = b.project_id';
  const select = [
    'b.project_id AS boundary_project_id',
    'b.geojson AS geojson',
    ...BOUNDARY_PROJECT_FIELDS.filter((f) => f !== 'project_id').map((f) => `p.${f} AS ${f}`),
    ...BOUNDARY_METRIC_FIELDS.map((f) => `s.${f} AS ${f}`),
  ].join(', ');
  const condition = whereSql(where);
  const { n } = db.prepare(`SELECT count(*) AS n FROM ${from} ${condition}`).get(...where.params) as { n: number };
  const rows = db.prepare(`SELECT ${select} FROM ${from} ${condition} ORDER BY b.project_id ASC`).iterate(...where.params) as Iterable<CacheRow>;
  return { total: n, rows };
}

/** The properties of a boundary row's features: the project's key fields, then its satellite metrics. */
export function boundaryProperties(row: CacheRow): Record<string, unknown> {
  const props: Record<string, unknown> = { project_id: row['boundary_project_id'] };
  for (const f of BOUNDARY_PROJECT_FIELDS) if (f !== 'project_id') props[f] = row[f] ?? null;
  for (const f of BOUNDARY_METRIC_FIELDS) {
    const v = row[f] ?? null;
    props[f] = f === 'loss_by_year' && typeof v === 'string' ? JSON.parse(v) : v;
  }
  return props;
}

interface StoredFeature {
  type?: unknown;
  geometry?: unknown;
  properties?: Record<string, unknown> | null;
}

/** The features one cached boundary contributes (validated), and whether any had to be left out. */
export function boundaryFeatures(row: CacheRow): { features: object[]; problems: string[] } {
  const projectId = String(row['boundary_project_id']);
  const problems: string[] = [];
  let stored: { type?: unknown; features?: StoredFeature[]; geometry?: unknown };
  try {
    stored = JSON.parse(String(row['geojson'])) as typeof stored;
  } catch {
    return { features: [], problems: [`${projectId}: the cached boundary is not valid JSON`] };
  }
  const raw: StoredFeature[] =
    stored.type === 'FeatureCollection' && Array.isArray(stored.features) ? stored.features
    : stored.type === 'Feature' ? [stored as StoredFeature]
    : [{ type: 'Feature', geometry: stored, properties: null }];
  const properties = boundaryProperties(row);
  const features: object[] = [];
  raw.forEach((f, i) => {
    try {
      const geometry = normaliseBoundaryGeometry(f?.geometry);
      const id = raw.length === 1 ? projectId : `${projectId}#${i + 1}`;
      features.push({ type: 'Feature', id, geometry, properties: { ...(f.properties && typeof f.properties === 'object' ? f.properties : {}), ...properties } });
    } catch (err) {
      if (!(err instanceof GeometryError)) throw err;
      problems.push(`${projectId}: ${err.message}`);
    }
  });
  return { features, problems };
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes the FeatureCollection; resolves with the features written and the projects left out. */
export async function writeBoundaries(
  rows: Iterable<CacheRow>,
  out: Writable,
  hooks: WriteHooks & { onSkipped?(problem: string): void } = {},
): Promise<{ rows: number; features: number; skipped: string[] }> {
  const skipped: string[] = [];
  let count = 0;
  let features = 0;
  const every = hooks.progressEvery ?? 100;
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  try {
    await write(out, '{"type":"FeatureCollection","features":[\n');
    for (const row of rows) {
      if (hooks.isCancelled?.()) throw new ExportCancelled();
      const result = boundaryFeatures(row);
      for (const f of result.features) await write(out, `${features++ ? ',\n' : ''}${JSON.stringify(f)}`);
      if (result.problems.length) {
        skipped.push(String(row['boundary_project_id']));
        result.problems.forEach((p) => hooks.onSkipped?.(p));
      }
      count++;
      if (count % every === 0) hooks.onProgress?.(count);
    }
    await write(out, '\n]}\n');
  } catch (err) {
    out.destroy();
    throw err;
  }
  out.end();
  await finished;
  hooks.onProgress?.(count);
  return { rows: count, features, skipped: [...new Set(skipped)] };
}
