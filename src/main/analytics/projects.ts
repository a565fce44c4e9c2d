/** projects.list / projects.get / projects.types from the cache (as GET /v1/projects/...). */
import type Database from 'better-sqlite3';
import { memoCount, memoSlot, statement } from './query-memo';
import { DEFAULT_SORT, PROJECT_SORT_FIELDS, parseSort, type ProjectListQuery } from '../../shared/api/params';
import type { Page, Project, ProjectTypes } from '../../shared/api/resources';
import { notFound } from '../../shared/errors';
import { pageEnvelope, pageRequest, walkLength, type PageRequest } from './page-envelope';
import { projectWhere } from './project-filters';
import { projectColumns, withClips, type ProjectRow } from './project-rows';
import { orderBy, type SortColumn } from './sort-order';
import { whereSql, type SqlWhere } from './sql-where';
import { projectSearchIndexComplete } from './project-search-index';

const TEXT_SORT = new Set(['project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'project_type', 'corc_durability']);
export const PROJECT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  PROJECT_SORT_FIELDS.map((f) => [f, { sql: f === 'unretired' ? '(p.issued - p.retired)' : `p.${f}`, text: TEXT_SORT.has(f) }]),
);
// Ids in natural order, walking the expression index of that order (a project always has an id).
PROJECT_SORT_COLUMNS.project_id = { sql: 'p.project_id', text: true, natural: true, hasNulls: () => false };

/**
 * The same columns behind SQLite's no-op unary plus, so that no index gives their order: the page
 * then reads its matches through the filter's index and sorts them (see mayWalkSortIndex). Ids in
 * natural order keep theirs (a filtered list in that order is placed by naturalPage).
 */
const SORTED_MATCHES_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  Object.entries(PROJECT_SORT_COLUMNS).map(([f, c]) => [f, c.natural ? c : { ...c, sql: `+${c.sql}` }]),
);

/**
 * Whether the page may walk its sort column's index, as SQLite chooses to with LIMIT bound: it reads
 * the projects in the sort's order, each from the table, until the page is full, about
 * (offset + per_page) * all / matching projects. When that is more than the matches, the filter's
 * index and a sort of the matches answer sooner (at 116,590 projects: three labels together, 46
 * projects, sorted by issued, 104 ms walked and 6.7 ms sorted; two labels, 305 projects, 19.4 and
 * 6.7 ms; one label, 7,596 projects, by retired: 0.4 ms walked, 8.2 ms sorted).
 */
function mayWalkSortIndex(db: Database.Database, where: SqlWhere, total: number, req: PageRequest): boolean {
  if (!where.clauses.length) return true;
  return walkLength(req, memoCount(db, 'projects p', []), total) < total;
}

/**
 * The page's projects: their rowids in the list's order first (a sort then moves rowids and keys,
 * not whole rows: 57 -> 21 ms for every project by registry at 116,590), then the rows by rowid.
 */
function pageRows(db: Database.Database, where: SqlWhere, order: string, req: PageRequest): ProjectRow[] {
  const rowids = statement(db, `SELECT p.rowid FROM projects p ${whereSql(where)} ${order} LIMIT ? OFFSET ?`).pluck()
    .all(...where.params, req.perPage, req.offset) as number[];
  return rowsOf(db, rowids);
}

/** The projects in a natural id order (ascending or descending): each rowid's place, and the rowid at each place. */
interface NaturalOrder {
  place: Int32Array;
  rowids: Int32Array;
}

/** The projects' order of `order` (a natural id sort), read from its index once per write generation; null when the rowids are too sparse for an array. */
const naturalOrder = (db: Database.Database, order: string): NaturalOrder | null =>
  memoSlot(db, `projects:${order}`, null, () => {
    const rowids = Int32Array.from(statement(db, `SELECT p.rowid FROM projects p ${order}`).pluck().all() as number[]);
    const last = rowids.reduce((m, r) => Math.max(m, r), 0);
    if (last > 4 * rowids.length + 1024 || rowids.some((r) => r < 0)) return null;
    const place = new Int32Array(last + 1).fill(-1);
    rowids.forEach((r, k) => (place[r] = k));
    return { place, rowids };
  });

