/** Project rows (and their clips) as spec 2.4 objects. */
import type { Clip, Project } from '../../shared/api/resources';
import type { MarketStore } from './market-store';

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
  retired: number;
  issued: number;
  sdg_goals: string;
  certifications: string;
  has_ccb: number;
  has_icvcm_ccp: number;
  has_corsia: number;
  has_sdvista: number;
  has_social_carbon: number;
  article6_authorized: number;
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

export function mapProject(r: ProjectRow, clips: Clip[]): Project {
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
    unretired: r.issued - r.retired,
    sdg_goals: JSON.parse(r.sdg_goals) as number[],
    certifications: JSON.parse(r.certifications) as string[],
    has_ccb: r.has_ccb === 1,
    has_icvcm_ccp: r.has_icvcm_ccp === 1,
    has_corsia: r.has_corsia === 1,
    has_sdvista: r.has_sdvista === 1,
    has_social_carbon: r.has_social_carbon === 1,
    article6_authorized: r.article6_authorized === 1,
    article6_countries: JSON.parse(r.article6_countries) as string[],
    article6_authorization_types: JSON.parse(r.article6_authorization_types) as string[],
    corc_durability: r.corc_durability,
    clips,
  };
}

/** Projects with their clips (clips ordered by date, then id). */
export function projectsWithClips(store: MarketStore, rows: ProjectRow[]): Project[] {
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

export function findProject(store: MarketStore, projectId: string): ProjectRow | undefined {
  return store.get<ProjectRow>('SELECT * FROM projects WHERE project_id = ?', [projectId]);
}
