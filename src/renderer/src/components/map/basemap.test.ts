import { describe, expect, it } from 'vitest';
import type { Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import { outlinesFromTopology } from './basemap';
import { numericCodeOf } from './choropleth';

describe('bundled basemap', () => {
  it('turns the Natural Earth atlas into country polygons keyed by ISO numeric code', () => {
    const fc = outlinesFromTopology(atlas as unknown as Topology);
    expect(fc.features.length).toBeGreaterThan(200);
    const brazil = fc.features.find((f) => f.id === numericCodeOf('BR'));
    expect(brazil?.properties.name).toBe('Brazil');
    expect(['Polygon', 'MultiPolygon']).toContain(brazil?.geometry.type);
  });

  it('refuses a topology without countries', () => {
    expect(() => outlinesFromTopology({ type: 'Topology', objects: {}, arcs: [] } as unknown as Topology)).toThrow(/no "countries"/);
  });
});
