import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, PROJECT_SORT_FIELDS, projectListQuery } from '../../shared/api/params';
import { listProjects, PROJECT_SORT_COLUMNS } from './projects';
import { projectColumns } from './project-rows';
import { projectWhere } from './project-filters';
import { orderBy } from './sort-order';
import { whereSql } from './sql-where';
import { seededRandom } from './testing/synced-market';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

/**
 * projects.list reads a search through the trigram index and picks a page in natural id order from
 * the order read once; both must answer exactly what SQLite's plain plan answers: every project's
 * id and name tested with instr(lower()), sorted by ORDER BY, one LIMIT / OFFSET.
 */

const NAMES = ['Rimba Raya', 'RIMBA raya II', 'Forêt Ébène', 'forêt ébène', 'Ñandú Grassland', '100% "Green" co', "O'Brien Hydro", 'a_b%c', '风电 Wind 风电', 'Ωmega Ωcean', null];
const REGISTRIES = ['verra', 'Verra', 'gold-standard', 'isometric', null];
const NEEDLES = ['rimba', 'RAYA', 'forêt', 'FORÊT', 'Forêt Éb', 'ébène', 'ÉBÈNE', 'ñandú', 'Ñandú', '"green"', "o'b", '_b%', '%', 'a_', '风电', '电 W', 'ωmega', 'Ωme', 'vcs-1', 'VCS-1', '-1', 'ra', 'x', '  ', 'no such thing'];

let db: Database.Database;
beforeAll(() => {
  db = tinyMarket();
  const r = seededRandom(5);
  const prefixes = ['VCS-', 'vcs-', 'GLD-', 'ACR-', 'ACR', 'CAR-0'];
  writeProjects(db, Array.from({ length: 400 }, (_, i) => project({
    project_id: `${r.pick(prefixes)}${r.int(1, 60)}${i % 7 === 0 ? '' : `-${i}`}`,
    name: r.pick(NAMES),
    registry: r.pick(REGISTRIES),
    issued: r.chance(0.1) ? null : r.int(0, 50),
    has_corsia: r.chance(0.5),
  })));
});
afterAll(() => db.close());

/** The plain plan: SQLite tests every project and sorts the matches. */
function plain(q: ReturnType<typeof projectListQuery.parse>): { total: number; ids: string[] } {
  const w = projectWhere(q, 'p');
  const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  const total = db.prepare(`SELECT count(*) FROM projects p ${whereSql(w)}`).pluck().get(...w.params) as number;
  const perPage = q.per_page ?? 50;
  const rows = db.prepare(`SELECT ${projectColumns('p')} FROM projects p ${whereSql(w)} ${order} LIMIT ? OFFSET ?`)
    .all(...w.params, perPage, ((q.current_page ?? 1) - 1) * perPage) as Array<{ project_id: string }>;
  return { total, ids: rows.map((p) => p.project_id) };
}

const answer = (q: ReturnType<typeof projectListQuery.parse>) => {
  const page = listProjects(db, q);
  return { total: page.pagination.total_entries, ids: page.data.map((p) => p.project_id) };
};

describe('projects.list', () => {
  it('a search through the trigram index finds what testing every id and name finds (case, accents, quotes, wildcards, short needles)', () => {
    let found = 0;
    for (const search of NEEDLES) {
      for (const sort of [undefined, ['name'], ['-issued']]) {
        const q = projectListQuery.parse({ search, per_page: 200, ...(sort ? { sort } : {}) });
        const got = answer(q);
        expect(got, JSON.stringify(q)).toEqual(plain(q));
        found += got.total;
      }
    }
    expect(found).toBeGreaterThan(200);
  });

  it('reads the search by testing every project while a first projects pass has set the trigram index aside', () => {
    const q = projectListQuery.parse({ search: 'rimba', per_page: 200 });
    const all = answer(q);
    expect(all.total).toBeGreaterThan(0);
    db.exec("INSERT INTO projects_fts (projects_fts) VALUES ('delete-all')");
    try {
      // An emptied index: read through it, the search finds nothing...
      expect(answer(q).total).toBe(0);
      // ...and while it is marked as set aside, every project is tested.
      db.prepare("INSERT INTO deferred_schema (name, tbl, type, sql) VALUES ('projects_fts_insert', 'projects', 'trigger', 'x')").run();
      expect(answer(q)).toEqual(all);
    } finally {
      db.exec("DELETE FROM deferred_schema WHERE tbl = 'projects'; INSERT INTO projects_fts (projects_fts) VALUES ('rebuild')");
    }
    expect(answer(q)).toEqual(all);
  });

  it('a filtered page in natural id order (the default, either way) is the page SQLite sorts', () => {
    const r = seededRandom(9);
    let rows = 0;
    for (let k = 0; k < 150; k++) {
      const q = projectListQuery.parse({
        ...(r.chance(0.6) ? { registry: [r.pick(['verra', 'gold-standard', 'isometric'])] } : {}),
        ...(r.chance(0.4) ? { has_corsia: r.chance(0.5) } : {}),
        ...(r.chance(0.3) ? { search: r.pick(NEEDLES) } : {}),
        ...(r.chance(0.5) ? { sort: [r.pick(['project_id', '-project_id'])] } : r.chance(0.3) ? { sort: [r.pick(PROJECT_SORT_FIELDS)] } : {}),
        per_page: r.int(1, 30),
        current_page: r.int(1, 6),
      });
      const got = answer(q);
      expect(got, JSON.stringify(q)).toEqual(plain(q));
      rows += got.ids.length;
    }
    expect(rows).toBeGreaterThan(500);
  });

  it('follows a write: projects written after the order was read are placed in it', () => {
    const q = projectListQuery.parse({ registry: ['isometric'], per_page: 200 });
    answer(q); // the order, read for this generation
    writeProjects(db, [project({ project_id: 'AAA-1', registry: 'isometric' }), project({ project_id: 'zzz-999', registry: 'Isometric' })]);
    const got = answer(q);
    expect(got).toEqual(plain(q));
    expect(got.ids[0]).toBe('AAA-1');
  });
});
