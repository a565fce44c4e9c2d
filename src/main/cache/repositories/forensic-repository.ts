/** Forensics: the latest feed, per-project entries/memo/stats, weekly diffs and the legacy (v1) list. */
import type Database from 'better-sqlite3';
import type { ForensicDiff, ForensicEntry, LatestForensicFeed, LegacyForensic, ProjectForensics } from '../../../shared/api';
import type { WithExtra } from '../../../shared/api';
import { extraJson, flag, json, nowIso } from './sql-values';

const ENTRY_COLUMNS = [
  'id', 'project_id', 'entry_hash', 'date', 'category', 'source', 'key_event', 'market_impact', 'url', 'first_seen_date',
  'first_seen_week', 'first_seen_year', 'is_new_this_week', 'project_name', 'project_country', 'project_proponent',
  'project_registry', 'extra',
] as const;
const MEMO_COLUMNS = [
  'project_id', 'price_narrative', 'primary_risk', 'value_proposition', 'last_updated', 'total_entries',
  'future_issuance_assessment', 'project_operational_status', 'development_status', 'estimated_issuance_timeline',
  'methodology_risk', 'quality_tier_estimate', 'proponent_assessment', 'deal_flow_signals', 'investment_thesis', 'scan_type',
] as const;
const LEGACY_COLUMNS = [
  'id', 'project_id', 'project_name', 'proponent', 'registry', 'country', 'issued', 'run_date', 'status', 'raw_json',
  'news_entries_json', 'num_findings', 'price_narrative', 'primary_risk', 'value_proposition', 'error_type', 'error_message',
  'extra', 'sync_pass',
] as const;

const entryRow = (e: WithExtra<ForensicEntry>) => ({ ...e, is_new_this_week: flag(e.is_new_this_week), extra: extraJson(e.extra) });
const insertSql = (table: string, cols: readonly string[], conflict: string) =>
  `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')}) ${conflict}`;
const upsertSql = (table: string, cols: readonly string[], key: string) =>
  insertSql(table, cols, `ON CONFLICT (${key}) DO UPDATE SET ${cols.filter((c) => c !== key).map((c) => `${c} = excluded.${c}`).join(', ')}`);

export class ForensicRepository {
  private readonly clearFeed: Database.Statement;
  private readonly clearFeedEntries: Database.Statement;
  private readonly insertFeed: Database.Statement;
  private readonly insertFeedEntry: Database.Statement;
  private readonly putProjectForensics: Database.Statement;
  private readonly deleteMemo: Database.Statement;
  private readonly insertMemo: Database.Statement;
  private readonly deleteEntries: Database.Statement;
  private readonly insertEntry: Database.Statement;
  private readonly putDiff: Database.Statement;
  private readonly upsertLegacy: Database.Statement;
  private readonly deleteOlderLegacy: Database.Statement;

  constructor(db: Database.Database) {
    this.clearFeed = db.prepare('DELETE FROM forensic_latest_feed');
    this.clearFeedEntries = db.prepare('DELETE FROM forensic_latest_entries');
    this.insertFeed = db.prepare(`INSERT INTO forensic_latest_feed (singleton, total_count, new_this_week_count, week, year, entry_limit, synced_at)
      VALUES (1, ?, ?, ?, ?, ?, ?)`);
    this.insertFeedEntry = db.prepare(insertSql('forensic_latest_entries', ['position', ...ENTRY_COLUMNS], ''));
    this.putProjectForensics = db.prepare(`INSERT OR REPLACE INTO project_forensics
      (project_id, found, total_entries, new_this_week, last_scan_date, week_number, year, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.deleteMemo = db.prepare('DELETE FROM forensic_memos WHERE project_id = ?');
    this.insertMemo = db.prepare(insertSql('forensic_memos', MEMO_COLUMNS, ''));
    this.deleteEntries = db.prepare('DELETE FROM project_forensic_entries WHERE project_id = ?');
    this.insertEntry = db.prepare(insertSql('project_forensic_entries', ['position', ...ENTRY_COLUMNS], ''));
    this.putDiff = db.prepare(`INSERT OR REPLACE INTO forensic_weekly_diffs (project_id, year, week_number, is_null, week_date,
      new_entries_count, memo_changed, headline, week_summary, new_entries, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.upsertLegacy = db.prepare(upsertSql('legacy_forensics', LEGACY_COLUMNS, 'id'));
    this.deleteOlderLegacy = db.prepare('DELETE FROM legacy_forensics WHERE sync_pass < ?');
  }

  /** Replaces the cached latest feed with the one just fetched (fetched with `limit` entries at most). */
  replaceLatestFeed(feed: LatestForensicFeed, limit: number): number {
    this.clearFeed.run();
    this.clearFeedEntries.run();
    this.insertFeed.run(feed.total_count, feed.new_this_week_count, feed.week, feed.year, limit, nowIso());
    feed.entries.forEach((e, position) => this.insertFeedEntry.run({ position, ...entryRow(e) }));
    return feed.entries.length;
  }

  /** A project's forensics as just fetched; null records that the service has none (404). */
  replaceProjectForensics(projectId: string, forensics: ProjectForensics | null): number {
    this.deleteMemo.run(projectId);
    this.deleteEntries.run(projectId);
    if (!forensics) {
      this.putProjectForensics.run(projectId, 0, null, null, null, null, null, nowIso());
      return 0;
    }
    const s = forensics.stats;
    this.putProjectForensics.run(projectId, 1, s.total_entries, s.new_this_week, s.last_scan_date, s.week_number, s.year, nowIso());
    if (forensics.memo) this.insertMemo.run({ ...forensics.memo, project_id: projectId });
    forensics.entries.forEach((e, position) => this.insertEntry.run({ position, ...entryRow(e), project_id: e.project_id }));
    return forensics.entries.length + 1;
  }

  /** A weekly diff; null records that the service has no diff for that week. */
  putForensicDiff(projectId: string, year: number, week: number, diff: ForensicDiff | null): void {
    if (!diff) {
      this.putDiff.run(projectId, year, week, 1, null, null, null, null, null, '[]', nowIso());
      return;
    }
    this.putDiff.run(projectId, diff.year, diff.week_number, 0, diff.week_date, diff.new_entries_count, flag(diff.memo_changed),
      diff.headline, diff.week_summary, json(diff.new_entries), nowIso());
  }

  upsertLegacyForensics(items: WithExtra<LegacyForensic>[], pass: number): void {
    for (const f of items) this.upsertLegacy.run({ ...f, extra: extraJson(f.extra), sync_pass: pass });
  }

  removeLegacyForensicsBefore(pass: number): number {
    return this.deleteOlderLegacy.run(pass).changes;
  }
}
