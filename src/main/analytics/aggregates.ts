/**
 * Rollups the query layer reads instead of re-aggregating every transaction per request, rebuilt
 * when a sync job that feeds them completes (the cache worker calls refreshAggregates after each
 * job). Writes to their source rows mark them dirty (triggers in migration 100); a dirty or missing
 * rollup is never read: the query falls back to aggregating the transactions directly.
 * After a rebuild the planner's statistics are refreshed (ANALYZE with a row limit), so filtered
 * queries pick the selective index.
 */
import type Database from 'better-sqlite3';
import { buyerKey } from './buyer-metrics';
import { aggregateBuyers } from './buyers';
import { marketToday } from './market-calendar';
import { ROLLUPS, rollupFresh, type Rollup } from './rollup-state';
import { newWhere } from './sql-where';

/** Sync jobs whose rows each rollup is built from. */
const SOURCES: Record<Rollup, readonly string[]> = {
  credit_days: ['credits'],
  credit_months: ['credits'],
  beneficiary_names: ['credits'],
  buyers: ['credits', 'projects'],
};

function rebuildCreditDays(db: Database.Database): number {
  db.prepare('DELETE FROM agg_credit_days').run();
  return db
    .prepare(`INSERT INTO agg_credit_days (transaction_date, transaction_type, vintage, quantity, transactions)
      SELECT transaction_date, transaction_type, vintage, sum(quantity), count(*) FROM credit_transactions
      WHERE transaction_date IS NOT NULL GROUP BY transaction_date, transaction_type, vintage`)
    .run().changes;
}

function rebuildCreditMonths(db: Database.Database): number {
  db.prepare('DELETE FROM agg_credit_months').run();
  return db
    .prepare(`INSERT INTO agg_credit_months (month_start, transaction_type, vintage, quantity, transactions)
      SELECT strftime('%Y-%m-01', transaction_date), transaction_type, vintage, sum(quantity), count(*) FROM credit_transactions
      WHERE transaction_date IS NOT NULL GROUP BY 1, 2, 3`)
    .run().changes;
}

function rebuildBeneficiaryNames(db: Database.Database): number {
  db.prepare('DELETE FROM agg_beneficiary_names').run();
  return db
    .prepare(`INSERT INTO agg_beneficiary_names (name) SELECT DISTINCT retirement_beneficiary_harmonized FROM credit_transactions
      WHERE retirement_beneficiary_harmonized IS NOT NULL`)
    .run().changes;
}

function rebuildBuyers(db: Database.Database): number {
  db.prepare('DELETE FROM agg_buyers').run();
  const today = marketToday();
  const buyers = aggregateBuyers(db, newWhere(), today);
  const insert = db.prepare(`INSERT INTO agg_buyers (buyer_key, buyer_name, total_volume, total_transactions, first_purchase, last_purchase,
      top_category, top_country, top_registry, window_today, volume_12m, transactions_12m, volume_60d, transactions_60d)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const b of buyers) {
    insert.run(buyerKey(b.buyer_name), b.buyer_name, b.total_volume, b.total_transactions, b.first_purchase, b.last_purchase,
      b.top_category, b.top_country, b.top_registry, today, b.volume_12m, b.transactions_12m, b.volume_60d, b.transactions_60d);
  }
  return buyers.length;
}

const REBUILD: Record<Rollup, (db: Database.Database) => number> = {
  credit_days: rebuildCreditDays,
  credit_months: rebuildCreditMonths,
  beneficiary_names: rebuildBeneficiaryNames,
  buyers: rebuildBuyers,
};

/** Rebuilds the given rollups (all by default) in one transaction, marks them fresh, refreshes planner statistics. */
export function rebuildRollups(db: Database.Database, rollups: readonly Rollup[] = ROLLUPS): void {
  db.transaction(() => {
    for (const name of rollups) {
      const t0 = performance.now();
      const rows = REBUILD[name](db);
      db.prepare(`INSERT INTO agg_state (name, dirty, refreshed_at, source_rows, refresh_ms) VALUES (?, 0, ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET dirty = 0, refreshed_at = excluded.refreshed_at, source_rows = excluded.source_rows,
          refresh_ms = excluded.refresh_ms`).run(name, new Date().toISOString(), rows, performance.now() - t0);
    }
  })();
  db.pragma('analysis_limit = 1000');
  db.exec('ANALYZE');
}

/** Whether the buyers' stored 12-month / 60-day windows end on a day other than today. */
function buyerWindowsOutdated(db: Database.Database): boolean {
  return db.prepare('SELECT EXISTS (SELECT 1 FROM agg_buyers WHERE window_today IS NOT ?)').pluck().get(marketToday()) === 1;
}

/** Called by the cache worker after sync job `job` completes: rebuilds the rollups built from it (and any left dirty). */
export function refreshAggregates(db: Database.Database, job: string): void {
  const stale = ROLLUPS.filter((r) => SOURCES[r].includes(job) || !rollupFresh(db, r) || (r === 'buyers' && buyerWindowsOutdated(db)));
  if (stale.length) rebuildRollups(db, stale);
}
