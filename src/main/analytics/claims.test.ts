/**
 * claims.verify on a hand-made market, on both engines: the matched retirements are the buyer's
 * (harmonized name, else as written) whole name by the folding rule, accents kept; near matches are
 * the other retirements whose other beneficiary fields contain it, never in the matched total; the
 * totals equal the sums over credits.list pages with the same filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { CreditTransaction } from '../../shared/api';
import { openQueryableCache } from './schema';
import { ENGINES, bothEngines, call, type BothEngines } from './testing/engines';
import { credit, project, writeCredits, writeProjects } from './testing/tiny-market';

const CREDITS: CreditTransaction[] = [
  credit({ id: 1, project_id: 'VCS-1', quantity: 100, vintage: 2020, transaction_date: '2024-02-01', retirement_beneficiary_harmonized: 'Ñandú Énergie' }),
  credit({ id: 2, project_id: 'VCS-1', quantity: 50.5, vintage: 2021, transaction_date: '2024-07-15', retirement_beneficiary_harmonized: 'ÑANDÚ ÉNERGIE' }),
  // unharmonized: the beneficiary as written, trimmed, names the buyer
  credit({ id: 3, project_id: 'GLD-2', quantity: 25, vintage: null, transaction_date: '2025-01-03', retirement_beneficiary_harmonized: null, retirement_beneficiary: '  ñandú énergie \n' }),
  // accents are part of the letter: not the buyer
  credit({ id: 4, project_id: 'VCS-1', quantity: 7, transaction_date: '2024-03-01', retirement_beneficiary_harmonized: 'Nandu Energie' }),
  // the name inside longer names: near matches in the beneficiary as written, never matched
  credit({ id: 5, project_id: 'VCS-1', quantity: 30, transaction_date: '2024-04-01', retirement_beneficiary_harmonized: 'Ñandú Énergie Holdings', retirement_beneficiary: 'Ñandú Énergie Holdings SA' }),
  credit({ id: 6, project_id: 'GLD-2', quantity: 40, transaction_date: '2024-05-01', retirement_beneficiary_harmonized: 'Broker Ltd', retirement_note: 'on behalf of ÑANDÚ ÉNERGIE' }),
  credit({ id: 7, project_id: 'GLD-2', quantity: 60, transaction_date: '2024-06-01', retirement_beneficiary_harmonized: 'Broker Ltd', retirement_note: 'On behalf of ñandú énergie', retirement_account: 'Ñandú Énergie account' }),
  credit({ id: 8, project_id: 'VCS-1', quantity: 9, transaction_date: '2024-08-01', retirement_beneficiary_harmonized: null, retirement_beneficiary: null, retirement_reason: 'offsetting for ñandú énergie' }),
  // a matched retirement whose other fields also carry the name is matched only
  credit({ id: 9, project_id: 'VCS-1', quantity: 11, vintage: 2021, transaction_date: '2024-09-01', retirement_beneficiary_harmonized: 'ñandú énergie', retirement_note: 'Ñandú Énergie' }),
  // not retirements
  credit({ id: 10, project_id: 'VCS-1', quantity: 1000, transaction_type: 'issuance', retirement_beneficiary_harmonized: 'Ñandú Énergie' }),
  credit({ id: 11, project_id: 'VCS-1', quantity: 500, transaction_type: 'cancellation', retirement_beneficiary: 'Ñandú Énergie' }),
  // another year, undated
  credit({ id: 12, project_id: 'VCS-1', quantity: 3, transaction_date: null, retirement_beneficiary_harmonized: 'Ñandú Énergie' }),
];

let db: Database.Database;
let engines: BothEngines;
beforeAll(async () => {
  db = openQueryableCache(':memory:');
  writeProjects(db, [project({ project_id: 'VCS-1', name: 'Forest One', registry: 'verra' }), project({ project_id: 'GLD-2', name: 'Stoves Two', registry: 'gold-standard' })]);
  writeCredits(db, CREDITS);
  engines = await bothEngines(db);
});
afterAll(async () => {
  await engines.close();
  db.close();
});

describe.each(ENGINES)('claims.verify, %s', (engine) => {
  const verify = (q: Record<string, unknown>) => call(engines.ctx(engine), 'claims.verify', q);

  it('matches the whole buyer name ignoring case, accents kept, unharmonized names included', async () => {
    const a = await verify({ beneficiary: 'ñandú ÉNERGIE', per_page: 100 });
    expect(a.transactions.data.map((t) => t.id).sort((x, y) => x - y)).toEqual([1, 2, 3, 9, 12]);
    expect(a.matched).toEqual({ quantity: 189.5, transactions: 5 });
    expect(a.shortfall).toBeNull();
    expect((await verify({ beneficiary: 'Nandu Energie' })).matched).toEqual({ quantity: 7, transactions: 1 });
    expect((await verify({ beneficiary: 'Ñandú Énergie Holdings' })).matched).toEqual({ quantity: 30, transactions: 1 });
    expect((await verify({ beneficiary: 'Ñandú' })).matched.transactions).toBe(0);
  });

  it('breaks the total down per project, vintage and year, largest transactions first', async () => {
    const a = await verify({ beneficiary: 'Ñandú Énergie', per_page: 100 });
    expect(a.by_project).toEqual([
      { project_id: 'VCS-1', project_name: 'Forest One', quantity: 164.5, transactions: 4 },
      { project_id: 'GLD-2', project_name: 'Stoves Two', quantity: 25, transactions: 1 },
    ]);
    expect(a.by_vintage).toEqual([
      { vintage: 2020, quantity: 103, transactions: 2 },
      { vintage: 2021, quantity: 61.5, transactions: 2 },
      { vintage: null, quantity: 25, transactions: 1 },
    ]);
    expect(a.by_year).toEqual([
      { year: 2024, quantity: 161.5, transactions: 3 },
      { year: 2025, quantity: 25, transactions: 1 },
      { year: null, quantity: 3, transactions: 1 },
    ]);
    expect(a.transactions.data.map((t) => t.id)).toEqual([1, 2, 3, 9, 12]);
  });

  it('applies dates, projects and vintages, and gives the shortfall or the excess', async () => {
    const a = await verify({ beneficiary: 'ñandú énergie', from: '2024-01-01', to: '2024-12-31', tonnes: 200 });
    expect(a.matched).toEqual({ quantity: 161.5, transactions: 3 });
    expect(a.shortfall).toBe(38.5);
    expect(a.excess).toBe(0);
    const b = await verify({ beneficiary: 'ñandú énergie', project_id: ['vcs-1'], vintage: [2021], tonnes: 10 });
    expect(b.matched).toEqual({ quantity: 61.5, transactions: 2 });
    expect(b).toMatchObject({ shortfall: 0, excess: 51.5 });
    const exact = await verify({ beneficiary: 'ñandú énergie', vintage: [2021], tonnes: 61.5 });
    expect(exact).toMatchObject({ shortfall: 0, excess: 0 });
  });

  it('lists near matches by field and value, never in the matched total', async () => {
    const a = await verify({ beneficiary: 'Ñandú Énergie' });
    expect(a.near_matches).toEqual([
      // values that fold alike are one group, shown as its first transaction writes it
      { field: 'retirement_note', value: 'on behalf of ÑANDÚ ÉNERGIE', quantity: 100, transactions: 2 },
      { field: 'retirement_account', value: 'Ñandú Énergie account', quantity: 60, transactions: 1 },
      { field: 'retirement_beneficiary', value: 'Ñandú Énergie Holdings SA', quantity: 30, transactions: 1 },
      { field: 'retirement_reason', value: 'offsetting for ñandú énergie', quantity: 9, transactions: 1 },
    ]);
    // a retirement near-matching in two fields counts once
    expect(a.near_match_total).toEqual({ quantity: 139, transactions: 4 });
    expect(a.matched.quantity).toBe(189.5);
  });

  it('pages the transactions', async () => {
    const p1 = await verify({ beneficiary: 'ñandú énergie', per_page: 2 });
    const p3 = await verify({ beneficiary: 'ñandú énergie', per_page: 2, current_page: 3 });
    expect(p1.transactions.pagination).toMatchObject({ total_entries: 5, total_pages: 3, current_page: 1 });
    expect(p1.transactions.data.map((t) => t.id)).toEqual([1, 2]);
    expect(p3.transactions.data.map((t) => t.id)).toEqual([12]);
    expect((await verify({ beneficiary: 'ñandú énergie', per_page: 2, current_page: 4 })).transactions.data).toEqual([]);
  });

  it('totals equal the sums over credits.list pages with the same filters', async () => {
    for (const q of [
      { beneficiary: 'ñandú énergie' },
      { beneficiary: 'Ñandú Énergie', from: '2024-03-01', to: '2024-12-31' },
      { beneficiary: 'ÑANDÚ ÉNERGIE', project_id: ['VCS-1'], vintage: [2020, 2021] },
      { beneficiary: 'broker ltd' },
    ]) {
      const claim = await verify(q);
      let sum = 0;
      let n = 0;
      for (let page = 1; ; page++) {
        const list = await call(engines.ctx(engine), 'credits.list', {
          buyer: q.beneficiary, transaction_type: ['retirement'], per_page: 2, current_page: page,
          ...('from' in q ? { transaction_date_from: q.from, transaction_date_to: q.to } : {}),
          ...('project_id' in q ? { project_id: q.project_id, vintage: q.vintage } : {}),
        });
        for (const t of list.data) sum += t.quantity!;
        n += list.data.length;
        if (!list.pagination.next_page) break;
      }
      expect(claim.matched, JSON.stringify(q)).toEqual({ quantity: sum, transactions: n });
    }
  });
});

it('answers alike on both engines', async () => {
  for (const q of [{ beneficiary: 'Ñandú Énergie', tonnes: 1 }, { beneficiary: 'broker', from: '2024-01-01' }, { beneficiary: 'nobody at all' }]) {
    const [a, b] = await Promise.all(ENGINES.map((e) => call(engines.ctx(e), 'claims.verify', q)));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  }
});
