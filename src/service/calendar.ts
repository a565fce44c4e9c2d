/**
 * "Today" and the calendar arithmetic the service's semantics depend on. Dates are plain
 * `YYYY-MM-DD` strings in UTC; day numbers are days since 1970-01-01.
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Today (UTC): `CARBON_TODAY` (YYYY-MM-DD) when set, else the real date. */
export function today(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env.CARBON_TODAY?.trim();
  if (fixed) {
    if (!isValidDate(fixed)) throw new Error(`CARBON_TODAY must be a date YYYY-MM-DD, got '${fixed}'`);
    return fixed;
  }
  return new Date().toISOString().slice(0, 10);
}

export function isValidDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const toDayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dayStrings = new Map<number, string>();
/** The date of a day number (memoised: the generator converts the same few thousand days millions of times). */
export function fromDayNumber(day: number): string {
  let s = dayStrings.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size < 100_000) dayStrings.set(day, s);
  }
  return s;
}
export const addDays = (date: string, days: number): string => fromDayNumber(toDayNumber(date) + days);
export const daysBetween = (from: string, to: string): number => toDayNumber(to) - toDayNumber(from);

/** ISO 8601 week number and week-numbering year of a date. */
export function isoWeek(date: string): { week: number; year: number } {
  const day = toDayNumber(date);
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7; // Monday = 0
  const thursday = day - weekday + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const jan1 = toDayNumber(`${year}-01-01`);
  return { week: Math.floor((thursday - jan1) / 7) + 1, year };
}

/** Monday of ISO week `week` of ISO year `year`. */
export function isoWeekMonday(year: number, week: number): string {
  const jan4 = toDayNumber(`${String(year).padStart(4, '0')}-01-04`);
  const jan4Weekday = (new Date(jan4 * DAY_MS).getUTCDay() + 6) % 7;
  return fromDayNumber(jan4 - jan4Weekday + (week - 1) * 7);
}

/** Weekday of a date, Sunday = 0. */
export const weekday = (date: string): number => new Date(toDayNumber(date) * DAY_MS).getUTCDay();

/** Last day of the month of `date`. */
export function monthEnd(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** ISO 8601 UTC datetime without milliseconds: YYYY-MM-DDTHH:MM:SSZ. */
export const isoDateTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
