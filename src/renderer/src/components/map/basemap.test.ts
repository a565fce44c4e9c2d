import { describe, expect, it } from 'vitest';
import type { Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import { outlinesFromTopology, unwrapAntimeridian } from './basemap';
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

describe('unwrapAntimeridian', () => {
  it('keeps a ring that crosses the antimeridian whole', () => {
    const geometry = { type: 'Polygon' as const, coordinates: [[[179, 10], [-179, 10], [-179, 11], [179, 11], [179, 10]]] };
    unwrapAntimeridian(geometry);
    expect(geometry.coordinates[0]!.map((p) => p[0])).toEqual([179, 181, 181, 179, 179]);
  });

  it('leaves a ring around the pole and ordinary rings alone', () => {
    const pole = { type: 'Polygon' as const, coordinates: [[[-180, -80], [0, -70], [180, -80], [180, -90], [-180, -90], [-180, -80]]] };
    const before = JSON.stringify(pole);
    unwrapAntimeridian(pole);
    expect(JSON.stringify(pole)).toBe(before);
    const plain = { type: 'Polygon' as const, coordinates: [[[10, 10], [11, 10], [11, 11], [10, 10]]] };
    unwrapAntimeridian(plain);
    expect(plain.coordinates[0]!.map((p) => p[0])).toEqual([10, 11, 11, 10]);
  });

  it('no country of the bundled atlas streaks across the map any more', () => {
    const fc = outlinesFromTopology(atlas as unknown as Topology);
    const widest = fc.features
      .filter((f) => f.properties.name !== 'Antarctica')
      .map((f) => {
        const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.flat() : [];
        return Math.max(0, ...rings.map((r) => Math.max(...r.map((p) => p[0]!)) - Math.min(...r.map((p) => p[0]!))));
      });
    expect(Math.max(...widest)).toBeLessThan(180);
  });
});
