import { describe, expect, it } from 'vitest';
import { binLabel, mergeFlows } from './time-bins';

describe('time bins', () => {
  it('merges issuance and retirement bins by start, chronologically, missing as 0', () => {
    const rows = mergeFlows(
      [{ start: '2021-01-01', value: 10 }, { start: '2019-01-01', value: 5 }],
      [{ start: '2020-01-01', value: 3 }, { start: '2021-01-01', value: 4 }],
    );
    expect(rows).toEqual([
      { start: '2019-01-01', issued: 5, retired: 0 },
      { start: '2020-01-01', issued: 0, retired: 3 },
      { start: '2021-01-01', issued: 10, retired: 4 },
    ]);
  });
  it('labels bins per frequency', () => {
    expect(binLabel('2021-01-01', 'Y')).toBe('2021');
    expect(binLabel('2021-03-01', 'M')).toBe('Mar 2021');
    expect(binLabel('2021-03-07', 'W')).toBe('week of 7 Mar 2021');
    expect(binLabel('2021-03-09', 'D')).toBe('9 Mar 2021');
  });
});
