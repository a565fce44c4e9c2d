/**
 * projects.list on both engines of the read model against the same answer computed in JavaScript
 * from the cached rows: the search (a literal substring of the id or the name, every letter folded),
 * group-P filters, the sort (ids in natural order, text by its folded form in code point order,
 * nulls last, the id last) and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { PROJECT_SORT_FIELDS, type ProjectListQuery } from '../../shared/api/params';
import { contract } from '../../shared/contract';
import { naturalIdKey } from '../../shared/api/natural-id';
import { foldCase } from '../../shared/case-folding';
import { listProjects } from './projects';
import { ENGINES, bothEngines, type BothEngines } from './testing/engines';
import { referenceOrder, referencePage, referencePagination, type ReferenceKey, type SortValue } from './testing/reference-order';
import { seededRandom } from './testing/synced-market';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

const NAMES = [
  'Rimba Raya', 'RIMBA raya II', 'Forêt Ébène', 'forêt ébène', 'FORÊT ÉBÈNE', 'Ñandú Grassland', 'ñANDÚ grassland', '100% "Green" co', "O'Brien Hydro",
  'a_b%c', '风电 Wind 风电', 'Ωmega Ωcean', 'ΩMEGA ΩCEAN', 'İzmir Rüzgar', 'izmir rüzgar', 'ｆull width', '𝔉raktur', 'Zeta', 'zeta', null,
];
const REGISTRIES = ['verra', 'Verra', 'gold-standard', 'isometric', 'İsometric', null];
const NEEDLES = [
  'rimba', 'RAYA', 'forêt', 'FORÊT', 'Forêt Éb', 'ébène', 'ÉBÈNE', 'foret', 'ñandú', 'ÑANDÚ', '"green"', "o'b", '_b%', '%', 'a_', '风电', '电 W', 'ωmega',
  'Ωme', 'İZMİR', 'IZMIR', 'RÜZGAR', 'ｆULL', '𝔉', 'vcs-1', 'VCS-1', '-1', 'ñu-', 'ra', 'x', '  ', 'no such thing',
];
/** The contract's projects.list input (open value sets: any registry a server may send). */
const listQuery = (q: Record<string, unknown>): ProjectListQuery => contract['projects.list'].input.parse(q) as ProjectListQuery;
const TEXT_SORT = new Set(['name', 'registry', 'proponent', 'category', 'status', 'country', 'project_type', 'corc_durability']);

type Row = Record<string, unknown> & { project_id: string; name: string | null; registry: string | null; has_corsia: number | null; issued: number | null; retired: number | null };

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The terms one sort field compares, from a cached row. */
function termsOf(field: string): ReferenceKey<Row>['terms'] {
  if (field === 'project_id') return [(r) => naturalIdKey(r.project_id).prefix, (r) => naturalIdKey(r.project_id).number, (r) => foldCase(r.project_id)];
  if (field === 'unretired') return [(r) => (r.issued === null || r.retired === null ? null : r.issued - r.retired)];
  if (TEXT_SORT.has(field)) return [(r) => { const t = text(r[field]); return t === null ? null : foldCase(t); }];
  return [(r) => r[field] as SortValue];
}

const cachedRows = (db: Database.Database) => db.prepare('SELECT * FROM projects').all() as Row[];

/** projects.list computed from the cached rows. */
function expected(rows: readonly Row[], q: ProjectListQuery) {
  const needle = q.search ? foldCase(q.search) : null;
  const registries = q.registry?.map(foldCase);
  const matching = rows.filter((r) =>
    (needle === null || foldCase(r.project_id).includes(needle) || (r.name !== null && foldCase(r.name).includes(needle))) &&
    (!registries?.length || (r.registry !== null && registries.includes(foldCase(r.registry)))) &&
    (q.has_corsia === undefined || (r.has_corsia ?? 0) === (q.has_corsia ? 1 : 0)));
  const keys = (q.sort?.length ? q.sort : ['project_id']).map((s) => ({ terms: termsOf(s.replace(/^[+-]/, '')), descending: s.startsWith('-') }));
  const ordered = referenceOrder(matching, keys, (r) => r.project_id);
  const page = q.current_page ?? 1;
  const perPage = q.per_page ?? 50;
  return { ...referencePagination(matching.length, page, perPage), ids: referencePage(ordered, page, perPage).map((r) => r.project_id) };
}

