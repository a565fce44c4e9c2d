/** Satellite metrics (one row per project) and project boundaries (GeoJSON text). */
import type Database from 'better-sqlite3';
import type { Boundary, SatelliteMetrics } from '../../../shared/api';
import type { WithExtra } from '../../../shared/api';
import { extraJson, flag, json, nowIso } from './sql-values';

const COLUMNS = [
  'project_id', 'has_boundary', 'boundary_source', 'area_km2', 'integrity_score', 'risk_level', 'risk_trajectory',
  'total_loss_ha', 'total_loss_pct', 'loss_by_year', 'peak_loss_year', 'peak_loss_ha', 'alert_count_12m', 'alert_area_ha',
  'fire_count_12m', 'last_updated', 'extra', 'sync_pass',
] as const;

export class SatelliteRepository {
  private readonly upsert: Database.Statement;
  private readonly deleteOlder: Database.Statement;
  private readonly putBoundary: Database.Statement;

  constructor(db: Database.Database) {
    const updates = COLUMNS.filter((c) => c !== 'project_id').map((c) => `${c} = excluded.${c}`).join(', ');
    this.upsert = db.prepare(`INSERT INTO satellite_metrics (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})
      ON CONFLICT (project_id) DO UPDATE SET ${updates}`);
    this.deleteOlder = db.prepare('DELETE FROM satellite_metrics WHERE sync_pass < ?');
    this.putBoundary = db.prepare('INSERT OR REPLACE INTO project_boundaries (project_id, found, geojson, synced_at) VALUES (?, ?, ?, ?)');
  }

  upsertSatelliteMetrics(items: WithExtra<SatelliteMetrics>[], pass: number): void {
    for (const m of items) {
      this.upsert.run({ ...m, has_boundary: flag(m.has_boundary), loss_by_year: json(m.loss_by_year, '{}'), extra: extraJson(m.extra), sync_pass: pass });
    }
  }

  removeSatelliteMetricsBefore(pass: number): number {
    return this.deleteOlder.run(pass).changes;
  }

  /** A boundary as fetched; null records a 404 (no boundary file for the project). */
  putProjectBoundary(projectId: string, boundary: Boundary | null): void {
    this.putBoundary.run(projectId, boundary ? 1 : 0, boundary ? JSON.stringify(boundary) : null, nowIso());
  }
}
