/**
 * Geographic context from the bundled country outlines, with no network: where each country's
 * name goes (a point well inside its largest polygon), from which zoom the name fits inside it,
 * which names fit on screen together without overlapping, and which country a point lies in (the
 * map names the country it is centred on when that country's own label is out of view).
 */
import type { Geometry, Position } from 'geojson';
import type { CountryOutline } from './basemap';

export interface CountryLabel {
  /** The outline's id (ISO 3166-1 numeric) or, without one, its name. */
  key: string;
  name: string;
  /** The lowest map zoom at which the name fits inside the country's largest polygon. */
  minZoom: number;
  /** Area of the largest polygon in square degrees (bigger countries are labelled first). */
  size: number;
  /** Bounding box of the largest polygon: west, south, east, north. */
  bbox: [number, number, number, number];
  /** Where the name goes ([longitude, latitude]), found the first time it is asked for; null when no point inside was found. */
  position(): Position | null;
}

/** Pixels per character of a label at the map's label size (11px), a little generous. */
const CHAR_PX = 6.6;
export const LABEL_HEIGHT_PX = 14;
const MAX_LABEL_ZOOM = 9;
/** Points of a ring used to place a label (the full ring is used to test which country a point is in). */
const RING_SAMPLE = 160;

const polygonsOf = (g: Geometry | null): Position[][][] => (!g ? [] : g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []);

function ringArea(ring: readonly Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return Math.abs(a / 2);
}

function insideRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!, yi = ring[i]![1]!, xj = ring[j]![0]!, yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the polygon: inside its outer ring and outside its holes. */
function insidePolygon(x: number, y: number, polygon: readonly Position[][]): boolean {
  if (!polygon[0] || !insideRing(x, y, polygon[0])) return false;
  for (let h = 1; h < polygon.length; h++) if (insideRing(x, y, polygon[h]!)) return false;
  return true;
}

/** Squared distance from a point to a segment. */
function distanceToSegment2(x: number, y: number, a: Position, b: Position): number {
  const ax = a[0]!, ay = a[1]!, dx = b[0]! - ax, dy = b[1]! - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
  const ex = x - (ax + t * dx), ey = y - (ay + t * dy);
  return ex * ex + ey * ey;
}

/** Squared distance from a point to the nearest edge of the rings. */
function distanceToEdges2(x: number, y: number, rings: readonly Position[][]): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const d = distanceToSegment2(x, y, ring[i - 1]!, ring[i]!);
      if (d < best) best = d;
    }
  }
  return best;
}

const sample = (ring: readonly Position[]): Position[] => {
  if (ring.length <= RING_SAMPLE) return [...ring];
  const step = ring.length / RING_SAMPLE;
  const out: Position[] = [];
  for (let i = 0; i < RING_SAMPLE; i++) out.push(ring[Math.floor(i * step)]!);
  out.push(ring[0]!);
  return out;
};

/**
 * A point well inside the polygon: of a grid over its bounding box (then a finer one around the
 * best cell), the inside point farthest from its edges. A label there stays inside a C-shaped or
 * thin country, where the centroid may fall outside.
 */
export function labelPoint(polygon: readonly Position[][]): Position | null {
  const rings = polygon.map(sample);
  const outer = rings[0];
  if (!outer || outer.length < 4) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of outer) {
    minX = Math.min(minX, p[0]!); maxX = Math.max(maxX, p[0]!);
    minY = Math.min(minY, p[1]!); maxY = Math.max(maxY, p[1]!);
  }
  let best: { x: number; y: number; d: number } | null = null;
  const search = (x0: number, y0: number, w: number, h: number, n: number) => {
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        const x = x0 + (w * i) / n, y = y0 + (h * j) / n;
        if (!insidePolygon(x, y, rings)) continue;
        const d = distanceToEdges2(x, y, rings);
        if (!best || d > best.d) best = { x, y, d };
      }
    }
  };
  search(minX, minY, maxX - minX, maxY - minY, 12);
  if (!best) return null;
  const cellW = (maxX - minX) / 12, cellH = (maxY - minY) / 12;
  const coarse: { x: number; y: number } = best;
  search(coarse.x - cellW, coarse.y - cellH, 2 * cellW, 2 * cellH, 6);
  const found = best as { x: number; y: number };
  return [found.x, found.y];
}

/** Web Mercator y of a latitude, in world pixels at zoom 0 (256 px tall). */
const mercatorY = (lat: number) => {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 128 - (256 * Math.log((1 + s) / (1 - s))) / (4 * Math.PI);
};

/**
 * Each country's label: from which zoom its name fits, and where it goes (worked out when first
 * asked for: a view asks only for the countries it shows). Countries without a polygon are left out.
 */
