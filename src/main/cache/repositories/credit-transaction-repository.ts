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
import { storedParents } from './credit-parents';
import { extraJson, json } from './sql-values';

const COLUMNS = [
  'id', 'quantity', 'vintage', 'transaction_date', 'transaction_type', 'retirement_account', 'retirement_beneficiary',
  'retirement_reason', 'retirement_note', 'retirement_beneficiary_harmonized', 'project_id', 'category', 'project_type',
  'projects', 'sdg_goals', 'certifications', 'extra', 'sync_pass',
] as const;
/** What a transaction is: every column but its id and the pass that last wrote it. */
const VALUES = COLUMNS.filter((c) => c !== 'id' && c !== 'sync_pass');
const PLACEHOLDERS = COLUMNS.map(() => '?').join(', ');

export class CreditTransactionRepository {
  private readonly upsert: Database.Statement;
  private readonly staged: StagedTable;
  private stagedInsert: Database.Statement | null = null;

  constructor(private readonly db: Database.Database) {
    this.upsert = db.prepare(`INSERT INTO credit_transactions (${COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})
      ON CONFLICT (id) DO UPDATE SET ${[...VALUES, 'sync_pass'].map((c) => `${c} = excluded.${c}`).join(', ')}
      WHERE ${VALUES.map((c) => `${c} IS NOT excluded.${c}`).join(' OR ')}`);
    this.staged = new StagedTable(db, 'credit_transactions');
  }

  private params(t: WithExtra<CreditTransaction>, pass: number): unknown[] {
    const parent = t.projects[0];
    return [
      t.id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account, t.retirement_beneficiary,
      t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized, parent?.project_id ?? null,
      parent?.category ?? null, parent?.project_type ?? null, storedParents(t.projects), json(t.sdg_goals),
      json(t.certifications), extraJson(t.extra), pass,
    ];
  }

  /** Into the live table (an incremental pass, or a write outside a pass). */
  upsertCreditTransactions(items: WithExtra<CreditTransaction>[], pass: number): void {
    for (const t of items) this.upsert.run(...this.params(t, pass));
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
  stageCreditTransactions(items: WithExtra<CreditTransaction>[], pass: number): void {
    if (!this.staged.exists()) this.startStagedPass();
    this.stagedInsert ??= this.db.prepare(`INSERT OR REPLACE INTO ${this.staged.staging} (${COLUMNS.join(', ')}) VALUES (${PLACEHOLDERS})`);
    for (const t of items) this.stagedInsert.run(...this.params(t, pass));
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
