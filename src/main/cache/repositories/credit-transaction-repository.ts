/** Credit transactions, upserted by id; the parent project is flattened into columns. */
import type Database from 'better-sqlite3';
import type { CreditTransaction } from '../../../shared/api';
import type { WithExtra } from '../../../shared/api';
import { extraJson, json } from './sql-values';

export class CreditTransactionRepository {
  private readonly upsert: Database.Statement;
  private readonly deleteOlderPasses: Database.Statement;

  constructor(db: Database.Database) {
    this.upsert = db.prepare(`INSERT INTO credit_transactions (id, quantity, vintage, transaction_date, transaction_type,
        retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized,
        project_id, category, project_type, projects, sdg_goals, certifications, extra, sync_pass)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET quantity = excluded.quantity, vintage = excluded.vintage,
        transaction_date = excluded.transaction_date, transaction_type = excluded.transaction_type,
        retirement_account = excluded.retirement_account, retirement_beneficiary = excluded.retirement_beneficiary,
        retirement_reason = excluded.retirement_reason, retirement_note = excluded.retirement_note,
        retirement_beneficiary_harmonized = excluded.retirement_beneficiary_harmonized, project_id = excluded.project_id,
        category = excluded.category, project_type = excluded.project_type, projects = excluded.projects,
        sdg_goals = excluded.sdg_goals, certifications = excluded.certifications, extra = excluded.extra, sync_pass = excluded.sync_pass`);
    this.deleteOlderPasses = db.prepare('DELETE FROM credit_transactions WHERE sync_pass < ?');
  }

  upsertCreditTransactions(items: WithExtra<CreditTransaction>[], pass: number): void {
    for (const t of items) {
      const parent = t.projects[0];
      this.upsert.run(
        t.id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account, t.retirement_beneficiary,
        t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized, parent?.project_id ?? null,
        parent?.category ?? null, parent?.project_type ?? null, JSON.stringify(t.projects), json(t.sdg_goals),
        json(t.certifications), extraJson(t.extra), pass,
      );
    }
  }

  /** After a complete full pass: transactions the service no longer lists are removed. */
  removeCreditTransactionsBefore(pass: number): number {
    return this.deleteOlderPasses.run(pass).changes;
  }
}