/**
 * A filtered list in natural id order (the default sort): the matching rowids in any order, placed
 * by the order read once from its index, and the page picked from them. SQLite would narrow by the
 * filter's index and then sort every match by the order's three terms (65 ms for the Verra and Gold
 * Standard projects at 116,590; 12 ms this way), or walk the order's index and look up every row
 * until the page is full (a registry's ids all sort together, so that can be most of the table).
 */
function naturalPage(db: Database.Database, where: SqlWhere, order: NaturalOrder, req: PageRequest): { total: number; rows: ProjectRow[] } | null {
  const matches = statement(db, `SELECT p.rowid FROM projects p ${whereSql(where)}`).pluck().all(...where.params) as number[];
  const places = Int32Array.from(matches, (r) => (r < order.place.length ? order.place[r]! : -1)).sort();
  // A project written since the order was read (a sync committed in between): SQLite sorts instead.
  if (places.length && places[0]! < 0) return null;
  const page = Array.from(places.subarray(req.offset, req.offset + req.perPage), (k) => order.rowids[k]!);
  return { total: matches.length, rows: rowsOf(db, page) };
}

/** The projects of `rowids`, in that order (one deleted since the rowids were read is left out). */
function rowsOf(db: Database.Database, rowids: readonly number[]): ProjectRow[] {
  if (!rowids.length) return [];
  const rows = statement(db, `SELECT p.rowid AS row_id, ${projectColumns('p')} FROM projects p WHERE p.rowid IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(rowids)) as Array<ProjectRow & { row_id: number }>;
  const byRowid = new Map(rows.map(({ row_id, ...row }) => [row_id, row]));
  return rowids.flatMap((r) => byRowid.get(r) ?? []);
}

/** Whether `sort` (already checked by orderBy) is the natural id order alone, either way. */
const isNaturalSort = (sort: readonly string[] | undefined): boolean => {
  const keys = parseSort(sort, PROJECT_SORT_FIELDS, DEFAULT_SORT.projects);
  return keys.length === 1 && keys[0]!.field === 'project_id';
};

export function listProjects(db: Database.Database, q: ProjectListQuery): Page<Project> {
  const req = pageRequest(q);
  const where = projectWhere(q, 'p', projectSearchIndexComplete(db));
  const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  // Unfiltered, the order's index gives the page at once.
  const natural = where.clauses.length && isNaturalSort(q.sort) ? naturalOrder(db, order) : null;
  const page = natural && naturalPage(db, where, natural, req);
  if (page) return pageEnvelope('/v1/projects/', q, req, page.total, withClips(db, page.rows));
  const total = memoCount(db, `projects p ${whereSql(where)}`, where.params);
  if (req.offset >= total) return pageEnvelope('/v1/projects/', q, req, total, []);
  const pageOrder = mayWalkSortIndex(db, where, total, req)
    ? order
    : orderBy(q.sort, SORTED_MATCHES_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  const rows = pageRows(db, where, pageOrder, req);
  return pageEnvelope('/v1/projects/', q, req, total, withClips(db, rows));
}

export function getProject(db: Database.Database, args: { project_id: string }): Project {
  const row = statement(db, `SELECT ${projectColumns('p')} FROM projects p WHERE p.project_id = ? COLLATE NOCASE`).get(args.project_id) as
    | ProjectRow
    | undefined;
  if (!row) throw notFound(`Project ${args.project_id}`);
  return withClips(db, [row])[0]!;
}

export function projectTypes(db: Database.Database): ProjectTypes {
  const rows = statement(db, 'SELECT category, project_type FROM project_types ORDER BY category_position, position')
    .all() as Array<{ category: string; project_type: string }>;
  const out: ProjectTypes = {};
  for (const r of rows) (out[r.category] ??= []).push(r.project_type);
  return out;
}
