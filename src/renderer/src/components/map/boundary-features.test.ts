import { describe, expect, it } from 'vitest';
import { checkBoundaries, countByRisk, projectIdOf, riskOf } from './boundary-features';

const square = (x: number, y: number) => [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]]];
const feature = (props: Record<string, unknown> | null, coordinates: unknown = square(10, 10), type = 'Polygon') => ({
  type: 'Feature',
  geometry: { type, coordinates },
  properties: props,
});

describe('checkBoundaries', () => {
  it('keeps every valid feature of a collection', () => {
    const fc = { type: 'FeatureCollection', features: [feature({ project_id: 'VCS1', risk_level: 'HIGH' }), feature({ project_id: 'VCS2' }, [square(0, 0)], 'MultiPolygon')] };
    const checked = checkBoundaries(fc);
    expect(checked.features).toHaveLength(2);
    expect(checked.rejected).toBe(0);
    expect(checked.problem).toBeNull();
  });

  it('drops only the invalid features and says which and why', () => {
    const bad = feature({ project_id: 'BAD' }, [[[500, 10], [11, 10], [11, 11], [500, 10]]]);
    const checked = checkBoundaries({ type: 'FeatureCollection', features: [feature({ project_id: 'OK' }), bad, { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} }] });
    expect(checked.features.map((f) => projectIdOf(f))).toEqual(['OK']);
    expect(checked.rejected).toBe(2);
    expect(checked.problem).toMatch(/^2 of 3 boundary features are not valid GeoJSON/);
    expect(checked.problem).toContain('feature 2');
  });

  it('rejects a value that is not GeoJSON at all', () => {
    expect(checkBoundaries({ hello: 'world' }).problem).toMatch(/not a GeoJSON FeatureCollection/);
    expect(checkBoundaries('<script>').features).toEqual([]);
  });

  it('treats nothing as nothing, and a bare Feature as one feature', () => {
    expect(checkBoundaries(undefined)).toEqual({ features: [], rejected: 0, problem: null });
    expect(checkBoundaries(feature({ project_id: 'X' })).features).toHaveLength(1);
  });

  it('rejects an unclosed ring shorter than four positions', () => {
    expect(checkBoundaries(feature({}, [[[0, 0], [1, 0], [0, 0]]])).rejected).toBe(1);
  });
});

describe('project id and risk of a feature', () => {
  it('reads project_id, then the feature id, then the fallback', () => {
    const [a, b, c] = checkBoundaries({
      type: 'FeatureCollection',
      features: [feature({ project_id: 'VCS9' }), { ...feature(null), id: 42 }, feature({})],
    }).features;
    expect(projectIdOf(a!)).toBe('VCS9');
    expect(projectIdOf(b!)).toBe('42');
    expect(projectIdOf(c!, 'GLD7')).toBe('GLD7');
    expect(projectIdOf(c!)).toBeNull();
  });

  it('counts features per risk level, an override winning over properties', () => {
    const { features } = checkBoundaries({
      type: 'FeatureCollection',
      features: [feature({ risk_level: 'HIGH' }), feature({ risk_level: 'very low' }), feature({ risk_level: 'bogus' }), feature({ risk_level: 'HIGH' })],
    });
    expect(countByRisk(features)).toEqual({ VERY_LOW: 1, LOW: 0, MEDIUM: 0, HIGH: 2, UNKNOWN: 1 });
    expect(countByRisk(features, 'MEDIUM')).toEqual({ VERY_LOW: 0, LOW: 0, MEDIUM: 4, HIGH: 0, UNKNOWN: 0 });
    expect(riskOf(features[1]!)).toBe('VERY_LOW');
  });
});
