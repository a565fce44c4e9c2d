import { describe, expect, it } from 'vitest';
import { samePeriodPreviousYear, yearToDate } from './year-to-date';

describe('year to date', () => {
  it('runs from 1 Jan to today, and the same days of the previous year', () => {
    expect(yearToDate('2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(samePeriodPreviousYear('2026-11-25')).toEqual({ from: '2025-01-01', to: '2025-11-25' });
    expect(samePeriodPreviousYear('2026-01-01')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(samePeriodPreviousYear('2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
  it('compares 29 Feb with 28 Feb of a year without it', () => {
    expect(samePeriodPreviousYear('2028-02-29')).toEqual({ from: '2027-01-01', to: '2027-02-28' });
    expect(samePeriodPreviousYear('2029-02-28')).toEqual({ from: '2028-01-01', to: '2028-02-28' });
    expect(samePeriodPreviousYear('2029-03-01')).toEqual({ from: '2028-01-01', to: '2028-03-01' });
  });
});
