/**
 * Forensics from the cache: the latest feed (as last fetched), a project's v2 forensics (with the v1
 * fallback built from its newest cached legacy analysis), weekly diffs, the legacy list, and every
 * count of forensic entries a screen shows (`forensicCounts`, the one definition of each).
 *
 * Entries are in ONE order everywhere: newest first, by the day the service first saw them, then by
 * the event's date, then by id (ENTRY_ORDER).
 */
import type Database from 'better-sqlite3';
import { foldCase } from '../../shared/case-folding';
import { memoCount, statement } from './query-memo';
import { DEFAULT_SORT, LATEST_FEED_DEFAULT_LIMIT, LEGACY_FORENSIC_SORT_FIELDS, type ForensicDiffQuery, type LatestFeedQuery, type LegacyForensicsQuery } from '../../shared/api/params';
import type { ForensicDiff, ForensicEntry, ForensicMemo, LatestForensicFeed, LegacyForensic, Page, ProjectForensics } from '../../shared/api/resources';
import type { ForensicCounts } from '../../shared/contract';
import { type ContractError, notFound } from '../../shared/errors';
import { mirrorRecord, noneAtService, notDownloaded, projectScheduled, unknownProject } from './availability';
import { isoWeekOf, marketToday } from './market-calendar';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy, type SortColumn } from './sort-order';
import { addClause, newWhere, whereSql } from './sql-where';

type EntryRow = Omit<ForensicEntry, 'is_new_this_week'> & { is_new_this_week: number };
const ENTRY_COLUMNS =
  'id, project_id, entry_hash, date, category, source, key_event, market_impact, url, first_seen_date, first_seen_week, ' +
  'first_seen_year, is_new_this_week, project_name, project_country, project_proponent, project_registry';
const toEntry = (r: EntryRow): ForensicEntry => ({ ...r, is_new_this_week: r.is_new_this_week === 1 });

/** The one order of forensic entries: newest first seen first, then the newest event, then the highest id (missing dates last). */
export const ENTRY_ORDER = 'ORDER BY first_seen_date IS NULL, first_seen_date DESC, date IS NULL, date DESC, id DESC';

export function latestFeed(db: Database.Database, q: LatestFeedQuery & { offset?: number }): LatestForensicFeed {
  const feed = statement(db, 'SELECT total_count, new_this_week_count, week, year FROM forensic_latest_feed WHERE singleton = 1').get() as
    | { total_count: number; new_this_week_count: number; week: number; year: number }
    | undefined;
  if (!feed) throw notFound('The latest forensic feed');
  const w = newWhere();
  if (q.category) addClause(w, 'fold(category) = ?', foldCase(q.category));
  const entries = (statement(db, `SELECT ${ENTRY_COLUMNS} FROM forensic_latest_entries ${whereSql(w)} ${ENTRY_ORDER} LIMIT ? OFFSET ?`)
    .all(...w.params, q.limit ?? LATEST_FEED_DEFAULT_LIMIT, q.offset ?? 0) as EntryRow[]).map(toEntry);
  let totals = { total_count: feed.total_count, new_this_week_count: feed.new_this_week_count };
  if (q.category) {
    // The cache holds the feed's newest entries; a category's counts are those of the cached entries.
    const c = statement(db, `SELECT count(*) AS total_count, coalesce(sum(is_new_this_week), 0) AS new_this_week_count FROM forensic_latest_entries ${whereSql(w)}`)
      .get(...w.params) as typeof totals;
    totals = c;
  }
  return { entries, ...totals, week: feed.week, year: feed.year };
}

/**
 * Every count of forensic entries, from one place: the service's counters as its latest feed gave
 * them, the cached feed's entries (of `category` when given) and the cached dossiers' entries. A
 * dossier the service built from a legacy analysis (its memo's scan type is "legacy") counts in
 * `from_legacy` too: its entries are not among the service's v2 entries.
 */
