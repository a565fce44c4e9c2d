/**
 * credits.list on both engines of the read model against the same answer computed in JavaScript
 * from the cached rows: project ids, groups P, C and B, the app-only `buyer`, the sort (text by its
 * folded form in code point order, nulls last both ways, the id last) and paging; over seeded draws
 * on a market whose project ids cluster by registry (one pair differs only in case) and whose names
 * and accounts go beyond ASCII.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditTransactionSchema, type CreditTransaction } from '../../shared/api';
import { BENEFICIARY_FIELD_COLUMN } from '../../shared/api/values';
import { CREDIT_SORT_FIELDS } from '../../shared/api/params';
import { cleanText, foldCase } from '../../shared/case-folding';
import { contract, type ParsedInput } from '../../shared/contract';
import { ENGINES, ask, bothEngines, type BothEngines, type EngineName } from './testing/engines';
import { referenceOrder, referencePage, referencePagination, type ReferenceKey, type SortValue } from './testing/reference-order';
import { seededRandom, type Random } from './testing/synced-market';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

type CreditRow = Record<string, unknown> & {
  id: number;
  quantity: number | null;
  vintage: number | null;
  transaction_date: string | null;
  transaction_type: string | null;
  project_id: string | null;
  retirement_beneficiary: string | null;
  retirement_beneficiary_harmonized: string | null;
};
/** credits.list's input as the contract parses it (open value sets: any transaction type a server may send). */
type CreditQuery = ParsedInput<'credits.list'>;
const creditQuery = (q: Record<string, unknown>): CreditQuery => contract['credits.list'].input.parse(q);
type ProjectRow = { project_id: string; registry: string | null; has_corsia: number | null };

const TEXT_SORT = new Set([
  'project_id', 'transaction_type', 'retirement_account', 'retirement_beneficiary', 'retirement_reason', 'retirement_note',
  'retirement_beneficiary_harmonized',
]);
const folded = (v: unknown): string | null => (typeof v === 'string' ? foldCase(v) : null);
const foldedIn = (v: unknown, values: readonly string[] | undefined) => !values?.length || (typeof v === 'string' && values.map(foldCase).includes(foldCase(v)));
/** The buyer a transaction names, by the rule: a retirement's harmonized beneficiary, else its beneficiary as written, trimmed. */
const buyerOf = (r: CreditRow): string | null =>
  folded(r.transaction_type) === 'retirement' ? (cleanText(r.retirement_beneficiary_harmonized) ?? cleanText(r.retirement_beneficiary)) : null;

/** The cached rows the reference reads (once per market state). */
function cachedMarket(db: Database.Database) {
  return {
    credits: db.prepare('SELECT * FROM credit_transactions').all() as CreditRow[],
    projects: new Map((db.prepare('SELECT project_id, registry, has_corsia FROM projects').all() as ProjectRow[]).map((p) => [p.project_id, p])),
  };
}
type Market = ReturnType<typeof cachedMarket>;

/** Whether a transaction matches the query, decided here from its row and its parent project's row. */
function matches(m: Market, r: CreditRow, q: CreditQuery): boolean {
  if (!foldedIn(r.project_id, q.project_id) || !foldedIn(r.transaction_type, q.transaction_type)) return false;
  if (q.vintage?.length && (r.vintage === null || !q.vintage.includes(r.vintage))) return false;
  if (q.vintage_min !== undefined && (r.vintage === null || r.vintage < q.vintage_min)) return false;
  if (q.vintage_max !== undefined && (r.vintage === null || r.vintage > q.vintage_max)) return false;
  if (q.transaction_date_from !== undefined && (r.transaction_date === null || r.transaction_date < q.transaction_date_from)) return false;
  if (q.quantity_min !== undefined && (r.quantity === null || r.quantity < q.quantity_min)) return false;
  if (q.buyer !== undefined && folded(buyerOf(r)) !== foldCase(q.buyer)) return false;
  if (q.beneficiary_search) {
    const fields = q.beneficiary_search_fields?.length ? q.beneficiary_search_fields : (['retirement_beneficiary_harmonized'] as const);
    const needle = foldCase(q.beneficiary_search);
    if (!fields.some((f) => folded(r[BENEFICIARY_FIELD_COLUMN[f]])?.includes(needle))) return false;
  }
  if (q.registry?.length || q.has_corsia !== undefined) {
    const parent = r.project_id === null ? undefined : m.projects.get(r.project_id);
    if (!parent || !foldedIn(parent.registry, q.registry)) return false;
    if (q.has_corsia !== undefined && (parent.has_corsia ?? 0) !== (q.has_corsia ? 1 : 0)) return false;
  }
  return true;
}

