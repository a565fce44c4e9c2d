/** Project rows (and their clips) as the service serves them. */
import type { z } from 'zod';
import type { Clip, projectSchema } from '../../shared/api/resources';
import type { MarketStore } from './market-store';
import { emptyWhere, idIn, whereSql } from './sql-filters';

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
  id: number;
  project_id: string;
  date: string | null;
  title: string | null;
  url: string | null;
  source: string | null;
  tags: string;
  notes: string | null;
  is_waybacked: number;
  type: string;
}

const mapClip = (c: ClipRow): Clip => ({
  id: c.id, date: c.date, title: c.title, url: c.url, source: c.source, tags: JSON.parse(c.tags) as string[], notes: c.notes,
  is_waybacked: c.is_waybacked === 1, type: c.type,
});

/** A project as served: what the project schema accepts (nullable totals and flags included). */
export type ProjectAnswer = z.input<typeof projectSchema>;

/** A stored flag as served: null stays null (a messy market has unknown label flags). */
const flag = (v: number | null): boolean | null => (v === null ? null : v === 1);

export function mapProject(r: ProjectRow, clips: Clip[]): ProjectAnswer {
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
    protocol: JSON.parse(r.protocol) as string[],
    protocol_version: JSON.parse(r.protocol_version) as (string | null)[],
    retired: r.retired,
    issued: r.issued,
    unretired: r.issued === null || r.retired === null ? null : r.issued - r.retired,
    sdg_goals: JSON.parse(r.sdg_goals) as number[],
    certifications: JSON.parse(r.certifications) as string[],
    has_ccb: flag(r.has_ccb),
    has_icvcm_ccp: flag(r.has_icvcm_ccp),
    has_corsia: flag(r.has_corsia),
    has_sdvista: flag(r.has_sdvista),
    has_social_carbon: flag(r.has_social_carbon),
    article6_authorized: flag(r.article6_authorized),
    article6_countries: JSON.parse(r.article6_countries) as string[],
    article6_authorization_types: JSON.parse(r.article6_authorization_types) as string[],
    corc_durability: r.corc_durability,
    clips,
  };
}

/** Projects with their clips (clips ordered by date, then id). */
export function projectsWithClips(store: MarketStore, rows: ProjectRow[]): ProjectAnswer[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.project_id);
  const clips = store.all<ClipRow>(`SELECT * FROM clips WHERE project_id IN (${ids.map(() => '?').join(', ')}) ORDER BY date, id`, ids);
  const byProject = new Map<string, Clip[]>();
  for (const c of clips) {
    const key = c.project_id.toUpperCase();
    byProject.set(key, [...(byProject.get(key) ?? []), mapClip(c)]);
  }
  return rows.map((r) => mapProject(r, byProject.get(r.project_id.toUpperCase()) ?? []));
}

/** A project by id ignoring case: an ASCII id through the NOCASE primary key, any other by the folding rule. */
export function findProject(store: MarketStore, projectId: string): ProjectRow | undefined {
  const w = emptyWhere();
  idIn(w, 'project_id', [projectId]);
  return store.get<ProjectRow>(`SELECT * FROM projects ${whereSql(w)}`, w.params);
}
