/**
 * The offline basemap: Natural Earth 1:50m country outlines bundled with the app (world-atlas), and
 * the 1:110m ones for the locator inset,
 * turned from TopoJSON into GeoJSON once and kept. Loaded as a separate chunk by the bundler,
 * never fetched from a tile server.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export type CountryOutline = Feature<Geometry, { name: string }>;

let outlines: Promise<FeatureCollection<Geometry, { name: string }>> | null = null;
let insetOutlines: Promise<FeatureCollection<Geometry, { name: string }>> | null = null;

/** Converts a world-atlas topology into country features (id = ISO 3166-1 numeric code). */
export function outlinesFromTopology(topology: Topology): FeatureCollection<Geometry, { name: string }> {
  const objects = topology.objects as Record<string, GeometryCollection<{ name: string }>>;
  const countries = objects['countries'];
  if (!countries) throw new Error('the bundled atlas has no "countries" object');
  const fc = feature(topology, countries) as FeatureCollection<Geometry, { name: string }>;
  for (const f of fc.features) unwrapAntimeridian(f.geometry);
  return fc;
}

/**
 * Rings that cross the antimeridian (Russia, Fiji) jump from +180 to -180; drawn as is they streak
 * across the whole map. Unwrapping the longitudes of each ring (lon may then pass 180) keeps them whole.
 */
export function unwrapAntimeridian(geometry: Geometry | null): void {
  if (!geometry) return;
  const unwrapRing = (ring: number[][]) => {
    const lons = ring.map((p) => p[0]!);
    let shift = 0;
    const unwrapped = lons.map((lon, i) => {
      if (i > 0) {
        const step = lon + shift - (lons[i - 1]! + (shiftAt[i - 1] ?? 0));
        if (step > 180) shift -= 360;
        else if (step < -180) shift += 360;
      }
      shiftAt[i] = shift;
      return lon + shift;
    });
    shiftAt.length = 0;
    // a ring around a pole (Antarctica) does not close once unwrapped: keep it as it is
    if (Math.abs(unwrapped[unwrapped.length - 1]! - unwrapped[0]!) > 1e-9) return;
    ring.forEach((p, i) => {
      p[0] = unwrapped[i]!;
    });
  };
  const shiftAt: number[] = [];
  if (geometry.type === 'Polygon') geometry.coordinates.forEach(unwrapRing);
  else if (geometry.type === 'MultiPolygon') geometry.coordinates.forEach((poly) => poly.forEach(unwrapRing));
}

export function loadCountryOutlines(): Promise<FeatureCollection<Geometry, { name: string }>> {
  outlines ??= import('world-atlas/countries-50m.json').then((m) => outlinesFromTopology((m.default ?? m) as unknown as Topology));
  return outlines;
}

/** The 1:110m outlines (a tenth of the points), for the map's locator inset. */
export function loadInsetOutlines(): Promise<FeatureCollection<Geometry, { name: string }>> {
  insetOutlines ??= import('world-atlas/countries-110m.json').then((m) => outlinesFromTopology((m.default ?? m) as unknown as Topology));
  return insetOutlines;
}
