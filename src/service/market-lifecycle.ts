/**
 * Which market the service serves, and its "today".
 *
 * A market is generated for a base day B (the clock's today when it is first generated): all its
 * activity is dated before B. Advancing it by N days adds the activity of the days B … B+N−1
 * (issuances, retirements, new projects, status changes, forensic entries, satellite alerts, policy
 * updates) and makes the market's today B+N. The database remembers B and N, so:
 * - `--advance-days N` serves the market of day B+N: the days not yet applied are added; a smaller N
 *   than already applied regenerates the base (same B) and advances it to N. Starting again with the
 *   same N changes nothing.
 * - Without the flag the market follows the clock (`CARBON_TODAY`, else the real UTC date): it is
 *   advanced to the clock's today, never back; after more than AUTO_ADVANCE_LIMIT_DAYS days it is
 *   generated afresh for the new day.
 * - A database whose market has another seed, scale, messiness or schema version, or whose base day
 *   is after the clock's today, is regenerated for the clock's today.
 * Every day's additions are drawn from the seed and the day's number, and read the market as the
 * earlier days left it, so advancing 7 then 7 more days gives the same market as 14 at once.
 * A market generated and not advanced is left without its credit transactions' indexes: the
 * service builds them while it already serves (store/credit-indexes.ts).
 */
import { addDays, daysBetween } from './calendar';
import { advanceMarket } from './generator/advance';
import { generateMarket } from './generator';
import { advancedDays, buildMissingCreditIndexesNow, readStamp, resetMarket, sealMarket, type Db, type MarketStamp } from './store/open-store';

export const AUTO_ADVANCE_LIMIT_DAYS = 120;

export interface MarketPlan {
  seed: number;
  scale: number;
  messy: boolean;
  /** The clock's today (YYYY-MM-DD). */
  clock: string;
  /** Days to advance past the base day; absent: follow the clock. */
  advanceDays?: number;
}

export interface PreparedMarket {
  base: string;
  /** The market's today: base + advanced days. */
  today: string;
  advancedDays: number;
  /** Whether this start generated the base market (false: it reused the one in the database). */
  generated: boolean;
  /** Time spent generating the base market (0 when reused). */
  generationMs: number;
  /** Time spent advancing (0 when nothing was added). */
  advanceMs: number;
}

export function prepareMarket(db: Db, plan: MarketPlan): PreparedMarket {
  const stamp = readStamp(db);
  const compatible = stamp !== undefined && stamp.seed === plan.seed && stamp.scale === plan.scale && stamp.messy === plan.messy && stamp.base <= plan.clock;
  let base = compatible ? stamp.base : plan.clock;
  let applied = compatible ? advancedDays(db) : 0;
  let regenerate = !compatible;
  let target: number;
  if (plan.advanceDays !== undefined) {
    target = plan.advanceDays;
  } else {
    const clockDays = daysBetween(base, plan.clock);
    if (clockDays > AUTO_ADVANCE_LIMIT_DAYS) {
      base = plan.clock;
      regenerate = true;
      target = 0;
    } else {
      target = Math.max(applied, clockDays);
    }
  }
  if (target < applied) regenerate = true;

  let generationMs = 0;
  if (regenerate) {
    const t0 = performance.now();
    const next: MarketStamp = { seed: plan.seed, scale: plan.scale, messy: plan.messy, base };
    resetMarket(db);
    generateMarket(db, { seed: next.seed, scale: next.scale, today: base, messy: next.messy });
    sealMarket(db, next, { creditIndexes: 'later' });
    generationMs = Math.round(performance.now() - t0);
    applied = 0;
  }
  let advanceMs = 0;
  if (target > applied) {
    const t0 = performance.now();
    // Advancing reads the transactions through their indexes.
    buildMissingCreditIndexesNow(db);
    advanceMarket(db, { seed: plan.seed, scale: plan.scale, messy: plan.messy, base }, applied, target);
    advanceMs = Math.round(performance.now() - t0);
  }
  return { base, today: addDays(base, target), advancedDays: target, generated: regenerate, generationMs, advanceMs };
}
