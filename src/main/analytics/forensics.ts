/**
 * Forensics from the cache: the latest feed (as last fetched), a project's v2 forensics (with the v1
 * fallback built from its newest cached legacy analysis), weekly diffs, and the legacy list.
 */
import type Database from 'better-sqlite3';
import { memoCount, statement } from './query-memo';
import { DEFAULT_SORT, LATEST_FEED_DEFAULT_LIMIT, LEGACY_FORENSIC_SORT_FIELDS, type ForensicDiffQuery, type LatestFeedQuery, type LegacyForensicsQuery } from '../../shared/api/params';
import type { ForensicDiff, ForensicEntry, ForensicMemo, LatestForensicFeed, LegacyForensic, Page, ProjectForensics } from '../../shared/api/resources';
import { ContractError, notFound } from '../../shared/errors';
import { isoWeekOf, marketToday } from './market-calendar';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy, type SortColumn } from './sort-order';
import { addClause, newWhere, whereSql } from './sql-where';

type EntryRow = Omit<ForensicEntry, 'is_new_this_week'> & { is_new_this_week: number };
const ENTRY_COLUMNS =
  'id, project_id, entry_hash, date, category, source, key_event, market_impact, url, first_seen_date, first_seen_week, ' +
  'first_seen_year, is_new_this_week, project_name, project_country, project_proponent, project_registry';
const toEntry = (r: EntryRow): ForensicEntry => ({ ...r, is_new_this_week: r.is_new_this_week === 1 });

export function latestFeed(db: Database.Database, q: LatestFeedQuery): LatestForensicFeed {
  const feed = statement(db, 'SELECT total_count, new_this_week_count, week, year FROM forensic_latest_feed WHERE singleton = 1').get() as
    | { total_count: number; new_this_week_count: number; week: number; year: number }
    | undefined;
  if (!feed) throw notFound('The latest forensic feed');
  const w = newWhere();
  if (q.category) addClause(w, 'category = ? COLLATE NOCASE', q.category);
  const entries = (statement(db, `SELECT ${ENTRY_COLUMNS} FROM forensic_latest_entries ${whereSql(w)} ORDER BY position LIMIT ?`)
    .all(...w.params, q.limit ?? LATEST_FEED_DEFAULT_LIMIT) as EntryRow[]).map(toEntry);
  let totals = { total_count: feed.total_count, new_this_week_count: feed.new_this_week_count };
  if (q.category) {
    // The cache holds the feed's newest entries; a category's counts are those of the cached entries.
    const c = statement(db, `SELECT count(*) AS total_count, coalesce(sum(is_new_this_week), 0) AS new_this_week_count FROM forensic_latest_entries ${whereSql(w)}`)
      .get(...w.params) as typeof totals;
    totals = c;
  }
  return { entries, ...totals, week: feed.week, year: feed.year };
}

interface LegacyNews {
  date?: string;
  category?: string;
  source?: string;
  key_event?: string;
  market_impact?: string;
  url?: string;
}

