/**
 * Credit transactions; the parent project is flattened into columns (and `projects` kept only when
 * those columns do not say it all: ./credit-parents.ts). An incremental pass upserts
 * into the live table by id (a row whose values did not change is left alone, so it moves no index
 * and marks nothing dirty); a full pass writes into a staging table that replaces the live one when
 * the pass completes (see ../staged-table.ts).
 */
import type Database from 'better-sqlite3';
import type { CreditTransaction } from '../../../shared/api';
import type { WithExtra } from '../../../shared/api';
import { StagedTable } from '../staged-table';
import { CREDIT_COLUMNS, creditRows, type CreditRow } from './credit-rows';

/** What a transaction is: every column but its id and the pass that last wrote it. */
const VALUES = CREDIT_COLUMNS.filter((c) => c !== 'id' && c !== 'sync_pass');
const PLACEHOLDERS = CREDIT_COLUMNS.map(() => '?').join(', ');

export class CreditTransactionRepository {
  private readonly upsert: Database.Statement;
  private readonly staged: StagedTable;
  private stagedInsert: Database.Statement | null = null;

  constructor(private readonly db: Database.Database) {
    this.upsert = db.prepare(`INSERT INTO credit_transactions (${CREDIT_COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})
      ON CONFLICT (id) DO UPDATE SET ${[...VALUES, 'sync_pass'].map((c) => `${c} = excluded.${c}`).join(', ')}
      WHERE ${VALUES.map((c) => `${c} IS NOT excluded.${c}`).join(' OR ')}`);
    this.staged = new StagedTable(db, 'credit_transactions');
  }

  /** Into the live table (an incremental pass, or a write outside a pass). */
  upsertCreditTransactions(items: WithExtra<CreditTransaction>[], pass: number): void {
    this.upsertCreditRows(creditRows(items), pass);
  }

  /** Rows encoded by creditRows, into the live table. */
  upsertCreditRows(rows: readonly CreditRow[], pass: number): void {
    for (const row of rows) this.upsert.run(row, pass);
  }

  /** The staging table's name. */
  get stagingTable(): string {
    return this.staged.staging;
  }

  /** Whether a full pass's staging table is there (a pass resumed after a crash continues writing it). */
  hasStagedPass(): boolean {
    return this.staged.exists();
  }

  /** A full pass starts: an empty staging table. */
  startStagedPass(): void {
    this.staged.start();
    this.stagedInsert = null;
  }

  /** Into the staging table of the full pass in progress (a row seen twice keeps its last version). */
  stageCreditRows(rows: readonly CreditRow[], pass: number): void {
    if (!this.staged.exists()) this.startStagedPass();
    this.stagedInsert ??= this.db.prepare(`INSERT OR REPLACE INTO ${this.staged.staging} (${CREDIT_COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})`);
    for (const row of rows) this.stagedInsert.run(row, pass);
  }

  /**
   * A complete full pass replaces the live transactions (those the service no longer lists go with
   * them). Answers how many live rows the pass did not see.
   */
  publishStagedPass(): number {
    if (!this.staged.exists()) return 0;
    const before = this.db.prepare('SELECT count(*) FROM credit_transactions').pluck().get() as number;
    const unseen = this.db.prepare(`SELECT count(*) FROM credit_transactions WHERE id NOT IN (SELECT id FROM ${this.staged.staging})`).pluck().get() as number;
    this.staged.publish();
    this.stagedInsert = null;
    return before === 0 ? 0 : unseen;
  }

  /** A staged pass that will not be published (a new pass, an incremental one, a cleared cache). */
  dropStagedPass(): void {
    this.staged.drop();
    this.stagedInsert = null;
  }
}
