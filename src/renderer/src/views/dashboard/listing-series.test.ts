import { describe, expect, it } from 'vitest';
import { stackListing } from './listing-series';

describe('stackListing', () => {
  it('aligns categories on the sorted bins, zero-filled, biggest category first', () => {
    const out = stackListing([
      { start: '2021-01-01', end: '2021-12-31', category: 'forest', value: 2 },
      { start: '2020-01-01', end: '2020-12-31', category: 'forest', value: 1 },
      { start: '2020-01-01', end: '2020-12-31', category: 'agriculture', value: 5 },
    ]);
    expect(out.starts).toEqual(['2020-01-01', '2021-01-01']);
    expect(out.series).toEqual([
      { category: 'agriculture', values: [5, 0], total: 5 },
      { category: 'forest', values: [1, 2], total: 3 },
    ]);
  });
  it('answers nothing for no points', () => {
    expect(stackListing([])).toEqual({ starts: [], series: [] });
  });
});
