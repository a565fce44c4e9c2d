import { describe, expect, it } from 'vitest';
import { GeometryError, isRingClosed, normaliseBoundaryGeometry, rfc7946Problems, ringSignedArea } from './geojson-geometry';

const ccw = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]];
const cw = [...ccw].reverse();
const holeCw = [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.8, 0.2], [0.2, 0.2]];

describe('boundary geometry (RFC 7946)', () => {
  it('keeps a valid polygon as is', () => {
    const g = normaliseBoundaryGeometry({ type: 'Polygon', coordinates: [ccw, holeCw] });
    expect(g).toEqual({ type: 'Polygon', coordinates: [ccw, holeCw] });
  });

  it('rewinds a clockwise exterior and a counter-clockwise hole', () => {
    const g = normaliseBoundaryGeometry({ type: 'Polygon', coordinates: [cw, [...holeCw].reverse()] });
    expect(ringSignedArea(g.coordinates[0] as number[][])).toBeGreaterThan(0);
    expect(ringSignedArea(g.coordinates[1] as number[][])).toBeLessThan(0);
    expect(rfc7946Problems({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: g, properties: {} }] })).toEqual([]);
  });

  it('closes an unclosed ring', () => {
    const g = normaliseBoundaryGeometry({ type: 'Polygon', coordinates: [ccw.slice(0, 4)] });
    expect(isRingClosed(g.coordinates[0] as number[][])).toBe(true);
    expect(g.coordinates[0]).toHaveLength(5);
  });

  it('normalises every polygon of a multipolygon', () => {
    const g = normaliseBoundaryGeometry({ type: 'MultiPolygon', coordinates: [[cw], [ccw]] });
    expect(g.type).toBe('MultiPolygon');
    for (const poly of g.coordinates as number[][][][]) expect(ringSignedArea(poly[0]!)).toBeGreaterThan(0);
  });

  it.each([
    ['too few positions', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] }, /at least 4/],
    ['longitude out of range', { type: 'Polygon', coordinates: [[[0, 0], [181, 0], [1, 1], [0, 0]]] }, /longitude/],
    ['latitude out of range', { type: 'Polygon', coordinates: [[[0, 0], [1, -91], [1, 1], [0, 0]]] }, /latitude/],
    ['not a number', { type: 'Polygon', coordinates: [[[0, 0], [1, 'x'], [1, 1], [0, 0]]] }, /finite/],
    ['no rings', { type: 'Polygon', coordinates: [] }, /at least one ring/],
    ['a point', { type: 'Point', coordinates: [0, 0] }, /not a boundary/],
    ['no area', { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [2, 2], [0, 0]]] }, /no area/],
    ['missing', null, /no geometry/],
  ])('refuses %s', (_name, geometry, message) => {
    expect(() => normaliseBoundaryGeometry(geometry)).toThrow(GeometryError);
    expect(() => normaliseBoundaryGeometry(geometry)).toThrow(message);
  });

  it('reports what is wrong with a collection', () => {
    const bad = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [cw.slice(0, 3)] } }] };
    const problems = rfc7946Problems(bad);
    expect(problems.some((p) => p.includes('not closed'))).toBe(true);
    expect(problems.some((p) => p.includes('fewer than 4'))).toBe(true);
  });
});