const sortKeys = (sort: readonly string[] | undefined): ReferenceKey<CreditRow>[] =>
  (sort?.length ? sort : ['project_id']).map((s) => {
    const field = s.replace(/^[+-]/, '');
    return { terms: [(r: CreditRow) => (TEXT_SORT.has(field) ? folded(r[field]) : (r[field] as SortValue))], descending: s.startsWith('-') };
  });

/** credits.list computed from the cached rows. */
function expected(m: Market, q: CreditQuery) {
  const matching = referenceOrder(m.credits.filter((r) => matches(m, r, q)), sortKeys(q.sort), (r) => r.id);
  const page = q.current_page ?? 1;
  const perPage = q.per_page ?? 50;
  return { ...referencePagination(matching.length, page, perPage), rows: referencePage(matching, page, perPage).map(shown) };
}

/** The fields of a transaction compared (a page's rows are the cache's rows). */
type Shown = Pick<CreditTransaction,
  'id' | 'quantity' | 'vintage' | 'transaction_date' | 'transaction_type' | 'retirement_account' | 'retirement_beneficiary' | 'retirement_beneficiary_harmonized'>;
const shown = (t: Shown | CreditRow): Shown => ({
  id: t.id, quantity: t.quantity, vintage: t.vintage, transaction_date: t.transaction_date, transaction_type: t.transaction_type,
  retirement_account: t.retirement_account as string | null, retirement_beneficiary: t.retirement_beneficiary,
  retirement_beneficiary_harmonized: t.retirement_beneficiary_harmonized,
});

async function answer(engines: BothEngines, engine: EngineName, q: CreditQuery) {
  const page = await ask(engines.ctx(engine), 'credits.list', q);
  const { total_entries, current_page, total_pages, next_page } = page.pagination;
  return { total_entries, current_page, total_pages, has_next: next_page !== null, rows: page.data.map(shown) };
}

const PROJECT_IDS = ['VCS-1', 'VCS-2', 'VCS-3', 'vcs-3', 'GLD-4', 'GLD-5', 'ACR-6', 'CAR-7', 'ISO-8', 'PUR-9'];
const REGISTRY = { VCS: 'verra', vcs: 'verra', GLD: 'gold-standard', ACR: 'american-carbon-registry', CAR: 'climate-action-reserve', ISO: 'isometric', PUR: 'puro-earth' } as const;
const TYPES = ['issuance', 'retirement', 'Retirement', 'cancellation', null] as const;
const HARMONIZED = ['Acme', 'acme', 'Zeta Air', '100% Green_Co', "O'Brien", 'Ñuble Energía', 'ÑUBLE ENERGÍA', 'İstanbul Enerji', '  ', null, null, null];
const AS_WRITTEN = ['ACME LTD', '  Zeta Air \n', 'ñuble energía', 'istanbul enerji', 'Acme', null];
// Accounts whose order is easy to get wrong: case beyond ASCII, ß, and U+FF46 against U+1D509 (code points, not UTF-16 units).
const ACCOUNTS = ['acc-1', 'ACC-2', 'Acc-1', 'b', 'Z', 'é', 'É', 'ß', 'ｆ', '𝔉', 'Ω', 'ω'];

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
      retirement_beneficiary_harmonized: type !== 'issuance' ? r.pick(HARMONIZED) : null,
      retirement_beneficiary: r.chance(0.6) ? r.pick(AS_WRITTEN) : null,
      retirement_account: r.chance(0.3) ? null : r.pick(ACCOUNTS),
    };
    if (i % 97 === 0) return creditTransactionSchema.parse({ ...fields, projects: [] });
    // the projects sort in clusters (the registry decides the id prefix)
    const projectId = PROJECT_IDS[Math.min(PROJECT_IDS.length - 1, Math.floor((r.next() * r.next()) * PROJECT_IDS.length * 1.5))]!;
    return credit({ ...fields, project_id: projectId, category: projectId.startsWith('G') ? 'energy-efficiency' : 'forest' });
  });
}

