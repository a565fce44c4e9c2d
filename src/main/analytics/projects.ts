/** projects.list / projects.get / projects.types from the cache (as GET /v1/projects/...). */
import type Database from 'better-sqlite3';
import { memoCount, statement } from './query-memo';
import { DEFAULT_SORT, PROJECT_SORT_FIELDS, type ProjectListQuery } from '../../shared/api/params';
import type { Page, Project, ProjectTypes } from '../../shared/api/resources';
import { notFound } from '../../shared/errors';
import { pageEnvelope, pageRequest } from './page-envelope';
import { projectWhere } from './project-filters';
import { projectColumns, withClips, type ProjectRow } from './project-rows';
import { orderBy, type SortColumn } from './sort-order';
import { whereSql } from './sql-where';

const TEXT_SORT = new Set(['project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'project_type', 'corc_durability']);
export const PROJECT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  PROJECT_SORT_FIELDS.map((f) => [f, { sql: f === 'unretired' ? '(p.issued - p.retired)' : `p.${f}`, text: TEXT_SORT.has(f) }]),
);
// Ids in natural order, walking the expression index of that order (a project always has an id).
PROJECT_SORT_COLUMNS.project_id = { sql: 'p.project_id', text: true, natural: true, hasNulls: () => false };

export function listProjects(db: Database.Database, q: ProjectListQuery): Page<Project> {
  const req = pageRequest(q);
  const where = projectWhere(q);
  const order = orderBy(q.sort, PROJECT_SORT_COLUMNS, DEFAULT_SORT.projects, 'p.project_id');
  const total = memoCount(db, `projects p ${whereSql(where)}`, where.params);
  const rows =
    req.offset < total
      ? (statement(db, `SELECT ${projectColumns('p')} FROM projects p ${whereSql(where)} ${order} LIMIT ? OFFSET ?`)
          .all(...where.params, req.perPage, req.offset) as ProjectRow[])
      : [];
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
