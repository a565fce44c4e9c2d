import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditTransactionSchema, type CreditTransaction } from '../../shared/api';
import { CREDIT_SORT_FIELDS, DEFAULT_SORT, creditListAppQuery as creditListQuery, type CreditListAppQuery as CreditListQuery } from '../../shared/api/params';
import { rebuildRollups } from './aggregates';
import { creditWhere, creditWhereIn } from './credit-filters';
import { creditPageFromColumns } from './credit-columns-page';
import { CREDIT_SORT_COLUMNS, listCredits, toCreditTransaction } from './credits';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy } from './sort-order';
import { whereSql } from './sql-where';
import { seededRandom, type Random } from './testing/synced-market';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

/**
 * The query plans of credits.list (count rollup, project-ordered pages, bounded index walks, nulls
 * apart) against the plain statement they stand for: count(*) and ORDER BY ... LIMIT ... OFFSET.
 */
function plainListCredits(db: Database.Database, q: CreditListQuery) {
  const req = pageRequest(q);
  const where = creditWhere(q);
  const order = orderBy(q.sort, CREDIT_SORT_COLUMNS, DEFAULT_SORT.credits, 'c.id');
  const total = db.prepare(`SELECT count(*) FROM credit_transactions c ${whereSql(where)}`).pluck().get(...where.params) as number;
  const rows = db.prepare(`SELECT c.* FROM credit_transactions c ${whereSql(where)} ${order} LIMIT ? OFFSET ?`).all(...where.params, req.perPage, req.offset);
  return pageEnvelope('/v1/credits/', q, req, total, (rows as Parameters<typeof toCreditTransaction>[0][]).map(toCreditTransaction));
}

const PROJECT_IDS = ['VCS-1', 'VCS-2', 'VCS-3', 'vcs-3', 'GLD-4', 'GLD-5', 'ACR-6', 'CAR-7', 'ISO-8', 'PUR-9'];
const REGISTRY = { VCS: 'verra', vcs: 'verra', GLD: 'gold-standard', ACR: 'american-carbon-registry', CAR: 'climate-action-reserve', ISO: 'isometric', PUR: 'puro-earth' } as const;
const TYPES = ['issuance', 'retirement', 'cancellation', null] as const;
const BUYERS = ['Acme', 'acme', 'Zeta Air', '100% Green_Co', "O'Brien", null, null];

