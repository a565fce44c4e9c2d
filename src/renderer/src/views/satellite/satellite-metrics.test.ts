import { describe, expect, it } from 'vitest';
import type { Boundary } from '../../../../shared/api/resources';
import { findMetrics, lossSeries, offsetPage } from './satellite-metrics';

describe('lossSeries', () => {
  it('orders years and drops what is not a year with a number', () => {
    expect(lossSeries({ '2021': 3, '2019': 1.5, total: 9, '2020': Number.NaN })).toEqual([
      { year: 2019, hectares: 1.5 },
      { year: 2021, hectares: 3 },
    ]);
  });
});

describe('findMetrics', () => {
  const boundaries: Boundary = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, properties: { project_id: 'VCS7', risk_level: 'HIGH', integrity_score: 41, loss_by_year: { '2020': 2 } } }],
  };
  it('prefers the table rows, then the boundary properties', () => {
    const row = { project_id: 'VCS7', risk_level: 'LOW' } as never;
    expect(findMetrics('VCS7', [row], boundaries)).toBe(row);
    const fromFeature = findMetrics('VCS7', [], boundaries);
    expect(fromFeature?.risk_level).toBe('HIGH');
    expect(fromFeature?.integrity_score).toBe(41);
    expect(fromFeature?.loss_by_year).toEqual({ '2020': 2 });
    expect(findMetrics('GLD1', [], boundaries)).toBeNull();
  });
});

describe('offsetPage', () => {
  it('knows the range and whether more may follow', () => {
    expect(offsetPage(0, 100, 100)).toMatchObject({ from: 1, to: 100, hasPrevious: false, hasNext: true, nextOffset: 100 });
    expect(offsetPage(200, 100, 37)).toMatchObject({ from: 201, to: 237, hasPrevious: true, hasNext: false, previousOffset: 100 });
    expect(offsetPage(0, 100, 0)).toMatchObject({ from: 0, to: 0, hasNext: false });
  });
});
