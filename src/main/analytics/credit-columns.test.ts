import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditTransactionSchema, type CreditTransaction } from '../../shared/api';
import { BUYER_SORT_FIELDS, CREDIT_SORT_FIELDS, buyerListQuery, creditListAppQuery, creditsByCategoryQuery, globalCreditsByTransactionDateQuery, supplyDemandQuery } from '../../shared/api/params';
import { CHART_FREQUENCIES, SUPPLY_DEMAND_AGGREGATIONS } from '../../shared/api/values';
import { rebuildRollups, refreshAggregates } from './aggregates';
import { listBuyers } from './buyers';
import { creditsByCategory, creditsByTransactionDateAll } from './charts';
import {
  COPIED, CopyDueSoon, adoptCreditColumns, buildCreditColumns, buildCreditColumnsElsewhere, buildCreditColumnsInParts, candidateRows, copiedPartBuffers, creditColumns, creditColumnsBuffers,
  creditColumnsStale, readCreditColumnsPart, rowFilter, rowMatches, selectRows, storedDate, type CopiedPartRead, type CopiedPartRequest,
} from './credit-columns';
import { listCredits } from './credits';
import { supplyDemand } from './supply-demand';
import { seededRandom, type Random } from './testing/synced-market';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

/**
 * The reader's columnar copy of the transactions (credit-columns.ts) answers buyers.list, the
 * all-projects transaction-date chart, supply-demand, credits by category under a beneficiary search
 * and credits.list exactly as the SQL aggregation of the
 * transactions does (`rollup: false`), over seeded filter draws on a market with case variants of
 * project ids, categories and buyer names, nulls in every column, and transactions of no project;
 * and follows the data when a sync changes it.
 */

const PROJECT_IDS = ['VCS-1', 'VCS-2', 'VCS-3', 'vcs-3', 'GLD-4', 'GLD-5', 'ACR-6', 'CAR-7', 'ISO-8', 'UNCACHED-9'];
const REGISTRY: Record<string, string> = { VCS: 'verra', vcs: 'Verra', GLD: 'gold-standard', ACR: 'american-carbon-registry', CAR: 'climate-action-reserve', ISO: 'isometric' };
const CATEGORIES = ['forest', 'Forest', 'energy-efficiency', null];
const COUNTRIES = ['Kenya', 'kenya', 'Brazil', 'Peru', null];
const TYPES = ['issuance', 'retirement', 'retirement', 'cancellation', null] as const;
const BUYERS = ['Acme', 'acme', 'ACME', 'Zeta Air', 'zeta air', '100% Green_Co', "O'Brien", 'back\\slash', 'Mu', '\u{1F331} Leaf Ltd', '\uFF21\uFF22 Trading', null];
const TODAY = '2026-06-30';

