import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { contract } from '../../shared/contract';
import { analyticsQueries } from './index';
import { projectWhere } from './project-filters';
import { PROJECT_SORT_COLUMNS } from './projects';
import { orderBy } from './sort-order';
import { DEFAULT_SORT } from '../../shared/api/params';
import { whereSql } from './sql-where';
import { seededRandom } from './testing/synced-market';
import { openQueryableCache } from './schema';
import { project, writeProjects } from './testing/tiny-market';

/**
 * The projects' filter columns index (migration 109) serves only while the filters' SQL names its
 * columns and expressions exactly as it does (`coalesce(p.has_corsia, 0)`, `category COLLATE
 * NOCASE`, ...): a filter written another way still answers right, only by reading every project
 * row. So these run projects.list, projects.totals and the credits-by-category chart, catch the
 * statements they run, and read SQLite's plans for them, with and without the planner's statistics.
 */

const INDEX = 'projects_filter_columns';

/** A cache of 3,000 seeded projects, with the planner's statistics or without. */
function market(analyzed: boolean): Database.Database {
  const db = openQueryableCache(':memory:');
  const r = seededRandom(11);
  const pick = <T>(xs: readonly T[]) => r.pick([...xs]);
  writeProjects(db, Array.from({ length: 3_000 }, (_, i) => project({
    project_id: `${pick(['VCS', 'GLD', 'ACR'])}-${i}`,
    // Names that differ by case only (the list sorts them ignoring it) and ties (then by id).
    name: `${pick(['alpha', 'Alpha', 'BETA', 'beta', 'Gamma'])} ${r.int(0, 40)}`,
    registry: pick(['verra', 'gold-standard', 'american-carbon-registry', 'isometric']),
    category: pick(['forest', 'renewable-energy', 'energy-efficiency', 'unknown', null]),
    country: pick(['Brazil', 'India', 'Kenya', 'United States', null]),
    issued: r.chance(0.1) ? null : r.int(0, 1_000_000),
    retired: r.chance(0.1) ? null : r.int(0, 1_000_000),
    is_compliance: r.chance(0.2),
    has_corsia: r.chance(0.1) ? null : r.chance(0.2),
    has_ccb: r.chance(0.3),
    article6_authorized: r.chance(0.05),
  })));
  if (analyzed) db.exec('ANALYZE main');
  return db;
}

interface Ran {
  sql: string;
  params: unknown[];
}

/** The statements `run` prepares on `db` and runs, each with its parameters. */
function statementsRun(db: Database.Database, run: () => void): Ran[] {
  const ran: Ran[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const s = prepare(sql);
    for (const method of ['all', 'get', 'iterate'] as const) {
      const f = s[method].bind(s) as (...params: unknown[]) => unknown;
      Object.assign(s, { [method]: (...params: unknown[]) => (ran.push({ sql, params }), f(...params)) });
    }
    return s;
  }) as typeof db.prepare;
  try {
    run();
  } finally {
    db.prepare = prepare;
  }
  return ran;
}

const plan = (db: Database.Database, { sql, params }: Ran): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');

/** The statements a projects list with `filters`, sorted by `sort`, and its totals run that hold its filters. */
function listStatements(db: Database.Database, filters: Record<string, unknown>, sort: string[]): Ran[] {
  const where = whereSql(projectWhere(contract['projects.totals'].input.parse(filters), 'p'));
  const ran = statementsRun(db, () => {
    analyticsQueries['projects.list'](db, contract['projects.list'].input.parse({ ...filters, sort }));
    analyticsQueries['projects.totals'](db, contract['projects.totals'].input.parse(filters));
  });
  return ran.filter((s) => s.sql.includes(where));
}

/** `check` on a fresh cache of the market (no statement or answer remembered from another case), closed after. */
function inMarket(analyzed: boolean, check: (db: Database.Database) => void): void {
  const db = market(analyzed);
  try {
    check(db);
  } finally {
    db.close();
  }
}

