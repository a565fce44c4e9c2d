/**
 * Items a sync could not store (no usable identity), per job: where they were and why. A job's new
 * pass starts its list afresh, so the list always describes the latest pass of each job.
 */
import type Database from 'better-sqlite3';
import type { SkippedItem, SkippedItemRecord } from '../../../shared/contract';
import { nowIso } from './sql-values';

export class SkippedItemRepository {
  private readonly insert: Database.Statement;
  private readonly clear: Database.Statement;
  private readonly listAll: Database.Statement;
  private readonly listJob: Database.Statement;
  private readonly countAll: Database.Statement;

  constructor(db: Database.Database) {
    this.insert = db.prepare(`INSERT INTO sync_skipped_items (job, page, position, item_ref, field, reason, excerpt, seen_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.clear = db.prepare('DELETE FROM sync_skipped_items WHERE job = ?');
    const select = 'SELECT job, page, position, item_ref AS ref, field, reason, excerpt, seen_at FROM sync_skipped_items';
    this.listAll = db.prepare(`${select} ORDER BY rowid LIMIT ?`);
    this.listJob = db.prepare(`${select} WHERE job = ? ORDER BY rowid LIMIT ?`);
    this.countAll = db.prepare('SELECT job, count(*) AS n FROM sync_skipped_items GROUP BY job');
  }

  record(job: string, items: SkippedItem[]): void {
    const at = nowIso();
    for (const s of items) this.insert.run(job, s.page, s.position, s.ref, s.field, s.reason, s.excerpt, at);
  }

  clearJob(job: string): void {
    this.clear.run(job);
  }

  list(job: string | null, limit: number): SkippedItemRecord[] {
    return (job ? this.listJob.all(job, limit) : this.listAll.all(limit)) as SkippedItemRecord[];
  }

  /** Skipped items per job. */
  counts(): Record<string, number> {
    return Object.fromEntries((this.countAll.all() as Array<{ job: string; n: number }>).map((r) => [r.job, r.n]));
  }
}
