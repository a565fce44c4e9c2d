/**
 * The app-only exact buyer filter of credits.list (`buyer`): one buyer's retirements, the whole name
 * ignoring case, matched as buyers.get matches a buyer — so buyer "X" never counts "X Energy" (the
 * substring `beneficiary_search` does). A retirement's buyer is its harmonized beneficiary, else its
 * beneficiary as written (trimmed). Also in the CSV export of transactions, and never a service
 * parameter. On both engines of the read model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { APP_ONLY_CREDIT_PARAMS, creditListAppQuery, creditListQuery } from '../../shared/api/params';
import type { CreditTransaction } from '../../shared/api';
import { cleanText, foldCase } from '../../shared/case-folding';
import { contract } from '../../shared/contract';
import { CSV_TABLES } from '../export/csv-tables';
import { openQueryableCache } from './schema';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, writeCredits, writeProjects } from './testing/tiny-market';

const WEIRD = `O'Neil "Q" 50%_Co\\`;

const CREDITS: CreditTransaction[] = [
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
  // retirements without a harmonized name count for their beneficiary as written, trimmed
  credit({ id: 10, project_id: 'VCS-1', quantity: 5, retirement_beneficiary_harmonized: null, retirement_beneficiary: 'X' }),
  credit({ id: 11, project_id: 'VCS-1', quantity: 15, retirement_beneficiary_harmonized: null, retirement_beneficiary: '  x energy \n' }),
  // a blank harmonized name is none
  credit({ id: 12, project_id: 'GLD-2', quantity: 25, retirement_beneficiary_harmonized: '   ', retirement_beneficiary: 'Energy X' }),
  // a retirement naming nobody is nobody's
  credit({ id: 13, project_id: 'GLD-2', quantity: 35, retirement_beneficiary_harmonized: null, retirement_beneficiary: null }),
  // a beneficiary on an issuance is no buyer either
  credit({ id: 14, project_id: 'VCS-1', quantity: 45, retirement_beneficiary_harmonized: null, retirement_beneficiary: 'X', transaction_type: 'issuance' }),
  // one name beyond ASCII, harmonized once and written in capitals once
  credit({ id: 15, project_id: 'GLD-2', quantity: 55, retirement_beneficiary_harmonized: 'Ñuble Energía' }),
  credit({ id: 16, project_id: 'VCS-1', quantity: 65, retirement_beneficiary_harmonized: null, retirement_beneficiary: 'ÑUBLE ENERGÍA' }),
];

/** The buyer of a transaction computed here from the rule: a retirement's harmonized name, else its beneficiary as written, trimmed. */
const buyerOf = (t: CreditTransaction): string | null =>
  t.transaction_type === 'retirement' ? (cleanText(t.retirement_beneficiary_harmonized) ?? cleanText(t.retirement_beneficiary)) : null;

let db: Database.Database;
let engines: BothEngines;
beforeAll(async () => {
  db = openQueryableCache(':memory:');
  writeProjects(db, [project({ project_id: 'VCS-1', registry: 'verra', category: 'forest' }), project({ project_id: 'GLD-2', registry: 'gold-standard', category: 'agriculture' })]);
  writeCredits(db, CREDITS);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});

