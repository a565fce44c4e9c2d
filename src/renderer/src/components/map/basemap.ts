/**
 * The offline basemap: Natural Earth 1:50m country outlines bundled with the app (world-atlas),
 * turned from TopoJSON into GeoJSON once and kept. Loaded as a separate chunk by the bundler,
 * never fetched from a tile server.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export type CountryOutline = Feature<Geometry, { name: string }>;

let outlines: Promise<FeatureCollection<Geometry, { name: string }>> | null = null;

/** Converts a world-atlas topology into country features (id = ISO 3166-1 numeric code). */
export function outlinesFromTopology(topology: Topology): FeatureCollection<Geometry, { name: string }> {
  const objects = topology.objects as Record<string, GeometryCollection<{ name: string }>>;
  const countries = objects['countries'];
  if (!countries) throw new Error('the bundled atlas has no "countries" object');
  return feature(topology, countries) as FeatureCollection<Geometry, { name: string }>;
}

export function loadCountryOutlines(): Promise<FeatureCollection<Geometry, { name: string }>> {
  outlines ??= import('world-atlas/countries-50m.json').then((m) => outlinesFromTopology((m.default ?? m) as unknown as Topology));
  return outlines;
}