describe.each(ENGINES)('projects.list = the answer computed from the rows (%s)', (engine) => {
  let db: Database.Database;
  let engines: BothEngines;
  beforeAll(async () => {
    db = tinyMarket();
    const r = seededRandom(5);
    const prefixes = ['VCS-', 'vcs-', 'GLD-', 'ACR-', 'ACR', 'CAR-0', 'Ñu-', 'ñU-'];
    writeProjects(db, [
      ...Array.from({ length: 400 }, (_, i) => project({
        project_id: `${r.pick(prefixes)}${r.int(1, 60)}${i % 7 === 0 ? '' : `-${i}`}`,
        name: r.pick(NAMES),
        registry: r.pick(REGISTRIES),
        country: r.chance(0.2) ? null : r.pick(['Türkiye', 'TÜRKIYE', 'Brazil', 'brazil', 'Ñuble']),
        issued: r.chance(0.1) ? null : r.int(0, 50),
        retired: r.chance(0.1) ? null : r.int(0, 50),
        listed_at: r.chance(0.2) ? null : `20${r.int(10, 26)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
        has_corsia: r.chance(0.2) ? null : r.chance(0.5),
        is_compliance: r.chance(0.3) ? null : r.chance(0.5),
      })),
      // ids without trailing digits (number 0), and numbers past 64 bits (the largest number, then the folded id)
      project({ project_id: 'GS-ALPHA', name: 'Alpha' }),
      project({ project_id: 'gs-alpha', name: 'alpha' }),
      project({ project_id: 'VCS-99999999999999999999999', name: 'Huge' }),
      project({ project_id: 'VCS-99999999999999999999998', name: 'Huge' }),
    ]);
    engines = await bothEngines(db);
  });
  afterAll(async () => {
    await engines.close();
    db.close();
  });

  const answer = async (q: ProjectListQuery) => {
    const page = await listProjects(engines.ctx(engine), q);
    const { total_entries, current_page, total_pages, next_page } = page.pagination;
    return { total_entries, current_page, total_pages, has_next: next_page !== null, ids: page.data.map((p) => p.project_id) };
  };

  it('a search finds what testing every id and name finds (case of every letter, accents, quotes, wildcards, short needles)', async () => {
    const rows = cachedRows(db);
    let found = 0;
    for (const search of NEEDLES) {
      for (const sort of [undefined, ['name'], ['-issued'], ['-project_id']]) {
        for (let page = 1; ; page++) {
          const q = listQuery({ search, per_page: 200, current_page: page, ...(sort ? { sort } : {}) });
          const got = await answer(q);
          expect(got, JSON.stringify(q)).toEqual(expected(rows, q));
          found += got.ids.length;
          if (!got.has_next) break;
        }
      }
    }
    expect(found).toBeGreaterThan(400);
    // a capital beyond A-Z finds its small letter, and the other way round
    expect((await answer(listQuery({ search: 'FORÊT ÉBÈNE', per_page: 200 }))).total_entries)
      .toBe(expected(rows, listQuery({ search: 'forêt ébène', per_page: 200 })).total_entries);
    expect((await answer(listQuery({ search: 'foret', per_page: 200 }))).total_entries).toBe(0);
    for (const search of ['ÑANDÚ', 'İZMİR', 'IZMIR', 'ωmega', 'ｆULL', 'ñu-']) {
      expect((await answer(listQuery({ search }))).total_entries, search).toBeGreaterThan(1);
    }
    // code point order, not UTF-16's: U+FF46 (ｆ) sorts before U+1D509 (𝔉), whose first UTF-16 unit is the smaller
    const nameOf = new Map(rows.map((p) => [p.project_id, p.name]));
    const names: Array<string | null | undefined> = [];
    for (let page = 1; ; page++) {
      const got = await answer(listQuery({ search: 't', sort: ['name'], per_page: 200, current_page: page }));
      names.push(...got.ids.map((id) => nameOf.get(id)));
      if (!got.has_next) break;
    }
    const lastWide = names.lastIndexOf('ｆull width');
    const firstFraktur = names.indexOf('𝔉raktur');
    expect(lastWide).toBeGreaterThanOrEqual(0);
    expect(firstFraktur).toBeGreaterThan(lastWide);
  });

  it('every sort field, either way, with filters and pages, is the order computed from the rows', async () => {
    const rows = cachedRows(db);
    const r = seededRandom(9);
    let listed = 0;
    for (let k = 0; k < 250; k++) {
      const q = listQuery({
        ...(r.chance(0.5) ? { registry: [r.recase(r.pick(['verra', 'gold-standard', 'isometric']))] } : {}),
        ...(r.chance(0.3) ? { has_corsia: r.chance(0.5) } : {}),
        ...(r.chance(0.3) ? { search: r.pick(NEEDLES) } : {}),
        ...(r.chance(0.4)
          ? { sort: [r.pick(['project_id', '-project_id'])] }
          : r.chance(0.8) ? { sort: Array.from({ length: r.int(1, 2) }, () => `${r.chance(0.5) ? '-' : ''}${r.pick(PROJECT_SORT_FIELDS)}`) } : {}),
        per_page: r.int(1, 40),
        current_page: r.int(1, 8),
      });
      const got = await answer(q);
      expect(got, JSON.stringify(q)).toEqual(expected(rows, q));
      listed += got.ids.length;
    }
    expect(listed).toBeGreaterThan(1000);
  });

  it('natural id order: numbers by value, ids without digits as 0, ids differing only in case by the id as stored', async () => {
    const ids = (await answer(listQuery({ search: 'gs-alpha' }))).ids;
    expect(ids).toEqual(['GS-ALPHA', 'gs-alpha']);
    expect((await answer(listQuery({ search: 'gs-alpha', sort: ['-project_id'] }))).ids).toEqual(['GS-ALPHA', 'gs-alpha']);
    expect((await answer(listQuery({ search: 'VCS-9999999999999999999999' }))).ids).toEqual(['VCS-99999999999999999999998', 'VCS-99999999999999999999999']);
  });

  it('follows a write: projects written later are listed in their places', async () => {
    const q = listQuery({ registry: ['isometric'], per_page: 200 });
    const before = await answer(q);
    writeProjects(db, [project({ project_id: 'AAA-1', registry: 'isometric' }), project({ project_id: 'zzz-999', registry: 'ISOMETRIC' })]);
    await engines.written();
    const got = await answer(q);
    expect(got).toEqual(expected(cachedRows(db), q));
    expect(got.total_entries).toBe(before.total_entries + 2);
    expect(got.ids[0]).toBe('AAA-1');
    expect(got.ids).toContain('zzz-999');
  });
});
