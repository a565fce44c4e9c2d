/**
 * How many credit transactions a credits.list filter matches (total_entries), remembered until the
 * data changes. Filters on the parent project, project ids, transaction types and vintages only
 * (the Transactions view's usual ones) are summed from the per-(project, type, vintage) rollup
 * `agg_credit_counts` when it is current: a few rows per matching project instead of every
 * matching transaction. Any other filter (dates, quantities, beneficiary search, the app-only buyer)
 * counts the transactions.
 */
import type Database from 'better-sqlite3';
import { creditWhere, hasBeneficiarySearch, rollupTransactions, type CreditFilters } from './credit-filters';
import { memoCount } from './query-memo';
import { rollupFresh } from './rollup-state';
import { whereSql, type SqlWhere } from './sql-where';

/** Whether every filter of `q` decides a (project, type, vintage) group as a whole. */
export function countableByGroups(q: CreditFilters): boolean {
  return (
    q.transaction_date_from === undefined &&
    q.transaction_date_to === undefined &&
    q.quantity_min === undefined &&
    q.quantity_max === undefined &&
    !hasBeneficiarySearch(q) &&
    q.buyer === undefined
  );
}

/** The number of transactions matching `q`; `where` is its WHERE on `credit_transactions c`. */
export function countCredits(db: Database.Database, q: CreditFilters, where: SqlWhere, options: { rollup?: boolean } = {}): number {
  if ((options.rollup ?? true) && countableByGroups(q) && rollupFresh(db, 'credit_counts')) {
    return rollupTransactions(db, 'agg_credit_counts', creditWhere(q, 'r'));
  }
  return memoCount(db, `credit_transactions c ${whereSql(where)}`, where.params);
}