describe.each([
  ['without the planner statistics', false],
  ['after ANALYZE', true],
])('projects filtered by columns no other index narrows, %s', (_label, analyzed) => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a CORSIA label and compliance', { has_corsia: false, is_compliance: true }, ['-retired']],
    ['a CCB label, sorted by unretired', { has_ccb: true }, ['unretired']],
    ['Article 6 authorization and no ICVCM label, sorted by issued', { article6_authorized: true, has_icvcm_ccp: false }, ['issued']],
  ])('%s: the count and the totals read the filter columns index, and no statement the whole table', (_name, filters, sort) => inMarket(analyzed, (db) => {
    const ran = listStatements(db, filters, sort);
    // The list's count and page of rowids, and the totals.
    expect(ran).toHaveLength(3);
    for (const s of ran) {
      // The page (LIMIT and OFFSET bound) may walk its sort column's own index instead, until the page is full.
      if (s.sql.includes('ORDER BY')) expect(plan(db, s), s.sql).not.toMatch(/SCAN p(?! USING)/);
      else expect(plan(db, s), s.sql).toContain(`COVERING INDEX ${INDEX}`);
    }
  }));

  it('a category filter (ignoring case) seeks the index', () => inMarket(analyzed, (db) => {
    const ran = listStatements(db, { category: ['forest', 'unknown'] }, ['-retired']);
    expect(ran).toHaveLength(3);
    for (const s of ran) expect(plan(db, s), s.sql).toMatch(new RegExp(`SEARCH p USING (COVERING )?INDEX ${INDEX} \\(`));
  }));

  it('the whole market by category (the credits-by-category chart) is summed from the index', () => inMarket(analyzed, (db) => {
    const ran = statementsRun(db, () => analyticsQueries['charts.creditsByCategory'](db, contract['charts.creditsByCategory'].input.parse({})));
    expect(ran).toHaveLength(1);
    expect(plan(db, ran[0]!), ran[0]!.sql).toContain(`COVERING INDEX ${INDEX}`);
  }));
});

describe.each([
  ['without the planner statistics', false],
  ['after ANALYZE', true],
])('a page of projects under filters few match, %s', (_label, analyzed) => {
  /** The page's statement of a list with `filters` sorted by `sort` (the one with ORDER BY). */
  const pageStatement = (db: Database.Database, filters: Record<string, unknown>, sort: string[]): Ran =>
    listStatements(db, filters, sort).find((s) => s.sql.includes('ORDER BY'))!;

  /** The ids of every project matching `filters`, in the list's order, read without any index. */
  function expectedOrder(db: Database.Database, filters: Record<string, unknown>, sort: string[]): string[] {
    const q = contract['projects.list'].input.parse({ ...filters, sort });
    const where = projectWhere(q, 'p');
    const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
    return db.prepare(`SELECT p.project_id FROM projects p NOT INDEXED ${whereSql(where)} ${order}`).pluck().all(...where.params) as string[];
  }

  // About 8 of the 3,000 projects carry all three labels.
  const rare = { article6_authorized: true, has_ccb: true, has_corsia: true };

  it.each([['-issued'], ['retired'], ['name'], ['-unretired']])(
    'three labels together, sorted by %s: the matches are sorted (no walk of the sort column\'s index), in the same order',
    (sort) => inMarket(analyzed, (db) => {
      const page = pageStatement(db, rare, [sort]);
      expect(page.sql).toMatch(/ORDER BY \+/);
      expect(plan(db, page), page.sql).not.toMatch(/SCAN p USING INDEX projects_(issued|retired|name)/);
      const expected = expectedOrder(db, rare, [sort]);
      expect(expected.length).toBeGreaterThan(2);
      expect(expected.length).toBeLessThan(50);
      const listed = analyticsQueries['projects.list'](db, contract['projects.list'].input.parse({ ...rare, sort: [sort] }));
      expect(listed.data.map((p) => p.project_id)).toEqual(expected);
      expect(listed.pagination.total_entries).toBe(expected.length);
    }),
  );

  it('one common label, sorted by retired: the page may still walk the order\'s index (its 50 rows come within a few hundred)', () => inMarket(analyzed, (db) => {
    const page = pageStatement(db, { has_ccb: true }, ['-retired']);
    expect(page.sql).not.toMatch(/ORDER BY \+/);
    const listed = analyticsQueries['projects.list'](db, contract['projects.list'].input.parse({ has_ccb: true, sort: ['-retired'], per_page: 50 }));
    expect(listed.data.map((p) => p.project_id)).toEqual(expectedOrder(db, { has_ccb: true }, ['-retired']).slice(0, 50));
  }));

  it('a deep page of a label few carry, by name: the same rows as the whole sorted list has there', () => inMarket(analyzed, (db) => {
    const filters = { article6_authorized: true };
    const expected = expectedOrder(db, filters, ['name']);
    expect(expected.length).toBeGreaterThan(100);
    const listed = analyticsQueries['projects.list'](db, contract['projects.list'].input.parse({ ...filters, sort: ['name'], per_page: 50, current_page: 2 }));
    expect(listed.data.map((p) => p.project_id)).toEqual(expected.slice(50, 100));
  }));
});
