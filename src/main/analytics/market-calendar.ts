/**
 * "Today" and the date arithmetic of buyer metrics, chart bins and supply-demand periods.
 * Dates are `YYYY-MM-DD` strings in UTC.
 */
import type { ChartFrequency } from '../../shared/api/values';
import { marketToday } from '../market-today';

export { marketToday };

const DAY_MS = 86_400_000;

export const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const fromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const shiftDays = (date: string, days: number): string => fromDayNumber(dayNumber(date) + days);

/** SQL expression: the start of the bin holding the date expression `d` (Y: 1 Jan, M: 1st, W: Sunday, D: the day). */
export function binStartSql(freq: ChartFrequency, d: string): string {
  switch (freq) {
    case 'Y':
      return `strftime('%Y-01-01', ${d})`;
    case 'M':
      return `strftime('%Y-%m-01', ${d})`;
    case 'W':
      return `date(${d}, '-' || strftime('%w', ${d}) || ' days')`;
    case 'D':
      return `date(${d})`;
  }
}

/** The `end` of a bin (docs/api-assumptions.md, Charts): next bin start for D and W, the month's last day for M, 31 Dec for Y. */
export function binEnd(freq: ChartFrequency, start: string): string {
  switch (freq) {
    case 'D':
      return shiftDays(start, 1);
    case 'W':
      return shiftDays(start, 7);
    case 'M': {
      const y = Number(start.slice(0, 4));
      const m = Number(start.slice(5, 7));
      return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    }
    case 'Y':
      return `${start.slice(0, 4)}-12-31`;
  }
}

/** ISO 8601 week number and week-numbering year of a date. */
export function isoWeekOf(date: string): { week: number; year: number } {
  const day = dayNumber(date);
  const mondayBased = (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
  const thursday = day - mondayBased + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  return { week: Math.floor((thursday - dayNumber(`${year}-01-01`)) / 7) + 1, year };
}