/** Transactions over the projects (one pair of ids differs only in case) and a few with no parent project. */
function market(r: Random): CreditTransaction[] {
  return Array.from({ length: 700 }, (_, i) => {
    const type = r.pick(TYPES);
    const fields = {
      id: 10_000 + i,
      quantity: r.int(1, 60),
      vintage: r.chance(0.1) ? null : r.int(2012, 2024),
      transaction_date: r.chance(0.05) ? null : `20${r.int(10, 26)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
      transaction_type: type,
      retirement_beneficiary_harmonized: type === 'retirement' ? r.pick(BUYERS) : null,
      retirement_account: r.chance(0.3) ? null : r.pick(['acc-1', 'ACC-2', 'Acc-1', 'b', 'Z']),
    };
    if (i % 97 === 0) return creditTransactionSchema.parse({ ...fields, projects: [] });
    // the projects sort in clusters (the registry decides the id prefix): a walk of the project order meets them late
    const projectId = PROJECT_IDS[Math.min(PROJECT_IDS.length - 1, Math.floor((r.next() * r.next()) * PROJECT_IDS.length * 1.5))]!;
    return credit({ ...fields, project_id: projectId, category: projectId.startsWith('G') ? 'energy-efficiency' : 'forest' });
  });
}

function randomQuery(r: Random): CreditListQuery {
  const q: Record<string, unknown> = {};
  if (r.chance(0.5)) q.transaction_type = r.some(['issuance', 'retirement', 'cancellation'], 2);
  if (r.chance(0.4)) q.registry = r.some(['verra', 'gold-standard', 'isometric', 'puro-earth'], 2);
  if (r.chance(0.2)) q.has_corsia = r.chance(0.5);
  if (r.chance(0.2)) q.vintage = r.some([2012, 2015, 2018, 2020, 2024], 3);
  if (r.chance(0.15)) q.vintage_min = r.int(2010, 2022);
  if (r.chance(0.15)) q.vintage_max = r.int(2014, 2026);
  if (r.chance(0.15)) q.project_id = r.some(PROJECT_IDS, 3).map(r.recase);
  if (r.chance(0.1)) q.transaction_date_from = '2018-01-01';
  if (r.chance(0.1)) q.beneficiary_search = r.pick(['acme', '%', 'air']);
  if (r.chance(0.1)) q.buyer = r.pick(['ACME', 'zeta air', "O'Brien", '100%']);
  if (r.chance(0.85)) {
    q.sort = Array.from({ length: r.int(1, 2) }, () => `${r.chance(0.5) ? '-' : ''}${r.pick(CREDIT_SORT_FIELDS)}`);
  }
  q.per_page = r.int(1, 60);
  q.current_page = r.int(1, 8);
  return creditListQuery.parse(q);
}

let db: Database.Database;
beforeAll(() => {
  db = tinyMarket();
  db.exec('DELETE FROM credit_transactions');
  writeProjects(db, PROJECT_IDS.map((id, i) =>
    project({ project_id: id, registry: REGISTRY[id.slice(0, 3) as keyof typeof REGISTRY], has_corsia: i % 3 === 0, category: 'forest' })));
  writeCredits(db, market(seededRandom(5)));
  rebuildRollups(db);
});
afterAll(() => db.close());

describe('credits.list plans = the plain statement', () => {
  it('over 600 seeded filter / sort / page combinations, with default and tiny walk budgets and without the rollup', () => {
    const r = seededRandom(11);
    let nonEmpty = 0;
    for (let i = 0; i < 600; i++) {
      const q = randomQuery(r);
      const expected = plainListCredits(db, q);
      expect(listCredits(db, q), JSON.stringify(q)).toEqual(expected);
      expect(listCredits(db, q, { columns: false }), JSON.stringify(q)).toEqual(expected);
      expect(listCredits(db, q, { columns: false, walkBudget: { min: 1, factor: 1 } }), JSON.stringify(q)).toEqual(expected);
      expect(listCredits(db, q, { rollup: false, walkBudget: { min: 3, factor: 2 } }), JSON.stringify(q)).toEqual(expected);
      if (expected.data.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(200); // the draw reaches real pages, not only empty ones
  });

  it('ascending sorts on pages where a key\'s values end and its nulls begin, and past them', () => {
    const r = seededRandom(12);
    let straddled = 0;
    for (let i = 0; i < 200; i++) {
      const field = r.pick(['vintage', 'retirement_beneficiary_harmonized', 'retirement_account', 'transaction_type', 'transaction_date'] as const);
      const filters = randomQuery(r);
      const sort = [field, ...(r.chance(0.5) ? [`-${r.pick(CREDIT_SORT_FIELDS)}`] : [])];
      const where = creditWhere(filters);
      const valued = db.prepare(`SELECT count(*) FROM credit_transactions c ${whereSql(where)} ${where.clauses.length ? 'AND' : 'WHERE'} c.${field} IS NOT NULL`).pluck().get(...where.params) as number;
      const perPage = r.int(2, 30);
      const page = Math.floor(Math.max(0, valued - r.int(0, perPage - 1)) / perPage) + 1 + (r.chance(0.2) ? 1 : 0);
      const q = creditListQuery.parse({ ...filters, sort, per_page: perPage, current_page: page });
      const expected = plainListCredits(db, q);
      expect(listCredits(db, q), JSON.stringify(q)).toEqual(expected);
      expect(listCredits(db, q, { columns: false }), JSON.stringify(q)).toEqual(expected);
      expect(listCredits(db, q, { columns: false, walkBudget: { min: 1, factor: 1 } }), JSON.stringify(q)).toEqual(expected);
      const values = expected.data.map((t) => t[field]);
      if (values.includes(null) && values.some((v) => v !== null)) straddled++;
    }
    expect(straddled).toBeGreaterThan(40);
  });

  it('the total of project, type and vintage filters is read from the count rollup', () => {
    const q = creditListQuery.parse({ registry: ['verra'], transaction_type: ['retirement'] });
    const counted = listCredits(db, q).pagination.total_entries;
    expect(counted).toBe(plainListCredits(db, q).pagination.total_entries);
    // change the rollup behind the triggers' back: the answer follows it (without the columnar copy, which counts itself)
    db.prepare("UPDATE agg_credit_counts SET transactions = transactions + 1000 WHERE project_id = 'VCS-1' AND transaction_type = 'retirement' AND vintage = (SELECT min(vintage) FROM agg_credit_counts)").run();
    expect(listCredits(db, creditListQuery.parse({ ...q, per_page: 7 }), { columns: false }).pagination.total_entries).toBe(counted + 1000);
    expect(listCredits(db, creditListQuery.parse({ ...q, per_page: 7 })).pagination.total_entries).toBe(counted);
    // a quantity bound is not a group filter: counted from the transactions (every quantity is >= 1)
    const bounded = creditListQuery.parse({ ...q, quantity_min: 0 });
    expect(listCredits(db, bounded, { columns: false }).pagination.total_entries).toBe(counted);
    rebuildRollups(db);
  });

  it('reads the matching projects\' transactions through their index when the projects select fewer rows than the type and vintage terms', () => {
    const few = creditListQuery.parse({ registry: ['isometric'], transaction_type: ['issuance', 'retirement'], sort: ['-retirement_account'] });
    const many = creditListQuery.parse({ registry: ['verra', 'gold-standard'], transaction_type: ['cancellation'], sort: ['-retirement_account'] });
    // (the planner's choice then follows the market's statistics: 1.3 s -> 25 ms for such a query at default scale, bench/query)
    expect(creditWhereIn(db, few).clauses.join(' AND ')).toContain('+c.transaction_type');
    expect(creditWhereIn(db, many).clauses.join(' AND ')).not.toContain('+c.transaction_type');
    for (const q of [few, many]) expect(listCredits(db, q)).toEqual(plainListCredits(db, q));
  });

  it('a vintage range: inclusive bounds, null vintages match none, AND-ed with the vintage set, counted from the rollup', () => {
    const all = db.prepare('SELECT vintage, transaction_type FROM credit_transactions').all() as Array<{ vintage: number | null; transaction_type: string | null }>;
    const count = (keep: (v: number | null) => boolean) => all.filter((t) => keep(t.vintage)).length;
    const total = (q: Record<string, unknown>) => listCredits(db, creditListQuery.parse(q)).pagination.total_entries;
    expect(all.some((t) => t.vintage === null)).toBe(true);
    expect(total({ vintage_min: 2015, vintage_max: 2018 })).toBe(count((v) => v !== null && v >= 2015 && v <= 2018));
    expect(total({ vintage_min: 2015, vintage_max: 2018 })).toBeGreaterThan(0);
    expect(total({ vintage_min: 2020 })).toBe(count((v) => v !== null && v >= 2020));
    expect(total({ vintage_max: 2013 })).toBe(count((v) => v !== null && v <= 2013));
    expect(total({ vintage_min: 2018, vintage_max: 2018 })).toBe(count((v) => v === 2018));
    expect(total({ vintage_min: 2019, vintage_max: 2015 })).toBe(0);
    expect(total({ vintage: [2012, 2016, 2019], vintage_min: 2015, vintage_max: 2019 })).toBe(count((v) => v === 2016 || v === 2019));
    // groups of (project, type, vintage) decide a range whole: the rollup's count, and the same rows as the plain statement
    const q = creditListQuery.parse({ registry: ['verra'], vintage_min: 2014, vintage_max: 2017, sort: ['project_id'], per_page: 13, current_page: 2 });
    db.prepare("UPDATE agg_credit_counts SET transactions = transactions + 1000 WHERE project_id = 'VCS-1' AND transaction_type = 'retirement' AND vintage = 2015").run();
    expect(listCredits(db, q, { columns: false }).pagination.total_entries).toBe(plainListCredits(db, q).pagination.total_entries + 1000);
    rebuildRollups(db);
    expect(listCredits(db, q)).toEqual(plainListCredits(db, q));
  });

  it('under a parent-project filter that selects fewer rows, the vintage bounds are kept from the index choice too', () => {
    const few = creditListQuery.parse({ registry: ['isometric'], vintage_min: 2012, vintage_max: 2024, sort: ['-retirement_account'] });
    const clauses = creditWhereIn(db, few).clauses.join(' AND ');
    expect(clauses).toContain('+c.vintage >= ?');
    expect(clauses).toContain('+c.vintage <= ?');
    expect(listCredits(db, few)).toEqual(plainListCredits(db, few));
    const wide = creditListQuery.parse({ vintage_min: 2016, vintage_max: 2016 });
    expect(creditWhereIn(db, wide).clauses.join(' AND ')).toBe('c.vintage >= ? AND c.vintage <= ?');
  });

  it('when the vintages select fewer transactions than the types and dates, the types and dates are kept from the index choice', () => {
    // One vintage of thirteen against every retirement since 2010 (about a quarter of the market).
    const rare = creditListQuery.parse({ vintage: [2012], transaction_type: ['retirement'], transaction_date_from: '2010-01-01', sort: ['-quantity'] });
    const clauses = creditWhereIn(db, rare).clauses.join(' AND ');
    expect(clauses).toContain('+c.transaction_type COLLATE NOCASE IN');
    expect(clauses).toContain('+c.transaction_date >= ?');
    expect(clauses).toContain('c.vintage IN');
    expect(listCredits(db, rare)).toEqual(plainListCredits(db, rare));
    expect(listCredits(db, rare, { columns: false })).toEqual(plainListCredits(db, rare));
    // Most vintages against one type in one month: left to the planner.
    const common = creditListQuery.parse({ vintage_min: 2012, transaction_type: ['cancellation'], transaction_date_from: '2026-09-01' });
    expect(creditWhereIn(db, common).clauses.join(' AND ')).toBe('c.transaction_type COLLATE NOCASE IN (?) AND c.vintage >= ? AND c.transaction_date >= ?');
  });

  it('the page of a broad filter sorted without an index is read by a scan of the table, a narrow filter\'s through the planner\'s index', () => {
    const m = tinyMarket();
    m.exec('DELETE FROM credit_transactions');
    writeProjects(m, PROJECT_IDS.map((id) => project({ project_id: id, registry: REGISTRY[id.slice(0, 3) as keyof typeof REGISTRY], category: 'forest' })));
    writeCredits(m, market(seededRandom(5)));
    rebuildRollups(m);
    const prepared: string[] = [];
    const prepare = m.prepare.bind(m);
    m.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof m.prepare;
    try {
      const scanned = (q: CreditListQuery) => {
        prepared.length = 0;
        expect(listCredits(m, q, { columns: false })).toEqual(plainListCredits(m, q));
        return prepared.some((sql) => sql.includes('credit_transactions c NOT INDEXED'));
      };
      // about half the market, and one project of ten (a few percent: under a sixteenth)
      expect(scanned(creditListQuery.parse({ transaction_type: ['retirement', 'issuance'], sort: ['-retirement_account'], current_page: 2 }))).toBe(true);
      expect(scanned(creditListQuery.parse({ project_id: ['ISO-8'], sort: ['-retirement_account'] }))).toBe(false);
    } finally {
      m.close();
    }
  });

  it('a written transaction makes the rollup dirty: the count falls back to the transactions', () => {
    const q = creditListQuery.parse({ registry: ['gold-standard'] });
    const before = listCredits(db, q).pagination.total_entries;
    writeCredits(db, [credit({ id: 99_999, project_id: 'GLD-4' })]);
    expect(listCredits(db, q).pagination.total_entries).toBe(before + 1);
    expect(listCredits(db, q)).toEqual(plainListCredits(db, q));
    db.prepare('DELETE FROM credit_transactions WHERE id = 99999').run();
    rebuildRollups(db);
  });
});

describe('sorts by numbers the columnar copy places by value, or by rank when it cannot', () => {
  /** A market of `n` transactions with sparse ids and quantities from `quantity`. */
  function numericMarket(r: Random, quantity: (r: Random) => number | null): Database.Database {
    const m = tinyMarket();
    m.exec('DELETE FROM credit_transactions');
    writeCredits(m, Array.from({ length: 300 }, (_, i) =>
      credit({ id: 1_000 + i * r.int(1, 40), project_id: r.pick(['VCS-1', 'VCS-2', 'GLD-3']), quantity: quantity(r), vintage: r.chance(0.2) ? null : r.int(-5, 2030), transaction_type: r.pick(['issuance', 'retirement']) })));
    rebuildRollups(m);
    return m;
  }

  const cases: Array<[string, (r: Random) => number | null]> = [
    ['integers, negatives and nulls (placed by value)', (r) => (r.chance(0.15) ? null : r.int(-50, 50))],
    ['fractions (ranked)', (r) => (r.chance(0.15) ? null : r.int(-400, 400) / 8)],
    ['integers too far apart to place by value (ranked)', (r) => (r.chance(0.1) ? null : r.pick([-(2 ** 52), 1, 7, 2 ** 52]))],
  ];
  it.each(cases)('%s: every page the same as the plain statement, answered from the copy', (_, quantity) => {
    const r = seededRandom(21);
    const m = numericMarket(r, quantity);
    try {
      for (let i = 0; i < 150; i++) {
        const sort = [`${r.chance(0.5) ? '-' : ''}${r.pick(['quantity', 'id', 'vintage'])}`];
        const q = creditListQuery.parse({ sort, per_page: r.int(1, 40), current_page: r.int(1, 10), ...(r.chance(0.3) ? { transaction_type: ['retirement'] } : {}) });
        expect(creditPageFromColumns(m, q, pageRequest(q)), JSON.stringify(q)).not.toBeNull();
        expect(listCredits(m, q), JSON.stringify(q)).toEqual(plainListCredits(m, q));
      }
    } finally {
      m.close();
    }
  });
});
