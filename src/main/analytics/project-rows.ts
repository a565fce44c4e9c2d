/** Cached project rows (and their clips) read back as the service's project objects. */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import type { Clip, Project } from '../../shared/api/resources';
import { placeholders } from './sql-where';

export interface ProjectRow {
  project_id: string;
  name: string | null;
  registry: string | null;
  proponent: string | null;
  category: string | null;
  status: string | null;
  country: string | null;
  listed_at: string | null;
  is_compliance: number | null;
  first_issuance_at: string | null;
  first_retirement_at: string | null;
  project_url: string | null;
  project_type: string | null;
  project_type_source: string | null;
  protocol: string;
  protocol_version: string;
  retired: number | null;
  issued: number | null;
  unretired: number | null;
  sdg_goals: string;
  certifications: string;
  has_ccb: number | null;
  has_icvcm_ccp: number | null;
  has_corsia: number | null;
  has_sdvista: number | null;
  has_social_carbon: number | null;
  article6_authorized: number | null;
  article6_countries: string;
  article6_authorization_types: string;
  corc_durability: string | null;
}

interface ClipRow {
  project_id: string;
  id: number;
  date: string | null;
  title: string | null;
  url: string | null;
  source: string | null;
  tags: string;
  notes: string | null;
  is_waybacked: number;
  type: string;
}

/** The columns of a ProjectRow, for SELECT lists on `alias`. */
export const projectColumns = (alias: string): string =>
  [
    'project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'listed_at', 'is_compliance',
    'first_issuance_at', 'first_retirement_at', 'project_url', 'project_type', 'project_type_source', 'protocol',
    'protocol_version', 'retired', 'issued', 'unretired', 'sdg_goals', 'certifications', 'has_ccb', 'has_icvcm_ccp',
    'has_corsia', 'has_sdvista', 'has_social_carbon', 'article6_authorized', 'article6_countries',
    'article6_authorization_types', 'corc_durability',
  ].map((c) => `${alias}.${c}`).join(', ');

const parse = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

export function toClip(c: ClipRow): Clip {
  return {
    id: c.id,
    date: c.date,
    title: c.title,
    url: c.url,
    source: c.source,
    tags: parse<string[]>(c.tags, []),
    notes: c.notes,
    is_waybacked: c.is_waybacked === 1,
    type: c.type,
  };
}

export function toProject(r: ProjectRow, clips: Clip[]): Project {
  return {
    project_id: r.project_id,
    name: r.name,
    registry: r.registry,
    proponent: r.proponent,
    category: r.category,
    status: r.status,
    country: r.country,
    listed_at: r.listed_at,
    is_compliance: r.is_compliance === null ? null : r.is_compliance === 1,
    first_issuance_at: r.first_issuance_at,
    first_retirement_at: r.first_retirement_at,
    project_url: r.project_url,
    project_type: r.project_type,
    project_type_source: r.project_type_source,
    protocol: parse<string[]>(r.protocol, []),
    protocol_version: parse<(string | null)[]>(r.protocol_version, []),
    retired: r.retired,
    issued: r.issued,
    unretired: r.unretired,
    sdg_goals: parse<number[]>(r.sdg_goals, []),
    certifications: parse<string[]>(r.certifications, []),
    has_ccb: r.has_ccb === null ? null : r.has_ccb === 1,
    has_icvcm_ccp: r.has_icvcm_ccp === null ? null : r.has_icvcm_ccp === 1,
    has_corsia: r.has_corsia === null ? null : r.has_corsia === 1,
    has_sdvista: r.has_sdvista === null ? null : r.has_sdvista === 1,
    has_social_carbon: r.has_social_carbon === null ? null : r.has_social_carbon === 1,
    article6_authorized: r.article6_authorized === null ? null : r.article6_authorized === 1,
    article6_countries: parse<string[]>(r.article6_countries, []),
    article6_authorization_types: parse<string[]>(r.article6_authorization_types, []),
    corc_durability: r.corc_durability,
    clips,
  };
}

/** Projects with their cached clips, in the order the service listed the clips. */
export function withClips(db: Database.Database, rows: ProjectRow[]): Project[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.project_id);
  const clips = statement(db, `SELECT project_id, id, date, title, url, source, tags, notes, is_waybacked, type FROM project_clips
      WHERE project_id IN (${placeholders(ids.length)}) ORDER BY project_id, position`)
    .all(...ids) as ClipRow[];
  const byProject = new Map<string, Clip[]>();
  for (const c of clips) {
    let list = byProject.get(c.project_id);
    if (!list) byProject.set(c.project_id, (list = []));
    list.push(toClip(c));
  }
  return rows.map((r) => toProject(r, byProject.get(r.project_id) ?? []));
}