export function countryLabels(outlines: readonly CountryOutline[]): CountryLabel[] {
  const out: CountryLabel[] = [];
  for (const f of outlines) {
    const name = f.properties?.name;
    if (!name) continue;
    let largest: Position[][] | null = null;
    let largestArea = 0;
    for (const polygon of polygonsOf(f.geometry)) {
      const a = polygon[0] ? ringArea(polygon[0]) : 0;
      if (a > largestArea) {
        largest = polygon;
        largestArea = a;
      }
    }
    if (!largest) continue;
    const polygon = largest;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const p of largest[0]!) {
      minX = Math.min(minX, p[0]!); maxX = Math.max(maxX, p[0]!);
      minY = Math.min(minY, p[1]!); maxY = Math.max(maxY, p[1]!);
    }
    // widths in world pixels at zoom 0; each zoom step doubles them
    const widthAt0 = ((maxX - minX) / 360) * 256;
    const heightAt0 = Math.abs(mercatorY(minY) - mercatorY(maxY));
    const labelWidth = name.length * CHAR_PX;
    const fitsFrom = Math.max(Math.log2(labelWidth / Math.max(widthAt0, 1e-6)), Math.log2(LABEL_HEIGHT_PX / Math.max(heightAt0, 1e-6)));
    let point: Position | null | undefined;
    out.push({
      key: f.id === undefined ? name : String(f.id),
      name,
      minZoom: Math.max(1, Math.min(MAX_LABEL_ZOOM, Math.ceil(fitsFrom))),
      size: largestArea,
      bbox: [minX, minY, maxX, maxY],
      position: () => (point === undefined ? (point = labelPoint(polygon)) : point),
    });
  }
  return out.sort((a, b) => b.size - a.size);
}

export interface LabelBox {
  key: string;
  /** Centre in screen pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Other centres the label may take, in order of preference, when the first one clashes. */
  alternatives?: ReadonlyArray<{ x: number; y: number }>;
}

/**
 * Of the candidates in priority order, those that fit without overlapping an earlier one (a few
 * pixels apart), each at the first of its positions that fits.
 */
export function placeLabels(candidates: readonly LabelBox[], gap = 4): Array<{ key: string; x: number; y: number }> {
  const placed: LabelBox[] = [];
  const clashes = (c: LabelBox, x: number, y: number) =>
    placed.some((p) => Math.abs(p.x - x) * 2 < p.width + c.width + gap * 2 && Math.abs(p.y - y) * 2 < p.height + c.height + gap * 2);
  for (const c of candidates) {
    const at = [{ x: c.x, y: c.y }, ...(c.alternatives ?? [])].find((p) => !clashes(c, p.x, p.y));
    if (at) placed.push({ ...c, x: at.x, y: at.y });
  }
  return placed.map((p) => ({ key: p.key, x: p.x, y: p.y }));
}

/** A label's box on screen for its name. */
export const labelWidth = (name: string) => name.length * CHAR_PX + 6;

/**
 * The country a point (longitude, latitude) lies in, or null (at sea). Longitudes past ±180 (the
 * map may pan there, and rings that cross the antimeridian are kept unwrapped) are tried both ways.
 */
export function countryAt(lon: number, lat: number, outlines: readonly CountryOutline[]): CountryOutline | null {
  const lons = [lon, lon - 360, lon + 360];
  for (const f of outlines) {
    for (const polygon of polygonsOf(f.geometry)) {
      const box = boxOf(polygon);
      for (const x of lons) if (x >= box[0] && x <= box[2] && lat >= box[1] && lat <= box[3] && insidePolygon(x, lat, polygon)) return f;
    }
  }
  return null;
}

/** An outline's bounding box over all its polygons: west, south, east, north. */
export function outlineBox(f: CountryOutline): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygonsOf(f.geometry)) {
    const b = boxOf(polygon);
    box[0] = Math.min(box[0], b[0]); box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]); box[3] = Math.max(box[3], b[3]);
  }
  return box;
}

export interface ViewSample {
  /** The country a sample point of the view lies in. */
  key: string;
  x: number;
  y: number;
}

/**
 * Where to name the countries a zoomed-in view shows only part of (their own label point is out of
 * view): each country's sample points of the view, the one nearest the middle of its samples first.
 * Countries covering more of the view come first.
 */
export function labelsInView(samples: readonly ViewSample[]): Array<{ key: string; points: Array<{ x: number; y: number }> }> {
  const groups = new Map<string, ViewSample[]>();
  for (const s of samples) {
    const group = groups.get(s.key);
    if (group) group.push(s);
    else groups.set(s.key, [s]);
  }
  return [...groups.values()]
    .sort((a, b) => b.length - a.length)
    .map((group) => {
      const mx = group.reduce((t, s) => t + s.x, 0) / group.length;
      const my = group.reduce((t, s) => t + s.y, 0) / group.length;
      const points = group.map(({ x, y }) => ({ x, y })).sort((a, b) => Math.hypot(a.x - mx, a.y - my) - Math.hypot(b.x - mx, b.y - my));
      return { key: group[0]!.key, points };
    });
}

const boxes = new WeakMap<readonly Position[][], [number, number, number, number]>();
/** A polygon's bounding box (kept: the outlines do not change). */
function boxOf(polygon: readonly Position[][]): [number, number, number, number] {
  let box = boxes.get(polygon);
  if (!box) {
    box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of polygon[0] ?? []) {
      box[0] = Math.min(box[0], p[0]!); box[1] = Math.min(box[1], p[1]!);
      box[2] = Math.max(box[2], p[0]!); box[3] = Math.max(box[3], p[1]!);
    }
    boxes.set(polygon, box);
  }
  return box;
}
