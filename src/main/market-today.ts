/** The market's "today" and its ISO week, the same for the sync and the offline query layer. */
import { getISOWeek, getISOWeekYear } from 'date-fns';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Today (UTC): `CARBON_TODAY` when set (YYYY-MM-DD), else the real date. */
export function marketToday(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env.CARBON_TODAY?.trim();
  if (fixed) {
    if (!DATE_RE.test(fixed) || Number.isNaN(Date.parse(`${fixed}T00:00:00Z`))) {
      throw new Error(`CARBON_TODAY must be a date YYYY-MM-DD, got '${fixed}'`);
    }
    return fixed;
  }
  return new Date().toISOString().slice(0, 10);
}

/** The ISO week (and its year) of the market's today: the week whose forensic diffs are current. */
export function currentIsoWeek(env: NodeJS.ProcessEnv = process.env): { week: number; year: number } {
  const today = new Date(`${marketToday(env)}T00:00:00Z`);
  return { week: getISOWeek(today), year: getISOWeekYear(today) };
}