/** The v2 shape of a project's newest legacy analysis (entry ids: legacy id * 1000 + position). */
function fromLegacy(db: Database.Database, legacy: LegacyForensic): ProjectForensics {
  const project = statement(db, 'SELECT name, country, proponent, registry FROM projects WHERE project_id = ? COLLATE NOCASE').get(legacy.project_id) as
    | { name: string | null; country: string | null; proponent: string | null; registry: string | null }
    | undefined;
  const runDate = legacy.run_date?.slice(0, 10) ?? null;
  const week = runDate ? isoWeekOf(runDate) : null;
  let news: LegacyNews[] = [];
  try {
    news = legacy.news_entries_json ? (JSON.parse(legacy.news_entries_json) as LegacyNews[]) : [];
  } catch {
    news = [];
  }
  const entries: ForensicEntry[] = news.map((n, i) => ({
    id: legacy.id * 1000 + i, project_id: legacy.project_id, entry_hash: null, date: n.date ?? null, category: n.category ?? null,
    source: n.source ?? null, key_event: n.key_event ?? null, market_impact: n.market_impact ?? null, url: n.url ?? null,
    first_seen_date: runDate, first_seen_week: week?.week ?? null, first_seen_year: week?.year ?? null, is_new_this_week: false,
    project_name: project?.name ?? legacy.project_name, project_country: project?.country ?? legacy.country,
    project_proponent: project?.proponent ?? legacy.proponent, project_registry: project?.registry ?? null,
  }));
  const memo: ForensicMemo = {
    project_id: legacy.project_id, price_narrative: legacy.price_narrative, primary_risk: legacy.primary_risk,
    value_proposition: legacy.value_proposition, last_updated: runDate, total_entries: entries.length,
    future_issuance_assessment: null, project_operational_status: null, development_status: null, estimated_issuance_timeline: null,
    methodology_risk: null, quality_tier_estimate: null, proponent_assessment: null, deal_flow_signals: null, investment_thesis: null,
    scan_type: 'legacy',
  };
  return {
    project_id: legacy.project_id,
    entries,
    memo,
    stats: { total_entries: entries.length, new_this_week: 0, last_scan_date: runDate, week_number: week?.week ?? null, year: week?.year ?? null },
  };
}

export function projectForensics(db: Database.Database, args: { project_id: string }): ProjectForensics {
  const stats = statement(db, 'SELECT project_id, found, total_entries, new_this_week, last_scan_date, week_number, year FROM project_forensics WHERE project_id = ? COLLATE NOCASE')
    .get(args.project_id) as
    | { project_id: string; found: number; total_entries: number | null; new_this_week: number | null; last_scan_date: string | null; week_number: number | null; year: number | null }
    | undefined;
  if (stats?.found === 1) {
    const entries = (statement(db, `SELECT ${ENTRY_COLUMNS} FROM project_forensic_entries WHERE project_id = ? ORDER BY position`)
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
  if (stats?.found === 0) throw notFound(`Forensic data for project ${args.project_id}`);
  const legacy = statement(db, `SELECT ${LEGACY_COLUMNS} FROM legacy_forensics WHERE project_id = ? COLLATE NOCASE ORDER BY run_date DESC, id DESC LIMIT 1`)
    .get(args.project_id) as LegacyForensic | undefined;
  if (!legacy) throw notFound(`Forensic data for project ${args.project_id}`);
  return fromLegacy(db, legacy);
}

export function forensicDiff(db: Database.Database, q: ForensicDiffQuery & { project_id: string }): ForensicDiff | null {
  const current = isoWeekOf(marketToday());
  const year = q.year ?? current.year;
  const week = q.week ?? current.week;
  const row = statement(db, 'SELECT * FROM forensic_weekly_diffs WHERE project_id = ? COLLATE NOCASE AND year = ? AND week_number = ?')
    .get(q.project_id, year, week) as
    | { project_id: string; year: number; week_number: number; is_null: number; week_date: string; new_entries_count: number; memo_changed: number; headline: string | null; week_summary: string | null; new_entries: string }
    | undefined;
  if (!row) throw new ContractError('not_found', `The forensic diff of project ${q.project_id} for week ${week} of ${year} is not in the cache yet`);
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
  LEGACY_FORENSIC_SORT_FIELDS.map((f) => [f, { sql: `l.${f}`, text: !LEGACY_NUMERIC.has(f) }]),
);

export function legacyForensics(db: Database.Database, q: LegacyForensicsQuery): Page<LegacyForensic> {
  const req = pageRequest(q);
  const w = newWhere();
  const eq = (column: string, v: string | undefined) => {
    if (v !== undefined && v !== '') addClause(w, `l.${column} = ? COLLATE NOCASE`, v);
  };
  eq('project_id', q.project_id);
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
