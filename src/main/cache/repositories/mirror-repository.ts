/**
 * The offline mirror's bookkeeping: which items the cache should hold one by one (boundaries,
 * forensic dossiers, project details, country updates), which of them are fetched for their current
 * signal, and the user's watchlist (projects, buyers, countries) that goes first.
 *
 * A "signal" is what the cache's list data says about an item at fetch time; an item is fetched
 * again only when its signal moved on:
 * - boundary: the satellite metrics' boundary source and area (a redrawn polygon changes its area);
 * - dossier: the newest date among the project's entries in the latest feed and its legacy analyses
 *   (new entries mean a new dossier); its weekly diff is fetched when the current week's is missing;
 * - detail (only when the project list does not carry clips): the listed name, status and totals;
 * - country updates: the country profile's updated_at (or its scan date, or today when it has none).
 */
import type Database from 'better-sqlite3';
import type { MirrorResource, MirrorScope, WatchKind } from '../../../shared/contract';
import { nowIso } from './sql-values';

export interface MirrorTarget {
  id: string;
  signal: string | null;
  watched: boolean;
  /** Dossiers: whether the dossier itself is due (else only this week's diff). */
  dossier?: boolean;
  /** Dossiers: whether this week's diff is due. */
  diff?: boolean;
}

export interface MirrorCounts {
  /** Items the mirror should hold in this scope. */
  known: number;
  /** Of those, fetched (found or none) for their current signal. */
  current: number;
  found: number;
  none: number;
}

const WATCHED_PROJECT = "SELECT item_id FROM watched_items WHERE kind = 'project'";

/** Per resource: the items it should hold (id, signal, watched) for the whole market. */
const KNOWN_SQL: Record<MirrorResource, string> = {
  boundary: `
    SELECT s.project_id AS id, coalesce(s.boundary_source, '') || '|' || coalesce(s.area_km2, '') AS signal
      FROM satellite_metrics s WHERE s.has_boundary = 1
    UNION
    SELECT w.item_id, NULL FROM watched_items w WHERE w.kind = 'project'
      AND NOT EXISTS (SELECT 1 FROM satellite_metrics s WHERE s.project_id = w.item_id)`,
  dossier: `
    SELECT id, max(d) AS signal FROM (
      SELECT project_id AS id, max(coalesce(first_seen_date, '')) AS d FROM forensic_latest_entries GROUP BY project_id
      UNION ALL SELECT project_id, max(coalesce(run_date, '')) FROM legacy_forensics WHERE project_id IS NOT NULL GROUP BY project_id
      UNION ALL SELECT item_id, '' FROM watched_items WHERE kind = 'project'
    ) GROUP BY id`,
  detail: `
    SELECT p.project_id AS id, coalesce(p.name, '') || '|' || coalesce(p.status, '') || '|' || coalesce(p.issued, '') || '|' || coalesce(p.retired, '') AS signal
      FROM projects p
      WHERE coalesce((SELECT value FROM cache_facts WHERE key = 'projects_list_has_clips'), '1') = '0'
         OR p.project_id IN (${WATCHED_PROJECT})`,
  countryUpdates: `
    SELECT c.country_code AS id, coalesce(c.updated_at, c.last_ai_scan_date, date('now')) AS signal
      FROM country_profiles c`,
};

/** Per resource: whether an item is watched (it goes first, and it is the whole scope of 'watchlist'). */
const WATCHED_SQL: Record<MirrorResource, string> = {
  boundary: `k.id IN (${WATCHED_PROJECT})`,
  dossier: `k.id IN (${WATCHED_PROJECT})`,
  detail: `k.id IN (${WATCHED_PROJECT})`,
  countryUpdates: `(k.id IN (SELECT item_id FROM watched_items WHERE kind = 'country')
    OR k.id IN (SELECT pc.country_code FROM projects p JOIN project_countries pc ON pc.country = p.country WHERE p.project_id IN (${WATCHED_PROJECT})))`,
};

/** An item fetched for a signal is current while its signal has not moved on (a null signal never moves). */
const CURRENT_SQL = '(m.item_id IS NOT NULL AND (m.signal IS NULL OR k.signal IS NULL OR m.signal >= k.signal))';

