/**
 * Sort columns of credits.list (as the service sorts: strings ignoring case, nulls last, id last)
 * and the cache's indexes whose order is a sort key's order (ties by id).
 */
import type Database from 'better-sqlite3';
import { CREDIT_SORT_FIELDS } from '../../shared/api/params';
import { statement } from './query-memo';
import type { SortColumn } from './sort-order';

const TEXT_SORT = new Set([
  'project_id', 'transaction_type', 'retirement_account', 'retirement_beneficiary', 'retirement_reason', 'retirement_note',
  'retirement_beneficiary_harmonized',
]);

export const CREDIT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  CREDIT_SORT_FIELDS.map((f) => [f, { sql: `c.${f}`, text: TEXT_SORT.has(f) }]),
);

/** Per sort field: an index of `credit_transactions` in that field's order (NOCASE for text), ties by id. */
export const CREDIT_SORT_INDEX: Partial<Record<string, string>> = {
  project_id: 'credit_transactions_project_nocase',
  quantity: 'credit_transactions_quantity',
  transaction_date: 'credit_transactions_transaction_date',
  vintage: 'credit_transactions_vintage',
  retirement_beneficiary_harmonized: 'credit_transactions_beneficiary_harmonized',
};

/** Credit columns with an index of their own: whether one holds a null is a single index seek. */
const INDEXED = ['project_id', 'transaction_date', 'vintage', 'quantity', 'transaction_type', 'retirement_beneficiary_harmonized'];

/** Whether any cached transaction has a null `field` (an indexed field: one seek). */
export const creditColumnHasNulls = (db: Database.Database, field: string): boolean =>
  statement(db, `SELECT EXISTS (SELECT 1 FROM credit_transactions WHERE ${field} IS NULL) AS x`).pluck().get() === 1;

/** The sort columns, with `hasNulls` for the indexed ones (so an ascending sort can walk an index). */
export function creditSortColumns(db: Database.Database): Record<string, SortColumn> {
  const out: Record<string, SortColumn> = { ...CREDIT_SORT_COLUMNS };
  for (const f of INDEXED) out[f] = { ...out[f]!, hasNulls: () => creditColumnHasNulls(db, f) };
  return out;
}

/** Whether the index named exists in this cache (a cache migrated by an older build may lack one). */
export const indexExists = (db: Database.Database, index: string): boolean =>
  statement(db, "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)").pluck().get(index) === 1;
