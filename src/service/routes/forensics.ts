/**
 * Forensics below the API root: the legacy v1 list, the v2 latest feed, the v2 project view (falling back
 * to legacy data) and weekly diffs.
 */
import {
  DEFAULT_SORT, LATEST_FEED_DEFAULT_LIMIT, LEGACY_FORENSIC_SORT_FIELDS, PAGING_DEFAULTS, forensicDiffQuery, latestFeedQuery,
  legacyForensicsQuery, parseSort,
} from '../../shared/api/params';
import type { ForensicEntry, ForensicMemo, LegacyForensic, ProjectForensics } from '../../shared/api/resources';
import { isoWeek } from '../calendar';
import { notFound } from '../http/errors';
import { pageOffset } from '../http/pagination';
import type { MarketStore } from '../store/market-store';
import { findProject } from '../store/project-rows';
import { emptyWhere, idIn, whereSql } from '../store/sql-filters';
import { foldCase } from '../../shared/case-folding';
import { orderBySql, type SortColumn } from '../store/sort-sql';
import { defineRoute, ok, type RouteDef } from './route';

interface EntryRow {
  id: number;
  project_id: string;
  entry_hash: string | null;
  date: string | null;
  category: string | null;
  source: string | null;
  key_event: string | null;
  market_impact: string | null;
  url: string | null;
  first_seen_date: string;
  first_seen_week: number;
  first_seen_year: number;
  is_new_this_week: number;
  project_name: string | null;
  project_country: string | null;
  project_proponent: string | null;
  project_registry: string | null;
}

const ENTRY_SELECT = `SELECT e.*, p.name AS project_name, p.country AS project_country, p.proponent AS project_proponent, p.registry AS project_registry
  FROM forensic_entries e LEFT JOIN projects p ON p.project_id = e.project_id`;

/** Entries newest first: by the day first seen, then the event's date, then id (the order the app shows everywhere). */
const ENTRY_ORDER = 'ORDER BY e.first_seen_date DESC, e.date IS NULL, e.date DESC, e.id DESC';

const mapEntry = (r: EntryRow): ForensicEntry => ({
  id: r.id, project_id: r.project_id, entry_hash: r.entry_hash, date: r.date, category: r.category, source: r.source, key_event: r.key_event,
  market_impact: r.market_impact, url: r.url, first_seen_date: r.first_seen_date, first_seen_week: r.first_seen_week, first_seen_year: r.first_seen_year,
  is_new_this_week: r.is_new_this_week === 1, project_name: r.project_name, project_country: r.project_country,
  project_proponent: r.project_proponent, project_registry: r.project_registry,
});

const LEGACY_SORT: Record<string, SortColumn> = Object.fromEntries(LEGACY_FORENSIC_SORT_FIELDS.map((f) => [f, { sql: `l.${f}`, text: !['id', 'issued', 'num_findings', 'run_date'].includes(f) }]));

interface LegacyNews {
  date?: string;
  category?: string;
  source?: string;
  key_event?: string;
  market_impact?: string;
  url?: string;
}

/** The v2 shape built from a project's newest legacy analysis (ids: legacy id * 1000 + position). */
function fromLegacy(market: MarketStore, legacy: LegacyForensic): ProjectForensics {
  const project = findProject(market, legacy.project_id);
  const runDate = legacy.run_date?.slice(0, 10) ?? null;
  const week = runDate ? isoWeek(runDate) : null;
  const news = legacy.news_entries_json ? (JSON.parse(legacy.news_entries_json) as LegacyNews[]) : [];
  // All first seen on the run date: newest news first, as every entry list (ids keep the analysis' positions).
  const entries: ForensicEntry[] = news.map((n, i) => ({
    id: legacy.id * 1000 + i, project_id: legacy.project_id, entry_hash: null, date: n.date ?? null, category: n.category ?? null, source: n.source ?? null,
    key_event: n.key_event ?? null, market_impact: n.market_impact ?? null, url: n.url ?? null, first_seen_date: runDate,
    first_seen_week: week?.week ?? null, first_seen_year: week?.year ?? null, is_new_this_week: false, project_name: project?.name ?? legacy.project_name,
    project_country: project?.country ?? legacy.country, project_proponent: project?.proponent ?? legacy.proponent, project_registry: project?.registry ?? null,
  }));
  entries.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id);
  const memo: ForensicMemo = {
    project_id: legacy.project_id, price_narrative: legacy.price_narrative, primary_risk: legacy.primary_risk, value_proposition: legacy.value_proposition,
    last_updated: runDate, total_entries: entries.length, future_issuance_assessment: null, project_operational_status: null, development_status: null,
    estimated_issuance_timeline: null, methodology_risk: null, quality_tier_estimate: null, proponent_assessment: null, deal_flow_signals: null,
    investment_thesis: null, scan_type: 'legacy',
  };
  return {
    project_id: legacy.project_id,
    entries,
    memo,
    stats: { total_entries: entries.length, new_this_week: 0, last_scan_date: runDate, week_number: week?.week ?? null, year: week?.year ?? null },
  };
}