describe.each(ENGINES)('credits.list buyer (one buyer\'s retirements, the whole name), %s', (engine) => {
  const list = (q: Record<string, unknown>) => call(engines.ctx(engine), 'credits.list', q);
  const ids = async (q: Record<string, unknown>) => (await list({ sort: ['id'], ...q })).data.map((t) => t.id);
  const retirementsOf = async (buyer: string) => (await list({ buyer, transaction_type: ['retirement'], per_page: 1 })).pagination.total_entries;
  const buyerGet = (buyerName: string) => call(engines.ctx(engine), 'buyers.get', { buyer_name: buyerName });

  it('"X" is not "X Energy" or "Energy X"; the substring search would count them', async () => {
    expect(await ids({ buyer: 'X' })).toEqual([1, 2, 10]);
    expect(await ids({ buyer: 'X', transaction_type: ['retirement'] })).toEqual([1, 2, 10]);
    expect(await ids({ buyer: 'X Energy' })).toEqual([3, 5, 11]);
    expect(await ids({ beneficiary_search: 'X', transaction_type: ['retirement'] })).toEqual([1, 2, 3, 4, 5]);
  });

  it('the buyer\'s transactions are exactly the retirements that name it, as computed from the rows', async () => {
    for (const name of ['X', 'x energy', 'Energy X', WEIRD, `O'Neil "Q" 50%`, 'ONeil Q 50ab', 'ñuble energía', 'Nobody']) {
      const expected = CREDITS.filter((t) => buyerOf(t) !== null && foldCase(buyerOf(t)!) === foldCase(name)).map((t) => t.id);
      expect(await ids({ buyer: name }), name).toEqual(expected);
    }
  });

  it('the retirement count equals buyers.get for either buyer (the buyer page shows exactly the buyer\'s transactions)', async () => {
    expect(await buyerGet('X')).toMatchObject({ buyer_name: 'X', total_transactions: 3, total_volume: 35, unharmonized_transactions: 1 });
    expect(await retirementsOf('X')).toBe(3);
    expect(await buyerGet('X Energy')).toMatchObject({ buyer_name: 'X Energy', total_transactions: 3, total_volume: 95, unharmonized_transactions: 1 });
    expect(await retirementsOf('X Energy')).toBe(3);
    const sum = (await list({ buyer: 'X Energy', transaction_type: ['retirement'] })).data.reduce((s, t) => s + t.quantity!, 0);
    expect(sum).toBe((await buyerGet('X Energy')).total_volume);
    // a blank harmonized name is none: the retirement counts for its beneficiary as written
    expect(await buyerGet('energy x')).toMatchObject({ buyer_name: 'Energy X', total_transactions: 2, total_volume: 65, unharmonized_transactions: 1 });
    expect(await ids({ buyer: 'Energy X' })).toEqual([4, 12]);
  });

  it('ignores case the way buyers.get does: every letter folded, not only A-Z', async () => {
    expect(await ids({ buyer: 'x' })).toEqual(await ids({ buyer: 'X' }));
    expect(await ids({ buyer: 'X ENERGY' })).toEqual([3, 5, 11]);
    expect((await buyerGet('x ENERGY')).total_transactions).toBe(await retirementsOf('x ENERGY'));
    expect(await ids({ buyer: 'x energ' })).toEqual([]);
    expect(await ids({ buyer: ' X' })).toEqual([]);
    // a harmonized and an unharmonized retirement of one name beyond ASCII: one buyer, shown by its harmonized spelling
    expect(await ids({ buyer: 'ÑUBLE ENERGÍA' })).toEqual([15, 16]);
    expect(await buyerGet('ñuble energía')).toMatchObject({ buyer_name: 'Ñuble Energía', total_transactions: 2, total_volume: 120, unharmonized_transactions: 1 });
    expect(await ids({ buyer: 'nuble energia' })).toEqual([]); // accents are part of the letter
  });

  it('%, _, quotes and backslashes are plain characters', async () => {
    expect(await ids({ buyer: WEIRD })).toEqual([7]);
    expect(await ids({ buyer: WEIRD.toLowerCase() })).toEqual([7]);
    expect(await retirementsOf(WEIRD)).toBe((await buyerGet(WEIRD)).total_transactions);
    expect(await ids({ buyer: `O'Neil "Q" 50%` })).toEqual([8]);
    expect(await ids({ buyer: 'ONeil Q 50__' })).toEqual([]); // `_` is no wildcard
    expect(await ids({ buyer: `O'Neil "Q" 50%%` })).toEqual([]);
    expect(await ids({ buyer: '%' })).toEqual([]); // `%` is no wildcard
    expect(await ids({ buyer: "'; DROP TABLE credit_transactions; --" })).toEqual([]);
    expect(await ids({})).toHaveLength(CREDITS.length);
  });

  it('combines with the other filters, sorts and pages (next_page keeps it)', async () => {
    expect(await ids({ buyer: 'x', registry: ['gold-standard'] })).toEqual([2]);
    expect(await ids({ buyer: 'x', transaction_date_from: '2025-01-01' })).toEqual([2]);
    const page = await list({ buyer: 'x energy', sort: ['-quantity'], per_page: 1 });
    expect(page.data.map((t) => t.id)).toEqual([5]);
    expect(page.pagination).toMatchObject({ total_entries: 3, total_pages: 3 });
    expect(page.pagination.next_page).toContain('buyer=x+energy');
    expect((await list({ buyer: 'Nobody' })).pagination).toMatchObject({ total_entries: 0, total_pages: 0, next_page: null });
  });

  it('buyers.list lists every name a retirement gives, each once, with its unharmonized retirements', async () => {
    const buyers = (await call(engines.ctx(engine), 'buyers.list', { per_page: 100 })).data;
    const named = CREDITS.filter((t) => buyerOf(t) !== null);
    const keys = new Set(named.map((t) => foldCase(buyerOf(t)!)));
    expect(buyers.map((b) => foldCase(b.buyer_name)).sort()).toEqual([...keys].sort());
    for (const b of buyers) {
      const mine = named.filter((t) => foldCase(buyerOf(t)!) === foldCase(b.buyer_name));
      expect(b, b.buyer_name).toMatchObject({
        total_transactions: mine.length,
        total_volume: mine.reduce((s, t) => s + t.quantity!, 0),
        unharmonized_transactions: mine.filter((t) => cleanText(t.retirement_beneficiary_harmonized) === null).length,
      });
    }
    expect(buyers.reduce((s, b) => s + b.total_transactions, 0)).toBe(named.length);
    expect((await call(engines.ctx(engine), 'credits.totals', {})).buyers).toBe(keys.size);
    expect((await call(engines.ctx(engine), 'buyers.list', { search: 'ÑUBLE' })).data.map((b) => b.buyer_name)).toEqual(['Ñuble Energía']);
  });

  it('CSV export of transactions applies it: the same rows as credits.list', async () => {
    const q = creditListAppQuery.parse({ buyer: 'X', transaction_type: ['retirement'], sort: ['-quantity'] });
    const source = await CSV_TABLES['credit-transactions'].open(db, q);
    expect(source.total).toBe(3);
    const rows = [...source.rows].map((r) => r['id']);
    expect(rows).toEqual([2, 1, 10]);
    expect(rows).toEqual((await list(q)).data.map((t) => t.id));
    expect(contract['export.start'].input.parse({ table: 'credit-transactions', query: { buyer: 'X' } })).toMatchObject({ query: { buyer: 'X' } });
  });
});

describe('credits.list buyer is app-only', () => {
  it('the contract takes it, the service schema does not know it', () => {
    expect(APP_ONLY_CREDIT_PARAMS).toEqual(['buyer']);
    expect(Object.keys(creditListQuery.shape)).not.toContain('buyer');
    expect(creditListQuery.parse({ buyer: 'X' })).toEqual({}); // a service given ?buyer= drops it
    expect(contract['credits.list'].input.parse({ buyer: 'X' })).toEqual({ buyer: 'X' });
    expect(() => contract['credits.list'].input.parse({ buyer: '' })).toThrow();
  });
});
