/**
 * RFC 7946 rules for boundary geometries, checked (and where safe repaired) before any is written:
 * positions are [longitude, latitude(, altitude)] of finite numbers with longitude in [-180, 180] and
 * latitude in [-90, 90]; a linear ring is closed (first position = last) and has >= 4 positions;
 * exterior rings are counter-clockwise and holes clockwise (section 3.1.6) — rings wound the other
 * way are reversed. An unclosed ring is closed by repeating its first position. Anything else
 * (bad numbers, out-of-range coordinates, too few positions, unknown geometry types) is refused
 * with the reason, so the caller can leave that feature out and say so.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';

export type BoundaryGeometry = Polygon | MultiPolygon;

export class GeometryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeometryError';
  }
}

function checkPosition(p: unknown, where: string): Position {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3) throw new GeometryError(`${where}: a position needs 2 or 3 numbers`);
  for (const n of p) if (typeof n !== 'number' || !Number.isFinite(n)) throw new GeometryError(`${where}: coordinates must be finite numbers`);
  const [lon, lat] = p as number[];
  if (lon! < -180 || lon! > 180) throw new GeometryError(`${where}: longitude ${lon} is outside [-180, 180]`);
  if (lat! < -90 || lat! > 90) throw new GeometryError(`${where}: latitude ${lat} is outside [-90, 90]`);
  return p as Position;
}

const samePosition = (a: Position, b: Position) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Twice the signed area (shoelace, planar lon/lat): > 0 counter-clockwise, < 0 clockwise. */
export function ringSignedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1! * y2! - x2! * y1!;
  }
  return sum;
}

export function isRingClosed(ring: readonly Position[]): boolean {
  return ring.length > 0 && samePosition(ring[0]!, ring[ring.length - 1]!);
}

/** A valid ring (closed, >= 4 positions, in range) wound as asked; throws GeometryError. */
export function normaliseRing(raw: unknown, exterior: boolean, where: string): Position[] {
  if (!Array.isArray(raw)) throw new GeometryError(`${where}: a linear ring must be an array of positions`);
  let ring = raw.map((p, i) => checkPosition(p, `${where}, position ${i}`));
  if (ring.length > 0 && !isRingClosed(ring)) ring = [...ring, ring[0]!];
  if (ring.length < 4) throw new GeometryError(`${where}: a linear ring needs at least 4 positions`);
  const area = ringSignedArea(ring);
  if (area === 0) throw new GeometryError(`${where}: the ring encloses no area`);
  const counterClockwise = area > 0;
  return counterClockwise === exterior ? ring : [...ring].reverse();
}

function normalisePolygon(raw: unknown, where: string): Position[][] {
  if (!Array.isArray(raw) || raw.length === 0) throw new GeometryError(`${where}: a polygon needs at least one ring`);
  return raw.map((ring, i) => normaliseRing(ring, i === 0, `${where}, ring ${i}`));
}

/** The geometry with every rule met (rings closed and rewound as RFC 7946 asks); throws GeometryError. */
export function normaliseBoundaryGeometry(raw: unknown): BoundaryGeometry {
  const g = raw as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object') throw new GeometryError('the feature has no geometry');
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: normalisePolygon(g.coordinates, 'polygon') };
  if (g.type === 'MultiPolygon') {
    if (!Array.isArray(g.coordinates) || g.coordinates.length === 0) throw new GeometryError('a multipolygon needs at least one polygon');
    return { type: 'MultiPolygon', coordinates: g.coordinates.map((p, i) => normalisePolygon(p, `polygon ${i}`)) };
  }
  throw new GeometryError(`geometry type '${String(g.type)}' is not a boundary (Polygon or MultiPolygon)`);
}

/** Every RFC 7946 rule this module enforces, as a list of problems (empty when valid). For tests and checks of written files. */
export function rfc7946Problems(collection: unknown): string[] {
  const problems: string[] = [];
  const fc = collection as { type?: unknown; features?: unknown };
  if (!fc || fc.type !== 'FeatureCollection') problems.push('not a FeatureCollection');
  if (!Array.isArray(fc?.features)) return [...problems, 'features is not an array'];
  fc.features.forEach((f: { type?: unknown; geometry?: { type?: unknown; coordinates?: unknown }; properties?: unknown }, i: number) => {
    if (f?.type !== 'Feature') problems.push(`feature ${i}: type is not Feature`);
    if (f?.properties !== null && (typeof f?.properties !== 'object' || Array.isArray(f.properties))) problems.push(`feature ${i}: properties must be an object or null`);
    const polygons: unknown[] = f?.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : f?.geometry?.type === 'MultiPolygon' ? (f.geometry.coordinates as unknown[]) : [];
    if (!polygons.length) problems.push(`feature ${i}: geometry is not a Polygon or MultiPolygon`);
    polygons.forEach((poly, j) => {
      if (!Array.isArray(poly) || poly.length === 0) return problems.push(`feature ${i} polygon ${j}: no rings`);
      poly.forEach((ring: unknown, k: number) => {
        const at = `feature ${i} polygon ${j} ring ${k}`;
        if (!Array.isArray(ring)) return problems.push(`${at}: not an array`);
        const positions = ring as Position[];
        if (positions.length < 4) problems.push(`${at}: fewer than 4 positions`);
        if (!isRingClosed(positions)) problems.push(`${at}: not closed`);
        for (const p of positions) {
          if (!Array.isArray(p) || p.length < 2 || p.some((n) => typeof n !== 'number' || !Number.isFinite(n))) {
            problems.push(`${at}: bad position`);
            break;
          }
          if (Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90) {
            problems.push(`${at}: coordinate out of range`);
            break;
          }
        }
        const area = ringSignedArea(positions);
        if (k === 0 && !(area > 0)) problems.push(`${at}: exterior ring is not counter-clockwise`);
        if (k > 0 && !(area < 0)) problems.push(`${at}: hole is not clockwise`);
      });
    });
  });
  return problems;
}