function market(r: Random, count: number, firstId: number): CreditTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const type = r.pick(TYPES);
    const fields = {
      id: firstId + i,
      quantity: r.chance(0.05) ? null : r.int(1, 60),
      vintage: r.chance(0.1) ? null : r.int(2012, 2024),
      // dates up to and around "today", so the 12-month and 60-day windows and the current period matter
      transaction_date: r.chance(0.05) ? null : r.chance(0.3)
        ? `2026-0${r.int(1, 7)}-${String(r.int(10, 28))}`
        : `20${r.int(10, 26)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      transaction_type: type,
      // a name on a few other transactions too: a beneficiary search finds them, the buyers never count them
      retirement_beneficiary_harmonized: type === 'retirement' || r.chance(0.1) ? r.pick(BUYERS) : null,
    };
    if (i % 97 === 0) return creditTransactionSchema.parse({ ...fields, projects: [] });
    return credit({ ...fields, project_id: r.pick(PROJECT_IDS) });
  });
}

function writeMarketProjects(db: Database.Database, r: Random): void {
  writeProjects(db, PROJECT_IDS.filter((id) => !id.startsWith('UNCACHED')).map((id, i) => project({
    project_id: id, registry: REGISTRY[id.slice(0, 3)] ?? null, category: r.pick(CATEGORIES), country: r.pick(COUNTRIES),
    has_corsia: i % 3 === 0, is_compliance: i % 4 === 0, sdg_goals: i % 2 ? [13] : [7, 13],
  })));
}

function projectFilters(r: Random): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (r.chance(0.3)) q.registry = r.some(['verra', 'gold-standard', 'isometric', 'american-carbon-registry'], 2);
  if (r.chance(0.25)) q.category = r.some(['forest', 'energy-efficiency'], 2);
  if (r.chance(0.2)) q.country = r.some(['kenya', 'Brazil', 'peru'], 2);
  if (r.chance(0.15)) q.has_corsia = r.chance(0.5);
  if (r.chance(0.1)) q.is_compliance = r.chance(0.5);
  if (r.chance(0.1)) q.sdg_goals = [7];
  if (r.chance(0.15)) q.project_id = r.some(PROJECT_IDS, 3).map(r.recase);
  return q;
}

function creditFilters(r: Random): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (r.chance(0.3)) q.transaction_type = r.some(['issuance', 'retirement', 'cancellation'], 2);
  if (r.chance(0.25)) q.vintage = r.some([2012, 2015, 2018, 2020, 2024], 3);
  if (r.chance(0.15)) q.vintage_min = r.int(2010, 2022);
  if (r.chance(0.15)) q.vintage_max = r.int(2014, 2026);
  if (r.chance(0.2)) q.transaction_date_from = `20${r.int(12, 26)}-0${r.int(1, 9)}-1${r.int(0, 9)}`;
  if (r.chance(0.15)) q.transaction_date_to = `20${r.int(14, 26)}-0${r.int(1, 9)}-1${r.int(0, 9)}`;
  if (r.chance(0.15)) q.quantity_min = r.int(1, 40);
  if (r.chance(0.1)) q.quantity_max = r.int(10, 60);
  return q;
}

function buyerQuery(r: Random) {
  const q: Record<string, unknown> = { ...projectFilters(r), ...creditFilters(r), per_page: 100 };
  if (r.chance(0.15)) q.search = r.pick(['ac', '%', 'air', 'b']);
  if (r.chance(0.15)) q.is_active_12m = r.chance(0.5);
  if (r.chance(0.6)) q.sort = [`${r.chance(0.5) ? '-' : ''}${r.pick(BUYER_SORT_FIELDS)}`];
  return buyerListQuery.parse(q);
}


let db: Database.Database;
const savedToday = process.env.CARBON_TODAY;
beforeAll(() => {
  process.env.CARBON_TODAY = TODAY;
  db = tinyMarket();
  db.exec('DELETE FROM credit_transactions');
  const r = seededRandom(11);
  writeMarketProjects(db, r);
  writeCredits(db, market(r, 900, 10_000));
  rebuildRollups(db);
});
afterAll(() => {
  db.close();
  process.env.CARBON_TODAY = savedToday;
});

/** Every answer of the copy = the SQL aggregation, over `n` seeded draws; returns how many answers had rows. */
function compareAll(seed: number, n: number): number {
  const r = seededRandom(seed);
  let nonEmpty = 0;
  for (let k = 0; k < n; k++) {
    const bq = buyerQuery(r);
    const buyers = listBuyers(db, bq);
    expect(buyers, JSON.stringify(bq)).toEqual(listBuyers(db, bq, { rollup: false }));
    if (buyers.data.length) nonEmpty++;
    const filters = { ...projectFilters(r), ...creditFilters(r) };
    const searched = r.chance(0.25)
      ? { beneficiary_search: r.pick(['acme', '%', 'AIR', '_co', "o'b", '\\', 'zz']), ...(r.chance(0.2) ? { beneficiary_search_fields: [r.pick(['retirement_beneficiary', 'retirement_beneficiary_harmonized'])] } : {}) }
      : {};
    const cq = globalCreditsByTransactionDateQuery.parse({ ...filters, ...searched, ...(r.chance(0.2) ? { search: r.pick(['vcs', '-3', 'GLD']) } : {}), freq: r.pick(CHART_FREQUENCIES) });
    const chart = creditsByTransactionDateAll(db, cq);
    expect(chart, JSON.stringify(cq)).toEqual(creditsByTransactionDateAll(db, cq, { rollup: false }));
    const kq = creditsByCategoryQuery.parse({ ...filters, beneficiary_search: r.pick(['acme', '%', 'AIR', '_co', "o'b", '\\', 'zz', 'e']), ...(r.chance(0.1) ? { search: r.pick(['vcs', 'GLD']) } : {}) });
    expect(creditsByCategory(db, kq), JSON.stringify(kq)).toEqual(creditsByCategory(db, kq, { rollup: false }));
    const sq = supplyDemandQuery.parse({ ...filters, aggregation: r.pick(SUPPLY_DEMAND_AGGREGATIONS) });
    expect(supplyDemand(db, sq), JSON.stringify(sq)).toEqual(supplyDemand(db, sq, { rollup: false }));
    const lq = creditListAppQuery.parse({
      ...filters, ...searched, ...(r.chance(0.1) ? { search: r.pick(['vcs', '-3']) } : {}), sort: [`${r.chance(0.5) ? '-' : ''}${r.pick(CREDIT_SORT_FIELDS)}`],
      per_page: r.int(1, 40), current_page: r.chance(0.3) ? r.int(1, 12) : 1,
    });
    expect(listCredits(db, lq), JSON.stringify(lq)).toEqual(listCredits(db, lq, { rollup: false }));
  }
  return nonEmpty;
}

describe('the columnar copy of the transactions', () => {
  it('is built while the rollups are current and equals the SQL aggregation for buyers, the transaction-date chart and supply-demand', () => {
    expect(creditColumns(db)).not.toBeNull();
    expect(compareAll(1, 300)).toBeGreaterThan(150);
  });

  it('a buyer of several projects: top category, country and registry by volume, case variants as one class', () => {
    const q = buyerListQuery.parse({ registry: ['verra'], per_page: 100 });
    const columns = listBuyers(db, q);
    expect(columns.data.some((b) => b.top_category !== null && b.top_country !== null)).toBe(true);
    expect((columns)).toEqual((listBuyers(db, q, { rollup: false })));
  });

  it('is not read while a sync has written rows, and follows them once the rollups are rebuilt', () => {
    const q = buyerListQuery.parse({ category: ['forest'], per_page: 100 });
    const before = listBuyers(db, q);
    const r = seededRandom(2);
    writeCredits(db, market(r, 200, 20_000));
    // Dirty: the answers come from SQL over the new rows.
    expect(creditColumns(db)).toBeNull();
    expect(creditColumnsStale(db)).toBe(false); // nothing to build while the rollups are behind
    const written = listBuyers(db, q);
    expect(written).not.toEqual(before);
    expect((written)).toEqual((listBuyers(db, q, { rollup: false })));
    refreshAggregates(db, 'credits');
    expect(creditColumnsStale(db)).toBe(true); // a copy can be built now (the reader asks for one)
    const warmed = creditColumns(db);
    expect(warmed).not.toBeNull();
    expect(creditColumns(db)).toBe(warmed); // kept until the rollups move
    expect((listBuyers(db, q))).toEqual((written));
    expect(compareAll(3, 100)).toBeGreaterThan(50);
  });

  it('follows a project moved to another category, country and registry', () => {
    const q = buyerListQuery.parse({ project_id: ['GLD-4'], per_page: 100 });
    listBuyers(db, q);
    writeProjects(db, [project({ project_id: 'GLD-4', registry: 'isometric', category: 'energy-efficiency', country: 'Peru', has_corsia: true })]);
    expect(creditColumns(db)).toBeNull();
    refreshAggregates(db, 'projects');
    expect(creditColumns(db)).not.toBeNull();
    const moved = listBuyers(db, q);
    expect(moved.data.length).toBeGreaterThan(0);
    expect(moved.data.every((b) => b.top_registry === 'isometric' && b.top_country === 'Peru' && b.top_category === 'energy-efficiency')).toBe(true);
    expect((moved)).toEqual((listBuyers(db, q, { rollup: false })));
    expect(compareAll(4, 60)).toBeGreaterThan(30);
  });

  it('reads only the chosen projects\' rows when they are few, every row otherwise', () => {
    const cols = creditColumns(db)!;
    const one = rowFilter(db, cols, { project_id: ['ACR-6'] }, true)!;
    const rows = candidateRows(cols, one)!;
    const expected = [...Array(cols.n).keys()].filter((i) => cols.projectIds[cols.project[i]!] === 'ACR-6');
    expect([...rows].sort((a, b) => a - b)).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
    // Most projects: their rows are most of the table, read in one pass instead.
    expect(candidateRows(cols, rowFilter(db, cols, { registry: ['verra', 'gold-standard', 'isometric', 'american-carbon-registry'] }, true)!)).toBeNull();
    expect(candidateRows(cols, rowFilter(db, cols, { vintage: [2015] }, true)!)).toBeNull();
  });

  it('a filter selects the same rows tested row by row (rowMatches) as term by term (selectRows)', () => {
    const cols = creditColumns(db)!;
    const r = seededRandom(23);
    let selected = 0;
    for (let k = 0; k < 300; k++) {
      const q = { ...projectFilters(r), ...creditFilters(r), ...(r.chance(0.2) ? { beneficiary_search: r.pick(['acme', '%', 'air', 'zz']) } : {}) };
      const f = rowFilter(db, cols, q, true);
      if (!f) continue;
      const { rows, count } = selectRows(cols, f);
      const termByTerm = [...rows.subarray(0, count)].sort((a, b) => a - b);
      const rowByRow = [...Array(cols.n).keys()].filter((i) => rowMatches(cols, f, i));
      expect(termByTerm, JSON.stringify(q)).toEqual(rowByRow);
      selected += count;
    }
    expect(selected).toBeGreaterThan(1000);
  });

  it('a buyer list paged and re-sorted from one aggregation: each page has its own buyers\' tops', () => {
    for (const sort of [undefined, ['-total_volume'], ['buyer_name'], ['-last_purchase']]) {
      for (let page = 1; page <= 3; page++) {
        const q = buyerListQuery.parse({ vintage_min: 2014, per_page: 2, current_page: page, ...(sort ? { sort } : {}) });
        const columns = listBuyers(db, q);
        expect(columns.data.length).toBeGreaterThan(0);
        expect((columns), JSON.stringify(q)).toEqual((listBuyers(db, q, { rollup: false })));
      }
    }
  });

  it('selects projects by rowid: a rowid it does not know declines to SQL; rowids too sparse for a table are looked up by id', () => {
    const q = buyerListQuery.parse({ registry: ['gold-standard', 'verra'], per_page: 100 });
    expect(creditColumns(db)!.projectOfRowid).not.toBeNull();
    // A rowid moved under the copy (no write it follows is made): it does not know the rowid.
    db.prepare("UPDATE projects SET rowid = 1000000000 WHERE project_id = 'GLD-5'").run();
    const cols = creditColumns(db)!;
    expect(rowFilter(db, cols, q, false)).toBeNull();
    expect(rowFilter(db, cols, { registry: ['verra'] }, false)).not.toBeNull();
    expect((listBuyers(db, q))).toEqual((listBuyers(db, q, { rollup: false })));
    // Rebuilt over that rowid: project ids are looked up instead.
    writeProjects(db, [project({ project_id: 'ISO-8', registry: 'isometric', category: 'forest', country: 'Kenya' })]);
    refreshAggregates(db, 'projects');
    expect(creditColumns(db)!.projectOfRowid).toBeNull();
    expect((listBuyers(db, q))).toEqual((listBuyers(db, q, { rollup: false })));
    expect(compareAll(9, 60)).toBeGreaterThan(30);
  });

  it('built elsewhere: a query that needs it asks for it and answers by SQL meanwhile; a copy moved from another thread is adopted only for the rollups it stands for', () => {
    const q = buyerListQuery.parse({ category: ['forest'], quantity_min: 3, per_page: 100 });
    writeCredits(db, market(seededRandom(6), 50, 30_000));
    refreshAggregates(db, 'credits');
    let asked = 0;
    buildCreditColumnsElsewhere(db, () => void asked++);
    try {
      expect(creditColumnsStale(db)).toBe(true);
      const bySql = listBuyers(db, q);
      expect(asked).toBeGreaterThan(0);
      expect(creditColumns(db)).toBeNull();
      expect((bySql)).toEqual((listBuyers(db, q, { rollup: false })));
      // Built on another connection's snapshot and moved, as a `columns` thread hands it over.
      const built = buildCreditColumns(db)!;
      const moved = structuredClone(built, { transfer: creditColumnsBuffers(built.columns!) });
      expect(built.columns!.id.length).toBe(0); // its arrays moved, not copied
      // A sync wrote since that snapshot: the copy stands for older rows and is not adopted.
      writeCredits(db, market(seededRandom(7), 5, 40_000));
      refreshAggregates(db, 'credits');
      expect(adoptCreditColumns(db, moved)).toBe(false);
      expect(creditColumns(db)).toBeNull();
      const current = buildCreditColumns(db)!;
      expect(adoptCreditColumns(db, structuredClone(current, { transfer: creditColumnsBuffers(current.columns!) }))).toBe(true);
      expect(creditColumnsStale(db)).toBe(false);
      expect(creditColumns(db)).not.toBeNull();
      expect(compareAll(8, 60)).toBeGreaterThan(30);
    } finally {
      buildCreditColumnsElsewhere(db, null);
    }
  });

  it('built elsewhere: while the copy under way is only being assembled, a query that needs it throws CopyDueSoon instead of answering by SQL', () => {
    const q = buyerListQuery.parse({ category: ['forest'], per_page: 100 });
    writeCredits(db, market(seededRandom(12), 5, 60_000));
    refreshAggregates(db, 'credits');
    let due: 'soon' | undefined;
    buildCreditColumnsElsewhere(db, () => due);
    try {
      expect(creditColumns(db)).toBeNull();
      due = 'soon';
      expect(() => creditColumns(db)).toThrow(CopyDueSoon);
      expect(() => listBuyers(db, q)).toThrow(CopyDueSoon);
      // Asked again once the copy is adopted, the query answers from it.
      const built = buildCreditColumns(db)!;
      expect(adoptCreditColumns(db, built)).toBe(true);
      expect(listBuyers(db, q)).toEqual(listBuyers(db, q, { rollup: false }));
    } finally {
      buildCreditColumnsElsewhere(db, null);
    }
  });

  describe('built in parts (shares of the ids read at the same time, as `columns-part` threads read them)', () => {
    /** A share read as another thread reads it (here on the same connection, inside the build's snapshot), its arrays moved. */
    const elsewhere = (rows?: number) => (request: CopiedPartRequest): Promise<CopiedPartRead> =>
      new Promise((resolve) => setTimeout(() => {
        const read = readCreditColumnsPart(db, rows === undefined ? request : { ...request, rows }, 97);
        resolve(structuredClone(read, { transfer: read.part ? copiedPartBuffers(read.part) : [] }));
      }));
    const inParts = (parts: number, options: Parameters<typeof buildCreditColumnsInParts>[3] = {}, read = elsewhere()) =>
      buildCreditColumnsInParts(db, parts, read, { chunkRows: 97, minSharedRows: 0, ...options });

    it('is the copy one read gives, shared from the start or once a query wants it, in two or three parts; unwanted, it is read by one', async () => {
      writeCredits(db, market(seededRandom(13), 900, 70_000));
      refreshAggregates(db, 'credits');
      const whole = buildCreditColumns(db)!;
      expect(whole.columns).not.toBeNull();
      let asked = 0;
      const counted = (request: CopiedPartRequest) => {
        asked++;
        return elsewhere()(request);
      };
      expect(await inParts(2, {}, counted)).toEqual(whole);
      expect(asked).toBe(1);
      expect(await inParts(3, {}, counted)).toEqual(whole);
      expect(asked).toBe(3);
      // Wanted after three chunks: the rest is shared out.
      let checks = 0;
      expect(await inParts(2, { hurried: () => ++checks > 3 }, counted)).toEqual(whole);
      expect(asked).toBe(4);
      expect(await inParts(2, { hurried: () => false }, counted)).toEqual(whole);
      expect(await inParts(2, { minSharedRows: 1_000_000 }, counted)).toEqual(whole);
      expect(asked).toBe(4);
      // Room for one row: a part grows as it reads.
      expect(await inParts(2, {}, elsewhere(1))).toEqual(whole);
      // Ids far apart: shares of equal width hold very different numbers of rows.
      db.prepare('UPDATE credit_transactions SET id = id + 1000000000000 WHERE id >= 70500').run();
      refreshAggregates(db, 'credits');
      const sparse = buildCreditColumns(db)!;
      expect(sparse.columns!.maxId).toBeGreaterThan(1e12);
      expect(await inParts(3, {}, counted)).toEqual(sparse);
      db.prepare('UPDATE credit_transactions SET id = id - 1000000000000 WHERE id >= 1000000000000').run();
      refreshAggregates(db, 'credits');
    });

    it('tells when only the assembly is left; a share read under other rollups gives no copy, one that cannot be copied gives none either, and one the other thread fails is read here', async () => {
      const whole = buildCreditColumns(db)!;
      let assembling = 0;
      expect(await inParts(2, { assembling: () => void assembling++ })).toEqual(whole);
      expect(assembling).toBe(1);
      expect(await inParts(2, {}, async () => ({ key: 'rebuilt since', part: null }))).toBeNull();
      expect(await inParts(2, {}, async () => ({ key: whole.key, part: null }))).toEqual({ key: whole.key, columns: null });
      expect(await inParts(2, {}, () => Promise.reject(new Error('no thread')))).toEqual(whole);
      // Not current: no copy, and no share is read.
      writeCredits(db, market(seededRandom(14), 3, 80_000));
      expect(await inParts(2, {}, () => Promise.reject(new Error('not asked')))).toBeNull();
      refreshAggregates(db, 'credits');
      expect(db.inTransaction).toBe(false);
    });
  });

  it('sorts by vintage as SQLite does, also when vintages lie further apart than 32 bits can count', () => {
    const sorted = (sort: string) => creditListAppQuery.parse({ sort: [sort], per_page: 40 });
    for (const [low, high] of [[2012, 2024], [-2_000_000_000, 2_000_000_000]] as const) {
      db.prepare('UPDATE credit_transactions SET vintage = ? WHERE id = 10003').run(low);
      db.prepare('UPDATE credit_transactions SET vintage = ? WHERE id = 10004').run(high);
      rebuildRollups(db);
      expect(creditColumns(db)).not.toBeNull();
      for (const sort of ['vintage', '-vintage']) expect(listCredits(db, sorted(sort)), sort).toEqual(listCredits(db, sorted(sort), { rollup: false }));
    }
  });

  it('is never built from dates it cannot hold exactly (the SQL answers)', () => {
    db.prepare("UPDATE credit_transactions SET transaction_date = '2023-02-30' WHERE id = 10001").run();
    rebuildRollups(db);
    expect(creditColumns(db)).toBeNull();
    expect(compareAll(5, 20)).toBeGreaterThan(5);
    db.prepare("UPDATE credit_transactions SET transaction_date = '2023-02-28' WHERE id = 10001").run();
    rebuildRollups(db);
    expect(creditColumns(db)).not.toBeNull();
  });

  it('reads each stored date as the row-by-row statement does (the chunks convert the dates themselves)', () => {
    const bySql = db.prepare(`SELECT date_number FROM (SELECT ${COPIED} FROM (SELECT 1 AS id, NULL AS project_id, NULL AS transaction_type, NULL AS vintage, ? AS transaction_date, NULL AS quantity, NULL AS retirement_beneficiary_harmonized))`).pluck();
    const known = new Map<string, number>();
    const dates = ['2023-01-31', '0999-12-31', '2023-02-30', '9999-99-99', '2023-1-01', '2023-01-01T00:00:00', '2023-01-01 ', '2023-01-01\n', '', '\uFF12023-01-01', '２０２３-01-01', 'abcd-ef-gh', null, 20230101, 2023.5];
    for (const d of [...dates, ...dates]) expect(storedDate(d, known), JSON.stringify(d)).toBe(bySql.get(d));
  });

  it('read in chunks of JSON holds what row by row held; a value JSON cannot hold (a blob) is read row by row, and declines', () => {
    // In chunks of 97 transactions (the market's 1,155 in 12) and in one: the same copy, every transaction once.
    const whole = buildCreditColumns(db, 1_000_000)!;
    const chunked = buildCreditColumns(db, 97)!;
    expect(chunked).toEqual(whole);
    expect(buildCreditColumns(db, 97, true)).toEqual(whole);
    expect(Array.from(chunked.columns!.id).sort((a, b) => a - b)).toEqual(db.prepare('SELECT id FROM credit_transactions ORDER BY id').pluck().all());
    const before = db.prepare('SELECT retirement_beneficiary_harmonized FROM credit_transactions WHERE id = 10002').pluck().get();
    db.prepare("UPDATE credit_transactions SET retirement_beneficiary_harmonized = x'00ff' WHERE id = 10002").run();
    rebuildRollups(db);
    expect(buildCreditColumns(db)).toEqual({ key: expect.any(String), columns: null });
    expect(compareAll(6, 20)).toBeGreaterThan(5);
    db.prepare('UPDATE credit_transactions SET retirement_beneficiary_harmonized = ? WHERE id = 10002').run(before);
    rebuildRollups(db);
    expect(creditColumns(db)).not.toBeNull();
  });
});