function randomQuery(r: Random): CreditQuery {
  const q: Record<string, unknown> = {};
  if (r.chance(0.5)) q.transaction_type = r.some(['issuance', 'retirement', 'cancellation'], 2).map(r.recase);
  if (r.chance(0.4)) q.registry = r.some(['verra', 'gold-standard', 'isometric', 'puro-earth'], 2);
  if (r.chance(0.2)) q.has_corsia = r.chance(0.5);
  if (r.chance(0.2)) q.vintage = r.some([2012, 2015, 2018, 2020, 2024], 3);
  if (r.chance(0.15)) q.vintage_min = r.int(2010, 2022);
  if (r.chance(0.15)) q.vintage_max = r.int(2014, 2026);
  if (r.chance(0.15)) q.project_id = r.some(PROJECT_IDS, 3).map(r.recase);
  if (r.chance(0.1)) q.transaction_date_from = '2018-01-01';
  if (r.chance(0.05)) q.quantity_min = r.int(10, 50);
  if (r.chance(0.15)) {
    q.beneficiary_search = r.pick(['acme', '%', 'air', 'ÑUBLE', 'İSTANBUL', 'ltd', ' ']);
    if (r.chance(0.4)) q.beneficiary_search_fields = r.some(['retirement_beneficiary', 'retirement_beneficiary_harmonized', 'retirement_beneficiary_account'], 2);
  }
  if (r.chance(0.15)) q.buyer = r.pick(['ACME', 'zeta air', "O'Brien", '100%', 'ñuble energía', 'ISTANBUL ENERJI', 'acme ltd']);
  if (r.chance(0.85)) q.sort = Array.from({ length: r.int(1, 2) }, () => `${r.chance(0.5) ? '-' : ''}${r.pick(CREDIT_SORT_FIELDS)}`);
  q.per_page = r.int(1, 60);
  q.current_page = r.int(1, 8);
  return creditQuery(q);
}

