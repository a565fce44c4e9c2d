/**
 * How far the publishing of a full credits pass has gone (see staged-table.ts), as a share of its
 * work, for the sync's ETA. Its steps cost very differently: recorded on the two-core reference
 * machine at ten times the default market (31.8 s in all), its eight index builds took 2.0 to 6.6 s
 * each (the first with what comes before it: the rollups thread's start, the live table dropped and
 * the staged one renamed), its triggers nothing, its rollups 4.2 s after the indexes (most of it
 * waiting for those built beside) and its commit 0.6 s. At the default market (2.41 and 2.45 s in
 * all, two runs) each step's share of the whole was within 4 points of those, so a share counted
 * from these costs times the rest of a publishing from its first step on: timed by its steps so
 * far, those two publishings read 2.29-2.74 s, within 6% from their second step (11% at the first).
 */
import type { StagedDependent } from './staged-table';

/** Seconds each index of the transactions took to build (see above); an index not listed costs UNLISTED_INDEX_COST. */
export const INDEX_COSTS: Readonly<Record<string, number>> = {
  credit_transactions_beneficiary_harmonized: 4.4,
  credit_transactions_project_id: 2.3,
  credit_transactions_project_nocase: 2.4,
  credit_transactions_quantity: 2.0,
  credit_transactions_retirement_window: 6.6,
  credit_transactions_transaction_date: 2.0,
  credit_transactions_type_nocase_date: 5.0,
  credit_transactions_vintage: 2.2,
};
/** An index a later migration adds: the median of those above. */
const UNLISTED_INDEX_COST = 2.3;
/** The rollups, after the indexes (see rollups-aside.ts in the query layer). */
const ROLLUPS_COST = 4.2;
/** The commit, after the rollups. */
const COMMIT_COST = 0.6;

const costOf = (d: StagedDependent): number => (d.type === 'trigger' ? 0 : (INDEX_COSTS[d.name] ?? UNLISTED_INDEX_COST));

/** The shares of a publishing whose table has `dependents` to recreate. */
export class PublishingGauge {
  private readonly costs: number[];
  private readonly total: number;

  constructor(dependents: readonly StagedDependent[]) {
    this.costs = dependents.map(costOf);
    this.total = this.costs.reduce((a, b) => a + b, 0) + ROLLUPS_COST + COMMIT_COST;
  }

  /** Its share done once the first `done` dependents are built. */
  built(done: number): number {
    return this.costs.slice(0, done).reduce((a, b) => a + b, 0) / this.total;
  }

  /** Its share done once its rollups are in too (its commit is left). */
  rolledUp(): number {
    return 1 - COMMIT_COST / this.total;
  }
}
