/**
 * How busy the market is on each day: yearly activity of the voluntary carbon market (issuance and
 * retirement transactions), shaped like the real one: slow growth to 2016, fast growth to a 2021
 * peak, a dip, then steady growth. Weekends are quiet. Dates of generated transactions are drawn
 * from these curves (within each project's own active span), so yearly volumes grow smoothly and a
 * year in progress holds about its elapsed share of a full year, not a spike.
 */
import { fromDayNumber, toDayNumber, weekday } from '../calendar';
import type { Rng } from './rng';

/** Relative yearly activity; years before the table shrink by half a year, later ones grow 4% a year. */
const ISSUANCE_BY_YEAR: readonly number[] = [4, 6, 9, 13, 16, 19, 22, 25, 24, 23, 25, 28, 33, 42, 52, 66, 100, 86, 80, 84, 88];
const RETIREMENT_BY_YEAR: readonly number[] = [1, 1.5, 2.5, 4, 5, 7, 9, 11, 13, 15, 18, 22, 26, 34, 46, 60, 88, 90, 92, 97, 103];
const FIRST_YEAR = 2005;
const WEEKEND_FACTOR = 0.25;

export type ActivityKind = 'issuance' | 'retirement';

function yearWeight(table: readonly number[], year: number): number {
  const i = year - FIRST_YEAR;
  if (i < 0) return table[0]! * 0.5 ** -i;
  if (i >= table.length) return table[table.length - 1]! * 1.04 ** (i - table.length + 1);
  return table[i]!;
}

/** A day's relative activity. */
export function dayWeight(kind: ActivityKind, day: number): number {
  const date = fromDayNumber(day);
  const w = yearWeight(kind === 'issuance' ? ISSUANCE_BY_YEAR : RETIREMENT_BY_YEAR, Number(date.slice(0, 4)));
  const wd = weekday(date);
  return wd === 0 || wd === 6 ? w * WEEKEND_FACTOR : w;
}

/** Cumulative day weights over [firstDay, lastDay], for drawing days in proportion to activity. */
export class ActivityCurve {
  private readonly cumulative: Float64Array;

  constructor(readonly kind: ActivityKind, readonly firstDay: number, readonly lastDay: number) {
    this.cumulative = new Float64Array(lastDay - firstDay + 2);
    for (let d = firstDay; d <= lastDay; d++) this.cumulative[d - firstDay + 1] = this.cumulative[d - firstDay]! + dayWeight(kind, d);
  }

  static between(kind: ActivityKind, from: string, to: string): ActivityCurve {
    return new ActivityCurve(kind, toDayNumber(from), toDayNumber(to));
  }

  /** The summed activity of the days in [from, to] (clamped to the curve). */
  mass(from: number, to: number): number {
    const lo = Math.max(from, this.firstDay) - this.firstDay;
    const hi = Math.min(to, this.lastDay) - this.firstDay;
    return hi < lo ? 0 : this.cumulative[hi + 1]! - this.cumulative[lo]!;
  }

  /** A day in [from, to] (clamped to the curve), drawn in proportion to each day's activity. */
  draw(rng: Rng, from: number, to: number): number {
    const lo = Math.max(from, this.firstDay) - this.firstDay;
    const hi = Math.min(to, this.lastDay) - this.firstDay;
    if (hi <= lo) return lo + this.firstDay;
    const c = this.cumulative;
    const target = c[lo]! + rng.float() * (c[hi + 1]! - c[lo]!);
    let a = lo;
    let b = hi;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (c[mid + 1]! > target) b = mid;
      else a = mid + 1;
    }
    return a + this.firstDay;
  }
}