describe.each(ENGINES)('credits.list = the answer computed from the rows (%s)', (engine) => {
  let db: Database.Database;
  let engines: BothEngines;
  let m: Market;
  beforeAll(async () => {
    db = tinyMarket();
    db.exec('DELETE FROM credit_transactions');
    writeProjects(db, PROJECT_IDS.map((id, i) =>
      project({ project_id: id, registry: REGISTRY[id.slice(0, 3) as keyof typeof REGISTRY], has_corsia: i % 4 === 3 ? null : i % 3 === 0, category: 'forest' })));
    writeCredits(db, market(seededRandom(5)));
    engines = await bothEngines(db);
    m = cachedMarket(db);
  });
  afterAll(async () => {
    await engines.close();
    db.close();
  });

  it('over 600 seeded filter / sort / page combinations', async () => {
    const r = seededRandom(11);
    let nonEmpty = 0;
    for (let i = 0; i < 600; i++) {
      const q = randomQuery(r);
      const want = expected(m, q);
      expect(await answer(engines, engine, q), JSON.stringify(q)).toEqual(want);
      if (want.rows.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(200); // the draw reaches real pages, not only empty ones
  });

  it('sorts either way on pages where a key\'s values end and its nulls begin, and past them', async () => {
    const r = seededRandom(12);
    let straddled = 0;
    for (let i = 0; i < 200; i++) {
      const field = r.pick(['vintage', 'retirement_beneficiary_harmonized', 'retirement_account', 'transaction_type', 'transaction_date', 'retirement_beneficiary'] as const);
      const descending = r.chance(0.5);
      const filters = randomQuery(r);
      const sort = [`${descending ? '-' : ''}${field}`, ...(r.chance(0.5) ? [`-${r.pick(CREDIT_SORT_FIELDS)}`] : [])];
      const valued = m.credits.filter((t) => matches(m, t, filters) && t[field] !== null).length;
      const perPage = r.int(2, 30);
      const page = Math.floor(Math.max(0, valued - r.int(0, perPage - 1)) / perPage) + 1 + (r.chance(0.2) ? 1 : 0);
      const q = creditQuery({ ...filters, sort, per_page: perPage, current_page: page });
      const want = expected(m, q);
      expect(await answer(engines, engine, q), JSON.stringify(q)).toEqual(want);
      const values = want.rows.map((t) => t[field]);
      if (values.includes(null) && values.some((v) => v !== null)) straddled++;
    }
    expect(straddled).toBeGreaterThan(30);
  });

  it('text sorts by the folded text in code point order: é after z, ｆ before 𝔉, Ω with ω', async () => {
    const q = creditQuery({ sort: ['retirement_account'], per_page: 200 });
    const accounts: Array<string | null> = [];
    for (let page = 1; ; page++) {
      const got = await answer(engines, engine, { ...q, current_page: page });
      expect(got, `page ${page}`).toEqual(expected(m, { ...q, current_page: page }));
      accounts.push(...got.rows.map((t) => t.retirement_account));
      if (!got.has_next) break;
    }
    const firstOf = (a: string) => accounts.findIndex((x) => x !== null && foldCase(x) === a);
    const lastOf = (a: string) => accounts.findLastIndex((x) => x !== null && foldCase(x) === a);
    for (const [before, after] of [['z', 'ß'], ['ß', 'é'], ['é', 'ω'], ['ω', 'ｆ'], ['ｆ', '𝔉']] as const) {
      expect(lastOf(before), `${before} before ${after}`).toBeLessThan(firstOf(after));
    }
    expect(accounts.indexOf(null)).toBeGreaterThan(lastOf('𝔉'));
  });

  it('a vintage range: inclusive bounds, null vintages match none, AND-ed with the vintage set', async () => {
    const count = (keep: (v: number | null) => boolean) => m.credits.filter((t) => keep(t.vintage)).length;
    const total = async (q: Record<string, unknown>) => (await ask(engines.ctx(engine), 'credits.list', creditQuery(q))).pagination.total_entries;
    expect(m.credits.some((t) => t.vintage === null)).toBe(true);
    expect(await total({ vintage_min: 2015, vintage_max: 2018 })).toBe(count((v) => v !== null && v >= 2015 && v <= 2018));
    expect(await total({ vintage_min: 2015, vintage_max: 2018 })).toBeGreaterThan(0);
    expect(await total({ vintage_min: 2020 })).toBe(count((v) => v !== null && v >= 2020));
    expect(await total({ vintage_max: 2013 })).toBe(count((v) => v !== null && v <= 2013));
    expect(await total({ vintage_min: 2018, vintage_max: 2018 })).toBe(count((v) => v === 2018));
    expect(await total({ vintage_min: 2019, vintage_max: 2015 })).toBe(0);
    expect(await total({ vintage: [2012, 2016, 2019], vintage_min: 2015, vintage_max: 2019 })).toBe(count((v) => v === 2016 || v === 2019));
  });

  it('a written transaction is listed, a removed one is not', async () => {
    const q = creditQuery({ registry: ['gold-standard'], sort: ['-id'], per_page: 5 });
    const before = await answer(engines, engine, q);
    writeCredits(db, [credit({ id: 99_999, project_id: 'GLD-4', retirement_beneficiary: 'Late Buyer' })]);
    await engines.written();
    const after = await answer(engines, engine, q);
    expect(after.total_entries).toBe(before.total_entries + 1);
    expect(after.rows[0]!.id).toBe(99_999);
    expect(after).toEqual(expected(cachedMarket(db), q));
    db.prepare('DELETE FROM credit_transactions WHERE id = 99999').run();
    await engines.written();
    expect(await answer(engines, engine, q)).toEqual(before);
  });
});

describe.each(ENGINES)('sorts by numbers: negatives, fractions, integers far apart, nulls (%s)', (engine) => {
  /** A market of 300 transactions with sparse ids and quantities from `quantity`. */
  async function numericMarket(r: Random, quantity: (r: Random) => number | null) {
    const db = tinyMarket();
    db.exec('DELETE FROM credit_transactions');
    writeCredits(db, Array.from({ length: 300 }, (_, i) =>
      credit({ id: 1_000 + i * r.int(1, 40), project_id: r.pick(['VCS-1', 'VCS-2', 'GLD-3']), quantity: quantity(r), vintage: r.chance(0.2) ? null : r.int(-5, 2030), transaction_type: r.pick(['issuance', 'retirement']) })));
    return { db, engines: await bothEngines(db) };
  }

  const cases: Array<[string, (r: Random) => number | null]> = [
    ['integers, negatives and nulls', (r) => (r.chance(0.15) ? null : r.int(-50, 50))],
    ['fractions', (r) => (r.chance(0.15) ? null : r.int(-400, 400) / 8)],
    ['integers far apart', (r) => (r.chance(0.1) ? null : r.pick([-(2 ** 52), 1, 7, 2 ** 52]))],
  ];
  it.each(cases)('%s: every page the order computed from the rows', async (_, quantity) => {
    const r = seededRandom(21);
    const { db, engines } = await numericMarket(r, quantity);
    try {
      const m = cachedMarket(db);
      expect(new Set(m.credits.map((t) => t.quantity)).size).toBeGreaterThan(3);
      for (let i = 0; i < 150; i++) {
        const sort = [`${r.chance(0.5) ? '-' : ''}${r.pick(['quantity', 'id', 'vintage'])}`];
        const q = creditQuery({ sort, per_page: r.int(1, 40), current_page: r.int(1, 10), ...(r.chance(0.3) ? { transaction_type: ['retirement'] } : {}) });
        expect(await answer(engines, engine, q), JSON.stringify(q)).toEqual(expected(m, q));
      }
    } finally {
      await engines.close();
      db.close();
    }
  });
});
