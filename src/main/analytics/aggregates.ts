/**
 * Rollups the query layer reads instead of re-aggregating every transaction per request, rebuilt
 * when a sync job that feeds them completes (the cache worker calls refreshAggregates after each
 * job). Writes to their source rows mark them dirty (triggers in migration 100); a dirty or missing
 * rollup is never read: the query falls back to aggregating the transactions directly.
 * After a rebuild the planner's statistics are refreshed (ANALYZE with a row limit), so filtered
 * queries pick the selective index. A rebuild reads every transaction: in the table's own order
 * (NOT INDEXED) and sorted once, which is about twice as fast as the planner's walk of an index that
 * does not cover the columns summed (a lookup per row).
 */
import type Database from 'better-sqlite3';
import { buyerKey } from './buyer-metrics';
import { aggregateAllBuyers, foldPairRollup, transactionPairsSql } from './buyers';
import { marketToday } from './market-calendar';
import { ROLLUPS, rollupFresh, rollupTable, rollupWindowDay, type Rollup } from './rollup-state';
import { newWhere } from './sql-where';

/** Sync jobs whose rows each rollup is built from. */
const SOURCES: Record<Rollup, readonly string[]> = {
  credit_days: ['credits'],
  credit_months: ['credits'],
  credit_counts: ['credits'],
  beneficiary_names: ['credits'],
  buyer_projects: ['credits'],
  buyers: ['credits', 'projects'],
};

/** Rollups holding 12-month / 60-day windows, which are those of the day they were built. */
const WINDOWED: readonly Rollup[] = ['buyer_projects', 'buyers'];

/**
 * What a rebuild reads: the transactions table (as SQL: the live table, or a staged pass read from
 * another connection, see rollups-aside.ts), the day its windows end, and which rollups it may build
 * on (current, with today's windows). Each rebuild writes the rollup table its connection resolves
 * by name.
 */
export interface RollupSource {
  transactions: string;
  today: string;
  current: (rollup: Rollup) => boolean;
}

function rebuildCreditDays(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_credit_days').run();
  return db
    .prepare(`INSERT INTO agg_credit_days (transaction_date, transaction_type, vintage, quantity, transactions)
      SELECT transaction_date, transaction_type, vintage, total(quantity), count(*) FROM ${from.transactions} NOT INDEXED
      WHERE transaction_date IS NOT NULL GROUP BY transaction_date, transaction_type, vintage`)
    .run().changes;
}

function rebuildCreditMonths(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_credit_months').run();
  // From the day rollup when it is current (rebuilt just before in the same pass): a few rows per day.
  const days = from.current('credit_days');
  const sums = days ? 'total(quantity), sum(transactions)' : 'total(quantity), count(*)';
  return db
    .prepare(`INSERT INTO agg_credit_months (month_start, transaction_type, vintage, quantity, transactions)
      SELECT strftime('%Y-%m-01', transaction_date), transaction_type, vintage, ${sums} FROM ${days ? 'agg_credit_days' : from.transactions}
      WHERE transaction_date IS NOT NULL GROUP BY 1, 2, 3`)
    .run().changes;
}

function rebuildCreditCounts(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_credit_counts').run();
  return db
    .prepare(`INSERT INTO agg_credit_counts (project_id, transaction_type, vintage, transactions)
      SELECT project_id, transaction_type, vintage, count(*) FROM ${from.transactions} NOT INDEXED GROUP BY project_id, transaction_type, vintage`)
    .run().changes;
}

function rebuildBeneficiaryNames(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_beneficiary_names').run();
  return db
    .prepare(`INSERT INTO agg_beneficiary_names (name) SELECT DISTINCT retirement_beneficiary_harmonized FROM ${from.transactions}
      WHERE retirement_beneficiary_harmonized IS NOT NULL`)
    .run().changes;
}

function rebuildBuyerProjects(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_buyer_projects').run();
  // In SQL, row by row inside the engine: the pairs never cross into JavaScript (a market's worth of them is hundreds of MB there).
  const pairs = transactionPairsSql(newWhere(), from.today, false, from.transactions);
  const columns = 'project_id, buyer_key, buyer_name, total_volume, total_transactions, first_purchase, last_purchase, volume_12m, transactions_12m, volume_60d, transactions_60d';
  // A transaction without a parent project: in the buyers' totals, never in a project filter.
  return db.prepare(`INSERT INTO agg_buyer_projects (${columns}) SELECT ${columns} FROM (${pairs.sql}) WHERE project_id IS NOT NULL`).run(...pairs.params).changes;
}

/** Whether some retirement with a buyer has no parent project (those are not in agg_buyer_projects). */
const orphanRetirements = (db: Database.Database, transactions: string): boolean =>
  db.prepare(`SELECT EXISTS (SELECT 1 FROM ${transactions} WHERE project_id IS NULL AND transaction_type = 'retirement'
    AND retirement_beneficiary_harmonized IS NOT NULL)`).pluck().get() === 1;

