/** Satellite metrics helpers: loss-by-year series, finding a project's metrics, paging by offset. */
import { satelliteMetricsSchema, type Boundary, type SatelliteMetrics } from '../../../../shared/api/resources';

/** loss_by_year ({"2019": 12.5, ...}) as chronological points; non-year keys and non-numbers dropped. */
export function lossSeries(lossByYear: Record<string, number>): Array<{ year: number; hectares: number }> {
  return Object.entries(lossByYear)
    .filter(([year, ha]) => /^\d{4}$/.test(year) && typeof ha === 'number' && Number.isFinite(ha))
    .map(([year, ha]) => ({ year: Number(year), hectares: ha }))
    .sort((a, b) => a.year - b.year);
}

/** A project's metrics: from the rows on screen, else from the properties of its boundary feature. */
export function findMetrics(projectId: string, rows: readonly SatelliteMetrics[] | null, boundaries: Boundary | null): SatelliteMetrics | null {
  const row = rows?.find((r) => r.project_id === projectId);
  if (row) return row;
  for (const f of boundaries?.features ?? []) {
    const props = f.properties ?? {};
    const id = typeof props['project_id'] === 'string' ? props['project_id'] : typeof f.id === 'string' ? f.id : null;
    if (id !== projectId) continue;
    const parsed = satelliteMetricsSchema.safeParse({ has_boundary: true, ...props, project_id: id });
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** Paging over limit/offset: the shown range and whether there is a next page. */
export function offsetPage(offset: number, limit: number, received: number): { from: number; to: number; hasPrevious: boolean; hasNext: boolean; previousOffset: number; nextOffset: number } {
  return {
    from: received ? offset + 1 : 0,
    to: offset + received,
    hasPrevious: offset > 0,
    hasNext: received === limit,
    previousOffset: Math.max(0, offset - limit),
    nextOffset: offset + limit,
  };
}
