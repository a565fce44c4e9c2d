/**
 * What a sync met that was not as it should be, per job: items it could not store (no usable
 * identity, kind `skipped`) and values that did not fit their field (stored as null and kept as sent
 * in the item's extra fields, kind `unfit`), each with where it was and why. A job's new pass starts
 * its list afresh, so the list always describes the latest pass of each job.
 */
import type Database from 'better-sqlite3';
import type { DataIssue, DataIssueKind, SkippedItem, SkippedItemRecord, UnfitValue } from '../../../shared/contract';
import { nowIso } from './sql-values';

/** One job's issues of each kind. */
export interface DataIssueCounts {
  skipped: number;
  unfit: number;
}

export class SkippedItemRepository {
  private readonly insert: Database.Statement;
  private readonly clear: Database.Statement;
  private readonly listSkipped: Database.Statement;
  private readonly listIssues: Database.Statement;
  private readonly countAll: Database.Statement;

  constructor(db: Database.Database) {
    this.insert = db.prepare(`INSERT INTO sync_skipped_items (job, kind, page, position, item_ref, field, reason, excerpt, seen_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.clear = db.prepare('DELETE FROM sync_skipped_items WHERE job = ?');
    const columns = 'job, page, position, item_ref AS ref, field, reason, excerpt, seen_at';
    this.listSkipped = db.prepare(`SELECT ${columns} FROM sync_skipped_items WHERE kind = 'skipped' AND (@job IS NULL OR job = @job) ORDER BY rowid LIMIT @limit`);
    this.listIssues = db.prepare(`SELECT kind, ${columns} FROM sync_skipped_items
      WHERE (@job IS NULL OR job = @job) AND (@kind IS NULL OR kind = @kind) ORDER BY rowid LIMIT @limit`);
    this.countAll = db.prepare('SELECT job, kind, count(*) AS n FROM sync_skipped_items GROUP BY job, kind');
  }

  /** Items of `job` that could not be stored. */
  record(job: string, items: readonly SkippedItem[]): void {
    const at = nowIso();
    for (const s of items) this.insert.run(job, 'skipped', s.page, s.position, s.ref, s.field, s.reason, s.excerpt, at);
  }

  /** Values of `job` that did not fit their field. */
  recordUnfit(job: string, values: readonly UnfitValue[]): void {
    const at = nowIso();
    for (const u of values) this.insert.run(job, 'unfit', u.page, u.position, u.ref, u.field, u.reason, u.excerpt, at);
  }

  clearJob(job: string): void {
    this.clear.run(job);
  }

  /** Skipped items (every job's, or one job's), in the order met. */
  list(job: string | null, limit: number): SkippedItemRecord[] {
    return this.listSkipped.all({ job, limit }) as SkippedItemRecord[];
  }

  /** Both kinds (or one), every job's or one job's, in the order met. */
  issues(job: string | null, kind: DataIssueKind | null, limit: number): DataIssue[] {
    return this.listIssues.all({ job, kind, limit }) as DataIssue[];
  }

  /** Issues of each kind per job. */
  counts(): Record<string, DataIssueCounts> {
    const out: Record<string, DataIssueCounts> = {};
    for (const r of this.countAll.all() as Array<{ job: string; kind: DataIssueKind; n: number }>) {
      (out[r.job] ??= { skipped: 0, unfit: 0 })[r.kind] = r.n;
    }
    return out;
  }
}