function rebuildBuyers(db: Database.Database, from: RollupSource): number {
  db.prepare('DELETE FROM agg_buyers').run();
  const today = from.today;
  // Folded from the (project, buyer) rollup when it is current and holds every retirement.
  const fromPairs = from.current('buyer_projects') && !orphanRetirements(db, from.transactions);
  const buyers = fromPairs ? foldPairRollup(db, newWhere(), today) : aggregateAllBuyers(db, from.transactions, today);
  const insert = db.prepare(`INSERT INTO agg_buyers (buyer_key, buyer_name, total_volume, total_transactions, first_purchase, last_purchase,
      top_category, top_country, top_registry, window_today, volume_12m, transactions_12m, volume_60d, transactions_60d)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const b of buyers) {
    insert.run(buyerKey(b.buyer_name), b.buyer_name, b.total_volume, b.total_transactions, b.first_purchase, b.last_purchase,
      b.top_category, b.top_country, b.top_registry, today, b.volume_12m, b.transactions_12m, b.volume_60d, b.transactions_60d);
  }
  return buyers.length;
}

/** Each rollup's rebuild, in the order of ROLLUPS (months after days, buyers after their pairs). */
export const REBUILD: Record<Rollup, (db: Database.Database, from: RollupSource) => number> = {
  credit_days: rebuildCreditDays,
  credit_months: rebuildCreditMonths,
  credit_counts: rebuildCreditCounts,
  beneficiary_names: rebuildBeneficiaryNames,
  buyer_projects: rebuildBuyerProjects,
  buyers: rebuildBuyers,
};

/** The live transactions, building on the rollups agg_state says are current (with today's windows). */
function liveSource(db: Database.Database): RollupSource {
  const today = marketToday();
  return {
    transactions: 'credit_transactions',
    today,
    current: (r) => rollupFresh(db, r) && (!WINDOWED.includes(r) || rollupWindowDay(db, r) === today),
  };
}

/** Records `name` as current (built from `rows` source rows in `ms`, with the windows of `today`). */
function markCurrent(db: Database.Database, name: Rollup, rows: number, ms: number, today: string): void {
  db.prepare(`INSERT INTO agg_state (name, dirty, refreshed_at, source_rows, refresh_ms, window_today) VALUES (?, 0, ?, ?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET dirty = 0, refreshed_at = excluded.refreshed_at, source_rows = excluded.source_rows,
      refresh_ms = excluded.refresh_ms, window_today = excluded.window_today`)
    .run(name, new Date().toISOString(), rows, ms, WINDOWED.includes(name) ? today : null);
}

/**
 * Rebuilds the given rollups (all by default) in one transaction, marks them fresh, refreshes planner
 * statistics. With `prepared` (rollups being built beside a publishing), the others are rebuilt here
 * first, then the prepared ones copied; any the other thread did not build is rebuilt here too.
 */
export function rebuildRollups(db: Database.Database, rollups: readonly Rollup[] = ROLLUPS, prepared?: PreparedRollups): void {
  const rebuild = (name: Rollup) => {
    const t0 = performance.now();
    const from = liveSource(db);
    const rows = REBUILD[name](db, from);
    markCurrent(db, name, rows, performance.now() - t0, from.today);
  };
  db.transaction(() => {
    const beside = new Set(prepared?.planned ?? []);
    for (const name of rollups) if (!beside.has(name)) rebuild(name);
    if (!prepared) return;
    const adopted = new Set(adoptPrepared(db, rollups, prepared));
    for (const name of rollups) if (beside.has(name) && !adopted.has(name)) rebuild(name);
  })();
  db.pragma('analysis_limit = 1000');
  // Of the cache only (a scratch file may be attached).
  db.exec('ANALYZE main');
}

/**
 * Rollups built beside the publishing from the pass being published (rollups-aside.ts): `planned`
 * are those being built, `take` waits for them and answers those that are ready, with the day their
 * windows end and their sizes (none when the build failed).
 */
export interface PreparedRollups {
  /** The attached database holding them. */
  schema: string;
  planned: readonly Rollup[];
  take(): { today: string; built: Array<{ name: Rollup; rows: number; ms: number }> };
}

/** Copies the prepared rollups among `wanted` into the live tables; answers those it copied. */
function adoptPrepared(db: Database.Database, wanted: readonly Rollup[], prepared: PreparedRollups): Rollup[] {
  const { today, built } = prepared.take();
  // Windows of another day (the build crossed midnight) are rebuilt here instead.
  if (today !== marketToday()) return [];
  const adopted: Rollup[] = [];
  for (const b of built) {
    if (!wanted.includes(b.name)) continue;
    const t0 = performance.now();
    const table = rollupTable(b.name);
    db.prepare(`DELETE FROM main.${table}`).run();
    db.prepare(`INSERT INTO main.${table} SELECT * FROM ${prepared.schema}.${table}`).run();
    markCurrent(db, b.name, b.rows, b.ms + performance.now() - t0, today);
    adopted.push(b.name);
  }
  return adopted;
}

/**
 * Called by the cache worker after sync job `job` completes: rebuilds the rollups left dirty by its
 * writes (and any other dirty one, and the windowed ones when the day turned). `replaced`: the job's
 * table was swapped whole (no trigger saw its rows), so every rollup built from it is rebuilt, or
 * copied from `prepared` when they were built beside the publishing.
 */
export function refreshAggregates(db: Database.Database, job: string, replaced = false, prepared?: PreparedRollups): void {
  const today = marketToday();
  const stale = ROLLUPS.filter((r) => (replaced && SOURCES[r].includes(job)) || !rollupFresh(db, r) || (WINDOWED.includes(r) && rollupWindowDay(db, r) !== today));
  if (stale.length) rebuildRollups(db, stale, replaced ? prepared : undefined);
}
