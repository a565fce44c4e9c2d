import { describe, expect, it } from 'vitest';
import { binEnd, isoWeekOf, marketToday } from './market-calendar';
import { tinyMarket } from './testing/tiny-market';
import { binStartSql } from './market-calendar';

describe('chart bins', () => {
  const startOf = (freq: 'D' | 'W' | 'M' | 'Y', date: string) => {
    const db = tinyMarket();
    try {
      return db.prepare(`SELECT ${binStartSql(freq, 'x.d')} FROM (SELECT ? AS d) x`).pluck().get(date) as string;
    } finally {
      db.close();
    }
  };

  it('start: W on the Sunday on or before, M the 1st, Y 1 January, D the day', () => {
    expect(startOf('W', '2024-01-10')).toBe('2024-01-07'); // a Wednesday
    expect(startOf('W', '2024-01-07')).toBe('2024-01-07'); // a Sunday
    expect(startOf('W', '2024-01-01')).toBe('2023-12-31');
    expect(startOf('M', '2024-02-29')).toBe('2024-02-01');
    expect(startOf('Y', '2024-12-31')).toBe('2024-01-01');
    expect(startOf('D', '2024-12-31')).toBe('2024-12-31');
  });

  it('end: next start for D and W, the last day of the month for M, 31 December for Y', () => {
    expect(binEnd('D', '2024-12-31')).toBe('2025-01-01');
    expect(binEnd('W', '2023-12-31')).toBe('2024-01-07');
    expect(binEnd('M', '2024-02-01')).toBe('2024-02-29');
    expect(binEnd('M', '2023-02-01')).toBe('2023-02-28');
    expect(binEnd('Y', '2024-01-01')).toBe('2024-12-31');
  });
});

describe('today and ISO weeks', () => {
  it('CARBON_TODAY sets today; a malformed value is an error, not a silent fallback', () => {
    expect(marketToday({ CARBON_TODAY: '2026-06-30' })).toBe('2026-06-30');
    expect(() => marketToday({ CARBON_TODAY: '30/06/2026' })).toThrow(/CARBON_TODAY/);
    expect(marketToday({})).toBe(new Date().toISOString().slice(0, 10));
  });

  it('ISO week numbers across year ends', () => {
    expect(isoWeekOf('2026-06-30')).toEqual({ week: 27, year: 2026 });
    expect(isoWeekOf('2021-01-03')).toEqual({ week: 53, year: 2020 });
    expect(isoWeekOf('2024-12-30')).toEqual({ week: 1, year: 2025 });
  });
});
