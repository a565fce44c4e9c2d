/**
 * Satellite verification metrics for land-based projects, and boundary polygons (RFC 7946:
 * closed rings, exterior counter-clockwise, longitude/latitude) where the project is: around the
 * place its name gives ("Minas Gerais Forest Conservation" lies in Minas Gerais), else anywhere in
 * the country's rough box.
 */
import { isoDateTime, toDayNumber } from '../calendar';
import type { ProjectSummary } from './project-summary';
import type { Rng } from './rng';
import { COUNTRIES, LAND_CATEGORIES, type CountrySeed } from './world';

/** How far around its place's point a project may lie, in degrees. */
export const PLACE_REACH_DEG = 0.8;

/** The place of its country a project's name begins with (the longest that matches), or null. */
export function placeOf(country: CountrySeed, name: string | null): CountrySeed['places'][number] | null {
  if (!name) return null;
  let found: CountrySeed['places'][number] | null = null;
  for (const place of country.places) if (name.startsWith(`${place[0]} `) && (!found || place[0].length > found[0].length)) found = place;
  return found;
}

/** The box a project's boundary is drawn in: around its named place (inside the country's box), or the country's box. */
export function projectBox(country: CountrySeed, name: string | null): readonly [number, number, number, number] {
  const place = placeOf(country, name);
  if (!place) return country.bbox;
  const [, lon, lat] = place;
  const [w, s, e, n] = country.bbox;
  return [Math.max(w, lon - PLACE_REACH_DEG), Math.max(s, lat - PLACE_REACH_DEG), Math.min(e, lon + PLACE_REACH_DEG), Math.min(n, lat + PLACE_REACH_DEG)];
}

export interface SatelliteRow {
  project_id: string;
  has_boundary: number;
  risk_level: string | null;
  metrics: string;
}

export const riskLevel = (score: number) => (score >= 80 ? 'VERY_LOW' : score >= 60 ? 'LOW' : score >= 40 ? 'MEDIUM' : 'HIGH');
export const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function boundaryPolygon(rng: Rng, bbox: readonly [number, number, number, number], areaKm2: number): number[][] {
  const [w, s, e, n] = bbox;
  const radiusDeg = Math.min(0.3, Math.sqrt(areaKm2 / Math.PI) / 111);
  const cx = w + (e - w) * (0.2 + 0.6 * rng.float());
  const cy = s + (n - s) * (0.2 + 0.6 * rng.float());
  const vertices = rng.int(8, 14);
  const ring: number[][] = [];
  const cosLat = Math.max(0.2, Math.cos((cy * Math.PI) / 180));
  for (let i = 0; i < vertices; i++) {
    // Increasing angle walks counter-clockwise; a star-shaped ring around the centre stays simple.
    const angle = (2 * Math.PI * (i + 0.3 * rng.float())) / vertices;
    const r = radiusDeg * (0.7 + 0.6 * rng.float());
    const lon = Math.min(e, Math.max(w, cx + (r * Math.cos(angle)) / cosLat));
    const lat = Math.min(n, Math.max(s, cy + r * Math.sin(angle)));
    ring.push([round(lon, 6), round(lat, 6)]);
  }
  ring.push([...ring[0]!]);
  return ring;
}

export function generateSatellite(rng: Rng, projects: readonly ProjectSummary[], today: string): { metrics: SatelliteRow[]; boundaries: { project_id: string; geojson: string }[] } {
  const metrics: SatelliteRow[] = [];
  const boundaries: { project_id: string; geojson: string }[] = [];
  const todayYear = Number(today.slice(0, 4));
  const todayMs = toDayNumber(today) * 86_400_000;
  for (const p of projects) {
    if (!p.category || !(LAND_CATEGORIES as readonly string[]).includes(p.category) || !rng.chance(0.65)) continue;
    const country = COUNTRIES.find((c) => c.name === p.country);
    const hasBoundary = country !== undefined && rng.chance(0.85);
    const area = round(rng.logNormal(250, 1.1), 2);
    const score = round(20 + rng.float() * 79, 1);
    const lossByYear: Record<string, number> = {};
    let total = 0;
    let peakYear = todayYear - 1;
    let peak = -1;
    for (let y = 2015; y < todayYear; y++) {
      const ha = round(rng.logNormal(area * 0.3 * (1 - score / 110), 1), 2);
      lossByYear[String(y)] = ha;
      total += ha;
      if (ha > peak) {
        peak = ha;
        peakYear = y;
      }
    }
    const level = riskLevel(score);
    const record = {
      project_id: p.project_id,
      has_boundary: hasBoundary,
      boundary_source: hasBoundary ? 'forest-carbon-boundaries' : null,
      area_km2: area,
      integrity_score: score,
      risk_level: level,
      risk_trajectory: rng.pick(['improving', 'stable', 'stable', 'worsening']),
      total_loss_ha: round(total, 2),
      total_loss_pct: round((total / (area * 100)) * 100, 3),
      loss_by_year: lossByYear,
      peak_loss_year: peakYear,
      peak_loss_ha: round(peak, 2),
      alert_count_12m: rng.int(0, 400),
      alert_area_ha: round(rng.float() * area * 5, 2),
      fire_count_12m: rng.int(0, 60),
      last_updated: isoDateTime(todayMs - rng.int(1, 40) * 86_400_000 - rng.int(0, 86_399) * 1000),
    };
    metrics.push({ project_id: p.project_id, has_boundary: hasBoundary ? 1 : 0, risk_level: level, metrics: JSON.stringify(record) });
    if (hasBoundary && country) {
      const ring = boundaryPolygon(rng, projectBox(country, p.name), area);
      const lons = ring.map((c) => c[0]!);
      const lats = ring.map((c) => c[1]!);
      const bbox = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
      boundaries.push({
        project_id: p.project_id,
        geojson: JSON.stringify({
          type: 'FeatureCollection',
          bbox,
          features: [{
            type: 'Feature',
            id: p.project_id,
            bbox,
            geometry: { type: 'Polygon', coordinates: [ring] },
            properties: { project_id: p.project_id, name: p.name, source: 'forest-carbon-boundaries', area_km2: area },
          }],
        }),
      });
    }
  }
  return { metrics, boundaries };
}
