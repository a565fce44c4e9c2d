/**
 * projects.list / projects.get / projects.types from the cache (as GET /v1/projects/...). The list's
 * count and the page's ids come from the read model (group P, search, sort), the page's rows from
 * the cache by id.
 */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import { DEFAULT_SORT, PROJECT_SORT_FIELDS, type ProjectListQuery } from '../../shared/api/params';
import type { Page, Project, ProjectTypes } from '../../shared/api/resources';
import { notFound } from '../../shared/errors';
import { pageEnvelope, pageRequest } from './page-envelope';
import { projectWhere } from './project-filters';
import { projectColumns, withClips, type ProjectRow } from './project-rows';
import type { ReadContext } from './read-engine';
import { orderBy, type SortColumn } from './sort-order';
import { whereSql } from './sql-where';
import { sameId } from './text-match';

const TEXT_SORT = new Set(['project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'project_type', 'corc_durability']);

/** Sort columns of read_projects `p`: ids in natural order (ACR-2 before ACR-10), text by folded keys, `unretired` as issued - retired. */
export const PROJECT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  PROJECT_SORT_FIELDS.map((f) => [f, { terms: f === 'unretired' ? ['(p.issued - p.retired)'] : [TEXT_SORT.has(f) ? `p.${f}_key` : `p.${f}`] }]),
);
PROJECT_SORT_COLUMNS.project_id = { terms: ['p.natural_prefix', 'p.natural_number', 'p.project_id_key'] };

/** The projects of `ids` from the cache, in that order (one removed since is left out). */
export function projectsById(db: Database.Database, ids: readonly string[]): ProjectRow[] {
  if (!ids.length) return [];
  const rows = statement(db, `SELECT ${projectColumns('p')} FROM projects p WHERE p.project_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as ProjectRow[];
  const byId = new Map(rows.map((r) => [r.project_id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listProjects(ctx: ReadContext, q: ProjectListQuery): Promise<Page<Project>> {
  const req = pageRequest(q);
  const engine = await ctx.engine();
  const filter = projectWhere(engine.dialect, q);
  const where = whereSql(filter);
  const params = filter.params;
  const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  const [count] = await engine.all<{ n: number }>(`SELECT count(*) AS n FROM read_projects p ${where}`, params);
  const total = count?.n ?? 0;
  if (req.offset >= total) return pageEnvelope('/v1/projects/', q, req, total, []);
  const ids = await engine.all<{ project_id: string }>(`SELECT p.project_id FROM read_projects p ${where} ${order} LIMIT ? OFFSET ?`, [...params, req.perPage, req.offset]);
  return pageEnvelope('/v1/projects/', q, req, total, withClips(ctx.db, projectsById(ctx.db, ids.map((r) => r.project_id))));
}

export function getProject(ctx: ReadContext, args: { project_id: string }): Project {
  const [match, id] = sameId('p.project_id', args.project_id);
  const row = statement(ctx.db, `SELECT ${projectColumns('p')} FROM projects p WHERE ${match}`).get(id) as ProjectRow | undefined;
  if (!row) throw notFound(`Project ${args.project_id}`);
  return withClips(ctx.db, [row])[0]!;
}

export function projectTypes(ctx: ReadContext): ProjectTypes {
  const rows = statement(ctx.db, 'SELECT category, project_type FROM project_types ORDER BY category_position, position').all() as Array<{ category: string; project_type: string }>;
  const out: ProjectTypes = {};
  for (const r of rows) (out[r.category] ??= []).push(r.project_type);
  return out;
}
