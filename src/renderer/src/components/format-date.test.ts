import { describe, expect, it } from 'vitest';
import { formatDate, formatDateSpan, formatDateTime, formatMonth, formatPeriod, formatYear } from './format-date';

describe('calendar dates on screen', () => {
  it('writes days as "4 Oct 2024"', () => {
    expect(formatDate('2024-10-04')).toBe('4 Oct 2024');
    expect(formatDate('2025-01-07')).toBe('7 Jan 2025');
    expect(formatDate('2024-02-29')).toBe('29 Feb 2024');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });
  it('writes month bins as "Oct 2024" and years as "2024"', () => {
    expect(formatMonth('2024-10')).toBe('Oct 2024');
    expect(formatMonth('2024-01-31')).toBe('Jan 2024');
    expect(formatMonth('2024-13')).toBe('2024-13');
    expect(formatYear('2024-10-04')).toBe('2024');
    expect(formatYear(2019)).toBe('2019');
    expect(formatYear('n/a')).toBe('n/a');
  });
  it('reads the periods the service sends', () => {
    expect(formatPeriod('2024')).toBe('2024');
    expect(formatPeriod('2024-Q3')).toBe('Q3 2024');
    expect(formatPeriod('2024-10')).toBe('Oct 2024');
    expect(formatPeriod('2024-10-04')).toBe('4 Oct 2024');
  });
  it('writes date-times in local time, with seconds when asked', () => {
    const local = new Date(2024, 9, 4, 14, 5, 9).toISOString();
    expect(formatDateTime(local)).toBe('4 Oct 2024 14:05');
    expect(formatDateTime(local, { seconds: true })).toBe('4 Oct 2024 14:05:09');
    expect(formatDateTime(undefined)).toBe('—');
  });
  it('writes a span with the year once when both ends share it', () => {
    expect(formatDateSpan('2026-01-01', '2026-11-25')).toBe('1 Jan – 25 Nov 2026');
    expect(formatDateSpan('2025-12-01', '2026-01-31')).toBe('1 Dec 2025 – 31 Jan 2026');
  });
});