export function forensicCounts(db: Database.Database, q: { category?: string }): ForensicCounts {
  const feed = statement(db, 'SELECT total_count, new_this_week_count, week, year, synced_at FROM forensic_latest_feed WHERE singleton = 1').get() as
    | { total_count: number; new_this_week_count: number; week: number; year: number; synced_at: string }
    | undefined;
  const w = newWhere();
  if (q.category) addClause(w, 'fold(category) = ?', foldCase(q.category));
  const cached = statement(db, `SELECT count(*) AS entries, coalesce(sum(is_new_this_week), 0) AS new_this_week, count(DISTINCT project_id) AS projects
      FROM forensic_latest_entries ${whereSql(w)}`).get(...w.params) as { entries: number; new_this_week: number; projects: number };
  const dossiers = statement(db, `SELECT count(*) AS entries, coalesce(sum(e.is_new_this_week), 0) AS new_this_week,
      coalesce(sum(lower(m.scan_type) = 'legacy'), 0) AS legacy_entries
      FROM project_forensic_entries e LEFT JOIN forensic_memos m ON m.project_id = e.project_id`).get() as { entries: number; new_this_week: number; legacy_entries: number };
  const projects = statement(db, `SELECT count(*) AS projects, coalesce(sum(lower(m.scan_type) = 'legacy'), 0) AS legacy
      FROM project_forensics f LEFT JOIN forensic_memos m ON m.project_id = f.project_id WHERE f.found = 1`).get() as { projects: number; legacy: number };
  return {
    service: feed ? { entries: feed.total_count, new_this_week: feed.new_this_week_count, week: feed.week, year: feed.year, fetched_at: feed.synced_at } : null,
    feed: { ...cached, category: q.category ?? null },
    dossiers: {
      projects: projects.projects, entries: dossiers.entries, new_this_week: dossiers.new_this_week,
      from_legacy: { projects: projects.legacy, entries: dossiers.legacy_entries },
    },
  };
}

export function projectForensics(db: Database.Database, args: { project_id: string }): ProjectForensics {
  const stats = statement(db, 'SELECT project_id, found, total_entries, new_this_week, last_scan_date, week_number, year, synced_at FROM project_forensics WHERE project_id = ? COLLATE NOCASE')
    .get(args.project_id) as
    | { project_id: string; found: number; synced_at: string; total_entries: number | null; new_this_week: number | null; last_scan_date: string | null; week_number: number | null; year: number | null }
    | undefined;
  if (stats?.found === 1) {
    const entries = (statement(db, `SELECT ${ENTRY_COLUMNS} FROM project_forensic_entries WHERE project_id = ? ${ENTRY_ORDER}`)
      .all(stats.project_id) as EntryRow[]).map(toEntry);
    const memoRow = statement(db, 'SELECT * FROM forensic_memos WHERE project_id = ?').get(stats.project_id) as ForensicMemo | undefined;
    return {
      project_id: stats.project_id,
      entries,
      memo: memoRow ? { ...memoRow } : null,
      stats: {
        total_entries: stats.total_entries ?? entries.length, new_this_week: stats.new_this_week ?? 0, last_scan_date: stats.last_scan_date,
        week_number: stats.week_number, year: stats.year,
      },
    };
  }
  if (stats?.found === 0) throw noneAtService(`forensic data for project ${args.project_id}`, { resource: 'dossier', id: args.project_id, checkedAt: stats.synced_at });
  throw dossierUnavailable(db, args.project_id);
}

/** Why a project's forensic dossier is not in the cache: the service answered 404, or it was not fetched (and whether the feeds name the project). */
function dossierUnavailable(db: Database.Database, projectId: string): ContractError {
  const what = `forensic data for project ${projectId}`;
  const record = mirrorRecord(db, 'dossier', projectId);
  if (record?.outcome === 'none') return noneAtService(what, { resource: 'dossier', id: projectId, checkedAt: record.fetched_at });
  const unknown = record ? null : unknownProject(db, projectId);
  if (unknown) return unknown;
  const named = statement(db, `SELECT EXISTS (SELECT 1 FROM forensic_latest_entries WHERE project_id = ? COLLATE NOCASE)
      OR EXISTS (SELECT 1 FROM legacy_forensics WHERE project_id = ? COLLATE NOCASE) AS named`).get(projectId, projectId) as { named: number };
  if (named.named) return notDownloaded(`the forensic dossier of project ${projectId}`, { resource: 'dossier', id: projectId, scheduled: projectScheduled(db, projectId) });
  return notDownloaded(`the forensic dossier of project ${projectId}`, { resource: 'dossier', id: projectId, scheduled: false },
    'The service\'s forensic feeds name no entries for this project, so syncs do not download it: fetch it now to ask the service.');
}

