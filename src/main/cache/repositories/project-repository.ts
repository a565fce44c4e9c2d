/** Projects, their clips and the project type taxonomy. Statements are prepared once per database. */
import type Database from 'better-sqlite3';
import type { Clip, Project, ProjectTypes } from '../../../shared/api';
import { DeferredSchema } from '../deferred-schema';
import { extraJson, flag, json, nowIso } from './sql-values';
import type { WithExtra } from '../../../shared/api';

const PROJECT_COLUMNS = [
  'project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'listed_at', 'is_compliance',
  'first_issuance_at', 'first_retirement_at', 'project_url', 'project_type', 'project_type_source', 'protocol',
  'protocol_version', 'retired', 'issued', 'unretired', 'sdg_goals', 'certifications', 'has_ccb', 'has_icvcm_ccp',
  'has_corsia', 'has_sdvista', 'has_social_carbon', 'article6_authorized', 'article6_countries',
  'article6_authorization_types', 'corc_durability', 'extra', 'synced_at', 'sync_pass',
] as const;

export class ProjectRepository {
  private readonly upsert: Database.Statement;
  private readonly touchUnchanged: Database.Statement;
  private readonly markDetail: Database.Statement;
  private readonly deleteClips: Database.Statement;
  private readonly insertClip: Database.Statement;
  private readonly deleteOlderPasses: Database.Statement;
  private readonly clearTypes: Database.Statement;
  private readonly insertType: Database.Statement;
  private readonly countries: Database.Statement;
  private readonly deferred: DeferredSchema;

  constructor(private readonly db: Database.Database) {
    // Only the indexes are set aside (no trigger keeps anything else up to date).
    this.deferred = new DeferredSchema(db, 'projects', null);
    const cols = PROJECT_COLUMNS.join(', ');
    const params = PROJECT_COLUMNS.map((c) => `@${c}`).join(', ');
    const updates = PROJECT_COLUMNS.filter((c) => c !== 'project_id').map((c) => `${c} = excluded.${c}`).join(', ');
    this.upsert = db.prepare(`INSERT INTO projects (${cols}) VALUES (${params}) ON CONFLICT (project_id) DO UPDATE SET ${updates}`);
    // A project listed again with the same values only moves to the new pass: its bookkeeping
    // columns are written, no other.
    const same = PROJECT_COLUMNS.filter((c) => c !== 'project_id' && c !== 'synced_at' && c !== 'sync_pass').map((c) => `${c} IS @${c}`).join(' AND ');
    this.touchUnchanged = db.prepare(`UPDATE projects SET synced_at = @synced_at, sync_pass = @sync_pass WHERE project_id = @project_id AND ${same}`);
    this.markDetail = db.prepare('UPDATE projects SET detail_synced_at = ? WHERE project_id = ?');
    this.deleteClips = db.prepare('DELETE FROM project_clips WHERE project_id = ?');
    this.insertClip = db.prepare(`INSERT INTO project_clips (project_id, id, position, date, title, url, source, tags, notes, is_waybacked, type)
      VALUES (@project_id, @id, @position, @date, @title, @url, @source, @tags, @notes, @is_waybacked, @type)
      ON CONFLICT (project_id, id) DO UPDATE SET position = excluded.position, date = excluded.date, title = excluded.title,
        url = excluded.url, source = excluded.source, tags = excluded.tags, notes = excluded.notes,
        is_waybacked = excluded.is_waybacked, type = excluded.type`);
    this.deleteOlderPasses = db.prepare('DELETE FROM projects WHERE sync_pass < ?');
    this.clearTypes = db.prepare('DELETE FROM project_types');
    this.insertType = db.prepare('INSERT OR REPLACE INTO project_types (category, project_type, position, category_position) VALUES (?, ?, ?, ?)');
    this.countries = db.prepare("SELECT DISTINCT country FROM projects WHERE country IS NOT NULL AND country <> '' ORDER BY country");
  }

  /** A full pass begins: into an empty table, its indexes and search entries are built once it is in. */
  startPass(): void {
    this.deferred.deferIfEmpty();
  }

  /** The indexes and search entries a pass from empty set aside, back (nothing when none were). Answers whether it rebuilt them. */
  restoreIndexes(): boolean {
    return this.deferred.restore();
  }

  /** Upserts a page of projects; `withClips` replaces each project's clips with the ones given. */
  upsertProjects(projects: WithExtra<Project>[], pass: number, withClips: boolean): void {
    const syncedAt = nowIso();
    for (const p of projects) {
      const row = {
        project_id: p.project_id,
        name: p.name,
        registry: p.registry,
        proponent: p.proponent,
        category: p.category,
        status: p.status,
        country: p.country,
        listed_at: p.listed_at,
        is_compliance: flag(p.is_compliance),
        first_issuance_at: p.first_issuance_at,
        first_retirement_at: p.first_retirement_at,
        project_url: p.project_url,
        project_type: p.project_type,
        project_type_source: p.project_type_source,
        protocol: json(p.protocol),
        protocol_version: json(p.protocol_version),
        retired: p.retired,
        issued: p.issued,
        unretired: p.unretired,
        sdg_goals: json(p.sdg_goals),
        certifications: json(p.certifications),
        has_ccb: flag(p.has_ccb),
        has_icvcm_ccp: flag(p.has_icvcm_ccp),
        has_corsia: flag(p.has_corsia),
        has_sdvista: flag(p.has_sdvista),
        has_social_carbon: flag(p.has_social_carbon),
        article6_authorized: flag(p.article6_authorized),
        article6_countries: json(p.article6_countries),
        article6_authorization_types: json(p.article6_authorization_types),
        corc_durability: p.corc_durability,
        extra: extraJson(p.extra),
        synced_at: syncedAt,
        sync_pass: pass,
      };
      if (this.touchUnchanged.run(row).changes === 0) this.upsert.run(row);
      if (withClips) this.replaceClips(p.project_id, p.clips);
    }
  }

  /** One project fetched on its own (GET /v1/projects/{id}): the detail, clips included. */
  upsertProjectDetail(project: WithExtra<Project>, pass: number): void {
    this.upsertProjects([project], pass, true);
    this.markDetail.run(nowIso(), project.project_id);
  }

  private replaceClips(projectId: string, clips: Clip[]): void {
    this.deleteClips.run(projectId);
    clips.forEach((c, position) =>
      this.insertClip.run({
        project_id: projectId,
        id: c.id,
        position,
        date: c.date,
        title: c.title,
        url: c.url,
        source: c.source,
        tags: json(c.tags),
        notes: c.notes,
        is_waybacked: flag(c.is_waybacked),
        type: c.type,
      }),
    );
  }

  /** After a complete pass: projects the service no longer lists are removed (clips cascade). */
  removeProjectsBefore(pass: number): number {
    return this.deleteOlderPasses.run(pass).changes;
  }

  replaceProjectTypes(types: ProjectTypes): number {
    this.clearTypes.run();
    let n = 0;
    Object.entries(types).forEach(([category, list], categoryPosition) =>
      list.forEach((t, position) => {
        this.insertType.run(category, t, position, categoryPosition);
        n++;
      }),
    );
    return n;
  }

  countryNames(): string[] {
    return (this.countries.all() as Array<{ country: string }>).map((r) => r.country);
  }
}
