import { describe, expect, it } from 'vitest';
import { lossSeries } from './satellite-metrics';

describe('lossSeries', () => {
  it('orders years and drops what is not a year with a number', () => {
    expect(lossSeries({ '2021': 3, '2019': 1.5, total: 9, '2020': Number.NaN })).toEqual([
      { year: 2019, hectares: 1.5 },
      { year: 2021, hectares: 3 },
    ]);
  });
});
