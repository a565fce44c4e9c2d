import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, projectListQuery } from '../../shared/api/params';
import { PROJECT_SORT_COLUMNS } from './projects';
import { projectWhere, type ProjectFilters } from './project-filters';
import { orderBy } from './sort-order';
import { whereSql } from './sql-where';
import { seededRandom } from './testing/synced-market';
import { openQueryableCache } from './schema';
import { project, writeProjects } from './testing/tiny-market';

/**
 * The projects' filter columns index (migration 109) serves only while the filters' SQL names its
 * columns and expressions exactly as it does (`coalesce(p.has_corsia, 0)`, `category COLLATE
 * NOCASE`, ...): a filter written another way still answers right, only by reading every project
 * row. So these read SQLite's plans for the statements projects.list, projects.totals and the
 * credits-by-category chart run, built by the same code, with and without the planner's statistics.
 */

const INDEX = 'projects_filter_columns';

let db: Database.Database;
beforeAll(() => {
  db = openQueryableCache(':memory:');
  const r = seededRandom(11);
  const pick = <T>(xs: readonly T[]) => r.pick([...xs]);
  writeProjects(db, Array.from({ length: 3_000 }, (_, i) => project({
    project_id: `${pick(['VCS', 'GLD', 'ACR'])}-${i}`,
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
});
afterAll(() => db.close());

const plan = (sql: string, params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');

/** The statements a projects list with `filters` runs: its count, its page of rowids, its totals. */
function listStatements(filters: ProjectFilters, sort: string[]): Array<[string, string, unknown[]]> {
  const q = projectListQuery.parse({ ...filters, sort });
  const w = projectWhere(q, 'p');
  const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  return [
    ['count', `SELECT count(*) FROM projects p ${whereSql(w)}`, w.params],
    ['page', `SELECT p.rowid FROM projects p ${whereSql(w)} ${order} LIMIT 50 OFFSET 0`, w.params],
    ['totals', `SELECT count(*) AS projects, total(p.issued) AS issued, total(p.retired) AS retired, total(p.unretired) AS unretired,
        count(DISTINCT p.country) AS countries, count(DISTINCT p.registry) AS registries FROM projects p ${whereSql(w)}`, w.params],
  ];
}

describe.each([
  ['without the planner statistics', false],
  ['after ANALYZE', true],
])('projects filtered by columns no other index narrows, %s', (_label, analyzed) => {
  beforeAll(() => {
    if (analyzed) db.exec('ANALYZE main');
  });

  it.each<[string, ProjectFilters, string[]]>([
    ['a CORSIA label and compliance', { has_corsia: false, is_compliance: true }, ['-retired']],
    ['a CCB label, sorted by unretired', { has_ccb: true }, ['unretired']],
    ['Article 6 authorization and no ICVCM label, sorted by issued', { article6_authorized: true, has_icvcm_ccp: false }, ['issued']],
  ])('%s: the count, the page and the totals read the filter columns index, not the table', (_name, filters, sort) => {
    for (const [what, sql, params] of listStatements(filters, sort)) {
      expect(plan(sql, params), what).toContain(`COVERING INDEX ${INDEX}`);
    }
  });

  it('a category filter (ignoring case) seeks the index', () => {
    const [, [, sql, params]] = listStatements({ category: ['forest', 'unknown'] }, ['-retired']) as [unknown, [string, string, unknown[]]];
    expect(plan(sql, params)).toMatch(new RegExp(`SEARCH p USING (COVERING )?INDEX ${INDEX} \\(`));
  });

  it('the whole market by category (the credits-by-category chart) is summed from the index', () => {
    const sql = `SELECT p.category AS category, total(p.retired) AS retired, total(p.issued) AS issued FROM projects p
      WHERE p.category IS NOT NULL GROUP BY p.category ORDER BY p.category COLLATE NOCASE`;
    expect(plan(sql, [])).toContain(`COVERING INDEX ${INDEX}`);
  });
});