export class MirrorRepository {
  private readonly mark: Database.Statement;
  private readonly getFact: Database.Statement;
  private readonly putFact: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.mark = db.prepare('INSERT OR REPLACE INTO mirror_items (resource, item_id, signal, outcome, fetched_at) VALUES (?, ?, ?, ?, ?)');
    this.getFact = db.prepare('SELECT value FROM cache_facts WHERE key = ?');
    this.putFact = db.prepare('INSERT OR REPLACE INTO cache_facts (key, value) VALUES (?, ?)');
  }

  fact(key: string): string | null {
    return (this.getFact.get(key) as { value: string } | undefined)?.value ?? null;
  }

  setFact(key: string, value: string): void {
    if (this.fact(key) !== value) this.putFact.run(key, value);
  }

  scope(): MirrorScope {
    return this.fact('mirror_scope') === 'watchlist' ? 'watchlist' : 'everything';
  }

  setScope(scope: MirrorScope): void {
    this.setFact('mirror_scope', scope);
  }

  /** Records an item as fetched for `signal`: 'none' remembers the service's 404 (with its date). */
  record(resource: MirrorResource, id: string, signal: string | null, outcome: 'found' | 'none'): void {
    this.mark.run(resource, id, signal, outcome, nowIso());
  }

  private knownSql(resource: MirrorResource, scope: MirrorScope): string {
    const watched = WATCHED_SQL[resource];
    return `SELECT k.id, k.signal, ${watched} AS watched FROM (${KNOWN_SQL[resource]}) k ${scope === 'watchlist' ? `WHERE ${watched}` : ''}`;
  }

  /** What is due in `scope`, watched items first: not fetched, or fetched for an older signal. */
  targets(resource: MirrorResource, scope: MirrorScope, week: { year: number; week: number }): MirrorTarget[] {
    const known = this.knownSql(resource, scope);
    if (resource === 'dossier') {
      const rows = this.db.prepare(`
        SELECT k.id, k.signal, k.watched, NOT ${CURRENT_SQL} AS dossier,
               (coalesce(m.outcome, 'found') = 'found' AND NOT EXISTS (
                 SELECT 1 FROM forensic_weekly_diffs d WHERE d.project_id = k.id AND d.year = ? AND d.week_number = ?)) AS diff
          FROM (${known}) k LEFT JOIN mirror_items m ON m.resource = 'dossier' AND m.item_id = k.id
         WHERE NOT ${CURRENT_SQL} OR (coalesce(m.outcome, 'found') = 'found' AND NOT EXISTS (
                 SELECT 1 FROM forensic_weekly_diffs d WHERE d.project_id = k.id AND d.year = ? AND d.week_number = ?))
         ORDER BY k.watched DESC, k.id`).all(week.year, week.week, week.year, week.week) as Array<{ id: string; signal: string | null; watched: number; dossier: number; diff: number }>;
      return rows.map((r) => ({ id: r.id, signal: r.signal, watched: r.watched === 1, dossier: r.dossier === 1, diff: r.diff === 1 }));
    }
    const rows = this.db.prepare(`
      SELECT k.id, k.signal, k.watched FROM (${known}) k LEFT JOIN mirror_items m ON m.resource = ? AND m.item_id = k.id
       WHERE NOT ${CURRENT_SQL} ORDER BY k.watched DESC, k.id`).all(resource) as Array<{ id: string; signal: string | null; watched: number }>;
    return rows.map((r) => ({ id: r.id, signal: r.signal, watched: r.watched === 1 }));
  }

  /** How much of `resource` the mirror holds in `scope`. */
  counts(resource: MirrorResource, scope: MirrorScope): MirrorCounts {
    const row = this.db.prepare(`
      SELECT count(*) AS known, coalesce(sum(${CURRENT_SQL}), 0) AS current,
             coalesce(sum(m.outcome = 'found'), 0) AS found, coalesce(sum(m.outcome = 'none'), 0) AS none
        FROM (${this.knownSql(resource, scope)}) k LEFT JOIN mirror_items m ON m.resource = ? AND m.item_id = k.id`).get(resource) as MirrorCounts;
    return row;
  }

  /** The newest fetch of a resource's items (null when none was fetched). */
  lastFetchedAt(resource: MirrorResource): string | null {
    return (this.db.prepare('SELECT max(fetched_at) AS at FROM mirror_items WHERE resource = ?').get(resource) as { at: string | null }).at;
  }

  // ---- watchlist ------------------------------------------------------------------------------

  watched(): Array<{ kind: WatchKind; id: string; added_at: string }> {
    return (this.db.prepare('SELECT kind, item_id AS id, added_at FROM watched_items ORDER BY added_at, kind, item_id').all()) as Array<{
      kind: WatchKind; id: string; added_at: string;
    }>;
  }

  setWatched(kind: WatchKind, id: string, watched: boolean): void {
    if (watched) this.db.prepare('INSERT OR IGNORE INTO watched_items (kind, item_id, added_at) VALUES (?, ?, ?)').run(kind, id, nowIso());
    else this.db.prepare('DELETE FROM watched_items WHERE kind = ? AND item_id = ?').run(kind, id);
  }
}
