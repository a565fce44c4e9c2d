/** Which rollups (migrations 100–104) are built and current; see aggregates.ts. */
import type Database from 'better-sqlite3';

export const ROLLUPS = ['credit_days', 'credit_months', 'credit_counts', 'beneficiary_names', 'buyer_projects', 'buyers'] as const;
export type Rollup = (typeof ROLLUPS)[number];

/** The table a rollup is kept in. */
export const rollupTable = (rollup: Rollup): `agg_${Rollup}` => `agg_${rollup}`;

/** Whether `rollup` is built and none of its source rows changed since. */
export function rollupFresh(db: Database.Database, rollup: Rollup): boolean {
  const row = db.prepare('SELECT dirty FROM agg_state WHERE name = ?').get(rollup) as { dirty: number } | undefined;
  return row?.dirty === 0;
}

/** The day whose 12-month / 60-day windows a buyer rollup holds (null when not built). */
export function rollupWindowDay(db: Database.Database, rollup: Rollup): string | null {
  const row = db.prepare('SELECT window_today FROM agg_state WHERE name = ?').get(rollup) as { window_today: string | null } | undefined;
  return row?.window_today ?? null;
}
