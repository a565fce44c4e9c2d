/**
 * The app-only exact buyer filter of credits.list (`buyer`): the whole harmonized name, ignoring case,
 * matched as buyers.get matches a buyer — so buyer "X" never counts "X Energy" (the substring
 * `beneficiary_search` does). Also in the CSV export of transactions, and never a service parameter.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { APP_ONLY_CREDIT_PARAMS, creditListAppQuery, creditListQuery } from '../../shared/api/params';
import { contract } from '../../shared/contract';
import { CSV_TABLES } from '../export/csv-tables';
import { analyticsQueries } from './index';
import { credit, project, writeCredits, writeProjects } from './testing/tiny-market';
import { openQueryableCache } from './schema';
import { rebuildRollups } from './aggregates';
import { ROLLUPS, rollupFresh } from './rollup-state';

const WEIRD = `O'Neil "Q" 50%_Co\\`;

let db: Database.Database;
const setUp = (withRollups: boolean) => {
  db = openQueryableCache(':memory:');
  writeProjects(db, [project({ project_id: 'VCS-1', registry: 'verra', category: 'forest' }), project({ project_id: 'GLD-2', registry: 'gold-standard', category: 'agriculture' })]);
  writeCredits(db, [
    credit({ id: 1, project_id: 'VCS-1', quantity: 10, retirement_beneficiary_harmonized: 'X' }),
    credit({ id: 2, project_id: 'GLD-2', quantity: 20, retirement_beneficiary_harmonized: 'x', transaction_date: '2025-03-01' }),
    credit({ id: 3, project_id: 'VCS-1', quantity: 30, retirement_beneficiary_harmonized: 'X Energy' }),
    credit({ id: 4, project_id: 'VCS-1', quantity: 40, retirement_beneficiary_harmonized: 'Energy X' }),
    credit({ id: 5, project_id: 'GLD-2', quantity: 50, retirement_beneficiary_harmonized: 'x energy', transaction_date: '2026-01-05' }),
    // an issuance carrying the name: not a retirement, so not one of the buyer's transactions
    credit({ id: 6, project_id: 'VCS-1', quantity: 60, retirement_beneficiary_harmonized: 'X', transaction_type: 'issuance' }),
    credit({ id: 7, project_id: 'VCS-1', quantity: 70, retirement_beneficiary_harmonized: WEIRD }),
    credit({ id: 8, project_id: 'GLD-2', quantity: 80, retirement_beneficiary_harmonized: `O'Neil "Q" 50%` }),
    credit({ id: 9, project_id: 'GLD-2', quantity: 90, retirement_beneficiary_harmonized: 'ONeil Q 50ab' }),
    credit({ id: 10, project_id: 'VCS-1', quantity: 5, retirement_beneficiary_harmonized: null, retirement_beneficiary: 'X' }),
  ]);
  // With every rollup current, no rollup shortcut (counts, buyers, names) may ignore or mishandle `buyer`.
  if (withRollups) {
    rebuildRollups(db);
    expect(ROLLUPS.every((r) => rollupFresh(db, r))).toBe(true);
  }
};
afterEach(() => db.close());

const list = (q: Record<string, unknown>) => analyticsQueries['credits.list'](db, contract['credits.list'].input.parse(q));
const ids = (q: Record<string, unknown>) => list({ sort: ['id'], ...q }).data.map((t) => t.id);
const retirementsOf = (buyer: string) => list({ buyer, transaction_type: ['retirement'], per_page: 1 }).pagination.total_entries;
const buyerGet = (buyerName: string) => analyticsQueries['buyers.get'](db, { buyer_name: buyerName });

describe.each([
  ['rollups not built', false],
  ['every rollup current', true],
])('credits.list buyer (exact harmonized name), %s', (_label, withRollups) => {
  beforeEach(() => setUp(withRollups));

  it('"X" is not "X Energy" or "Energy X"; the substring search would count them', () => {
    expect(ids({ buyer: 'X' })).toEqual([1, 2, 6]);
    expect(ids({ buyer: 'X', transaction_type: ['retirement'] })).toEqual([1, 2]);
    expect(ids({ buyer: 'X Energy' })).toEqual([3, 5]);
    expect(ids({ beneficiary_search: 'X', transaction_type: ['retirement'] })).toEqual([1, 2, 3, 4, 5]);
  });

  it('the retirement count equals buyers.get for either buyer (the buyer page shows exactly the buyer\'s transactions)', () => {
    expect(buyerGet('X')).toMatchObject({ total_transactions: 2, total_volume: 30 });
    expect(retirementsOf('X')).toBe(2);
    expect(buyerGet('X Energy')).toMatchObject({ total_transactions: 2, total_volume: 80 });
    expect(retirementsOf('X Energy')).toBe(2);
    const sum = list({ buyer: 'X Energy', transaction_type: ['retirement'] }).data.reduce((s, t) => s + t.quantity!, 0);
    expect(sum).toBe(buyerGet('X Energy').total_volume);
  });

  it('ignores case the way buyers.get does (NOCASE: ASCII letters)', () => {
    expect(ids({ buyer: 'x' })).toEqual(ids({ buyer: 'X' }));
    expect(ids({ buyer: 'X ENERGY' })).toEqual([3, 5]);
    expect(buyerGet('x ENERGY').total_transactions).toBe(retirementsOf('x ENERGY'));
    expect(ids({ buyer: 'x energ' })).toEqual([]);
    expect(ids({ buyer: ' X' })).toEqual([]);
  });

  it('%, _, quotes and backslashes are plain characters', () => {
    expect(ids({ buyer: WEIRD })).toEqual([7]);
    expect(ids({ buyer: WEIRD.toLowerCase() })).toEqual([7]);
    expect(retirementsOf(WEIRD)).toBe(buyerGet(WEIRD).total_transactions);
    expect(ids({ buyer: `O'Neil "Q" 50%` })).toEqual([8]);
    expect(ids({ buyer: 'ONeil Q 50__' })).toEqual([]); // `_` is no wildcard
    expect(ids({ buyer: `O'Neil "Q" 50%%` })).toEqual([]);
    expect(ids({ buyer: '%' })).toEqual([]); // `%` is no wildcard
    expect(ids({ buyer: "'; DROP TABLE credit_transactions; --" })).toEqual([]);
    expect(ids({})).toHaveLength(10);
  });

  it('combines with the other filters, sorts and pages (next_page keeps it)', () => {
    expect(ids({ buyer: 'x', registry: ['gold-standard'] })).toEqual([2]);
    expect(ids({ buyer: 'x', transaction_date_from: '2025-01-01' })).toEqual([2]);
    const page = list({ buyer: 'x energy', sort: ['-quantity'], per_page: 1 });
    expect(page.data.map((t) => t.id)).toEqual([5]);
    expect(page.pagination).toMatchObject({ total_entries: 2, total_pages: 2 });
    expect(page.pagination.next_page).toContain('buyer=x+energy');
    expect(list({ buyer: 'Nobody' }).pagination).toMatchObject({ total_entries: 0, total_pages: 0, next_page: null });
  });

  it('CSV export of transactions applies it: the same rows as credits.list', () => {
    const q = creditListAppQuery.parse({ buyer: 'X', transaction_type: ['retirement'], sort: ['-quantity'] });
    const source = CSV_TABLES['credit-transactions'].open(db, q);
    expect(source.total).toBe(2);
    expect([...source.rows].map((r) => r['id'])).toEqual([2, 1]);
    expect(contract['export.start'].input.parse({ table: 'credit-transactions', query: { buyer: 'X' } })).toMatchObject({ query: { buyer: 'X' } });
  });

  it('is app-only: the contract takes it, the service schema does not know it', () => {
    expect(APP_ONLY_CREDIT_PARAMS).toEqual(['buyer']);
    expect(Object.keys(creditListQuery.shape)).not.toContain('buyer');
    expect(creditListQuery.parse({ buyer: 'X' })).toEqual({}); // a service given ?buyer= drops it
    expect(contract['credits.list'].input.parse({ buyer: 'X' })).toEqual({ buyer: 'X' });
    expect(() => contract['credits.list'].input.parse({ buyer: '' })).toThrow();
  });
});