export function forensicDiff(db: Database.Database, q: ForensicDiffQuery & { project_id: string }): ForensicDiff | null {
  const current = isoWeekOf(marketToday());
  const year = q.year ?? current.year;
  const week = q.week ?? current.week;
  const row = statement(db, 'SELECT * FROM forensic_weekly_diffs WHERE project_id = ? COLLATE NOCASE AND year = ? AND week_number = ?')
    .get(q.project_id, year, week) as
    | { project_id: string; year: number; week_number: number; is_null: number; week_date: string; new_entries_count: number; memo_changed: number; headline: string | null; week_summary: string | null; new_entries: string }
    | undefined;
  if (!row) {
    const dossier = mirrorRecord(db, 'dossier', q.project_id);
    if (dossier?.outcome === 'none') throw noneAtService(`forensic data for project ${q.project_id}`, { resource: 'dossier', id: q.project_id, checkedAt: dossier.fetched_at });
    const current = week === isoWeekOf(marketToday()).week && year === isoWeekOf(marketToday()).year;
    throw notDownloaded(`the forensic diff of project ${q.project_id} for week ${week} of ${year}`, { resource: 'dossier', id: q.project_id, scheduled: current && projectScheduled(db, q.project_id) },
      current ? undefined : 'Only the current week\'s diff is kept for offline use.');
  }
  if (row.is_null === 1) return null;
  return {
    project_id: row.project_id, week_date: row.week_date, week_number: row.week_number, year: row.year,
    new_entries_count: row.new_entries_count, memo_changed: row.memo_changed === 1, headline: row.headline,
    week_summary: row.week_summary, new_entries: JSON.parse(row.new_entries) as ForensicDiff['new_entries'],
  };
}

const LEGACY_COLUMNS = LEGACY_FORENSIC_SORT_FIELDS.concat(['raw_json', 'news_entries_json'] as never[])
  .filter((c, i, all) => all.indexOf(c) === i)
  .join(', ');
const LEGACY_NUMERIC = new Set(['id', 'issued', 'num_findings', 'run_date']);
const LEGACY_SORT: Record<string, SortColumn> = Object.fromEntries(
  LEGACY_FORENSIC_SORT_FIELDS.map((f) => [f, { terms: [LEGACY_NUMERIC.has(f) ? `l.${f}` : `fold(l.${f})`] }]),
);

export function legacyForensics(db: Database.Database, q: LegacyForensicsQuery): Page<LegacyForensic> {
  const req = pageRequest(q);
  const w = newWhere();
  // The project id is an identifier (compared ignoring ASCII case); the labels fold every letter.
  if (q.project_id !== undefined && q.project_id !== '') addClause(w, 'l.project_id = ? COLLATE NOCASE', q.project_id);
  const eq = (column: string, v: string | undefined) => {
    if (v !== undefined && v !== '') addClause(w, `fold(l.${column}) = ?`, foldCase(v));
  };
  eq('registry', q.registry);
  eq('country', q.country);
  eq('status', q.status);
  if (q.min_findings !== undefined) addClause(w, 'l.num_findings >= ?', q.min_findings);
  const order = orderBy(q.sort, LEGACY_SORT, DEFAULT_SORT.legacyForensics, 'l.id');
  const total = memoCount(db, `legacy_forensics l ${whereSql(w)}`, w.params);
  const rows = req.offset < total
    ? (statement(db, `SELECT ${LEGACY_COLUMNS} FROM legacy_forensics l ${whereSql(w)} ${order} LIMIT ? OFFSET ?`).all(...w.params, req.perPage, req.offset) as LegacyForensic[])
    : [];
  return pageEnvelope('/v1/forensics/', q, req, total, rows);
}
