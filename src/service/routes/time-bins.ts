/**
 * Chart bins: Y starts 1 January, M the 1st of the month, W Sundays, D days; a date
 * falls in the bin whose start <= date < next start. `end` is the next bin's start for D and W,
 * the month's last day for M and 31 December for Y.
 */
import type { ChartFrequency } from '../../shared/api/values';
import { addDays, monthEnd, weekday } from '../calendar';

export function binStart(date: string, freq: ChartFrequency): string {
  switch (freq) {
    case 'D':
      return date;
    case 'W':
      return addDays(date, -weekday(date));
    case 'M':
      return `${date.slice(0, 7)}-01`;
    case 'Y':
      return `${date.slice(0, 4)}-01-01`;
  }
}

export function binEnd(start: string, freq: ChartFrequency): string {
  switch (freq) {
    case 'D':
      return addDays(start, 1);
    case 'W':
      return addDays(start, 7);
    case 'M':
      return monthEnd(start);
    case 'Y':
      return `${start.slice(0, 4)}-12-31`;
  }
}

/** Sums values per bin; only non-empty bins, in chronological order. */
export function binSums(rows: readonly { date: string; value: number }[], freq: ChartFrequency): { start: string; end: string; value: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) {
    const start = binStart(r.date, freq);
    sums.set(start, (sums.get(start) ?? 0) + r.value);
  }
  return [...sums.keys()].sort().map((start) => ({ start, end: binEnd(start, freq), value: sums.get(start)! }));
}