export const forensicRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/forensics/',
    resource: 'forensics',
    summary: 'List legacy forensic analyses',
    shape: 'legacy-forensic-page',
    query: legacyForensicsQuery,
    handler: (ctx, q) => {
      const page = { page: q.current_page ?? PAGING_DEFAULTS.current_page, perPage: q.per_page ?? PAGING_DEFAULTS.per_page };
      const w = emptyWhere();
      const eq = (col: string, v: string | undefined) => {
        if (v === undefined || v === '') return;
        w.clauses.push(`fold(${col}) = ?`);
        w.params.push(foldCase(v));
      };
      // The project id is an identifier (its NOCASE column); the labels fold every letter.
      if (q.project_id !== undefined && q.project_id !== '') idIn(w, 'l.project_id', [q.project_id]);
      eq('l.registry', q.registry);
      eq('l.country', q.country);
      eq('l.status', q.status);
      if (q.min_findings !== undefined) {
        w.clauses.push('l.num_findings >= ?');
        w.params.push(q.min_findings);
      }
      const base = `SELECT l.* FROM legacy_forensics l ${whereSql(w)}`;
      const total = ctx.market.count(base, w.params);
      const order = orderBySql(parseSort(q.sort, LEGACY_FORENSIC_SORT_FIELDS, DEFAULT_SORT.legacyForensics), LEGACY_SORT, 'l.id');
      const rows = ctx.market.all<LegacyForensic>(`${base} ${order} LIMIT ? OFFSET ?`, [...w.params, page.perPage, pageOffset(page)]);
      return ok(ctx.page(page, total, rows));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/forensics/v2/latest',
    resource: 'forensics',
    summary: 'The latest forensic news entries',
    shape: 'forensic-feed',
    query: latestFeedQuery,
    handler: (ctx, q) => {
      const w = emptyWhere();
      if (q.category) {
        w.clauses.push('fold(e.category) = ?');
        w.params.push(foldCase(q.category));
      }
      const rows = ctx.market.all<EntryRow>(`${ENTRY_SELECT} ${whereSql(w)} ${ENTRY_ORDER} LIMIT ?`, [...w.params, q.limit ?? LATEST_FEED_DEFAULT_LIMIT]);
      const counts = ctx.market.get<{ total: number; fresh: number | null }>(`SELECT count(*) AS total, sum(e.is_new_this_week) AS fresh FROM forensic_entries e ${whereSql(w)}`, w.params)!;
      const { week, year } = isoWeek(ctx.today);
      return ok({ entries: rows.map(mapEntry), total_count: counts.total, new_this_week_count: counts.fresh ?? 0, week, year });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/forensics/v2/:project_id',
    resource: 'forensics',
    summary: "A project's forensic entries, memo and stats",
    shape: 'project-forensics',
    handler: (ctx) => {
      const id = ctx.params.project_id ?? '';
      const entries = ctx.market.all<EntryRow>(`${ENTRY_SELECT} WHERE e.project_id = ? ${ENTRY_ORDER}`, [id]);
      const memoRow = ctx.market.get<{ memo: string }>('SELECT memo FROM forensic_memos WHERE project_id = ?', [id]);
      if (!entries.length && !memoRow) {
        const legacy = ctx.market.get<LegacyForensic>('SELECT * FROM legacy_forensics WHERE project_id = ? ORDER BY run_date DESC, id DESC LIMIT 1', [id]);
        if (!legacy) throw notFound(`Forensic data for project '${id}'`);
        return ok(fromLegacy(ctx.market, legacy));
      }
      const { week, year } = isoWeek(ctx.today);
      const memo = memoRow ? (JSON.parse(memoRow.memo) as ForensicMemo) : null;
      const projectId = entries[0]?.project_id ?? memo?.project_id ?? id;
      const body: ProjectForensics = {
        project_id: projectId,
        entries: entries.map(mapEntry),
        memo,
        stats: {
          total_entries: entries.length,
          new_this_week: entries.filter((e) => e.is_new_this_week === 1).length,
          last_scan_date: memo?.last_updated ?? entries[0]?.first_seen_date ?? null,
          week_number: week,
          year,
        },
      };
      return ok(body);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/forensics/v2/:project_id/diff',
    resource: 'forensics',
    summary: "A project's weekly forensic diff",
    shape: 'forensic-diff',
    query: forensicDiffQuery,
    handler: (ctx, q) => {
      const project = findProject(ctx.market, ctx.params.project_id ?? '');
      if (!project) throw notFound(`Project '${ctx.params.project_id}'`);
      const current = isoWeek(ctx.today);
      const row = ctx.market.get<{ project_id: string; week_date: string; week_number: number; year: number; new_entries_count: number; memo_changed: number; headline: string | null; week_summary: string | null; new_entry_ids: string }>(
        'SELECT * FROM forensic_diffs WHERE project_id = ? AND year = ? AND week_number = ?', [project.project_id, q.year ?? current.year, q.week ?? current.week]);
      if (!row) return ok(null);
      const ids = JSON.parse(row.new_entry_ids) as number[];
      const entries = ids.length ? ctx.market.all<EntryRow>(`${ENTRY_SELECT} WHERE e.id IN (${ids.map(() => '?').join(', ')}) ${ENTRY_ORDER}`, ids) : [];
      return ok({
        project_id: row.project_id, week_date: row.week_date, week_number: row.week_number, year: row.year, new_entries_count: row.new_entries_count,
        memo_changed: row.memo_changed === 1, headline: row.headline, week_summary: row.week_summary, new_entries: entries.map(mapEntry),
      });
    },
  }),
];
