/** Per-job checkpoints of the sync engine (table sync_state). */
import type Database from 'better-sqlite3';
import { nowIso } from './sql-values';

export interface SyncCursor {
  /** Page-based lists: the page to fetch next. */
  next_page?: number;
  /** Limit/offset lists (satellite): the offset to fetch next; `pass` names the has_boundary sweep. */
  offset?: number;
  sweep?: number;
  /** Item lists (countries, on-demand jobs): the index of the next item. */
  index?: number;
  /** Every page was written: only the job's completion (reconcile, mark done) is left. */
  done?: boolean;
}

export interface SyncCheckpoint {
  job: string;
  /** `unsupported`: the service does not offer the job's resource (its last_error says how that was learnt, and when). */
  state: 'idle' | 'running' | 'done' | 'failed' | 'cancelled' | 'unsupported';
  mode: 'full' | 'incremental';
  cursor: SyncCursor | null;
  pass: number;
  rows: number;
  pages: number;
  total_rows: number | null;
  total_pages: number | null;
  window_from: string | null;
  started_at: string | null;
  last_success_at: string | null;
  last_full_success_at: string | null;
  last_error: { code: string; message: string; at: string } | null;
}

interface Row {
  job: string;
  state: SyncCheckpoint['state'];
  mode: SyncCheckpoint['mode'];
  cursor: string | null;
  pass: number;
  rows: number;
  pages: number;
  total_rows: number | null;
  total_pages: number | null;
  window_from: string | null;
  started_at: string | null;
  last_success_at: string | null;
  last_full_success_at: string | null;
  last_error_code: string | null;
  last_error_message: string | null;
  last_error_at: string | null;
}

const toCheckpoint = (r: Row): SyncCheckpoint => ({
  job: r.job,
  state: r.state,
  mode: r.mode,
  cursor: r.cursor ? (JSON.parse(r.cursor) as SyncCursor) : null,
  pass: r.pass,
  rows: r.rows,
  pages: r.pages,
  total_rows: r.total_rows,
  total_pages: r.total_pages,
  window_from: r.window_from,
  started_at: r.started_at,
  last_success_at: r.last_success_at,
  last_full_success_at: r.last_full_success_at,
  last_error: r.last_error_code ? { code: r.last_error_code, message: r.last_error_message ?? '', at: r.last_error_at ?? '' } : null,
});

/**
 * cache_facts key of the last full pass's publishing, as measured (`{"rows":…,"seconds":…}`); kept by
 * cache.clear (it describes the machine, not the data). Its rows are kept beside its time because the
 * time grows faster than the rows (see publishSeconds in the sync layer).
 */
const PUBLISH_FACT = 'last_full_publish';
/** The key an earlier version kept seconds per row under (the rows they were measured on unknown): removed. */
const OLD_PUBLISH_FACT = 'publish_seconds_per_row';
/** A full pass's publishing as measured: its rows and the seconds it took. */
export interface PublishTiming {
  rows: number;
  seconds: number;
}

/** A smaller pass publishes in fixed costs more than in per-row work: its pace would mislead. */
export const PUBLISH_MIN_ROWS = 10_000;

export class SyncStateRepository {
  private readonly getOne: Database.Statement;
  private readonly getAll: Database.Statement;
  private readonly ensure: Database.Statement;
  private readonly startPass: Database.Statement;
  private readonly markRunning: Database.Statement;
  private readonly advanceCursor: Database.Statement;
  private readonly finishOk: Database.Statement;
  private readonly finishError: Database.Statement;
  private readonly setState: Database.Statement;
  private readonly getPublish: Database.Statement;
  private readonly putPublish: Database.Statement;
  private readonly dropOldPublish: Database.Statement;
  private readonly remember: (timing: PublishTiming) => void;

  constructor(db: Database.Database) {
    this.getOne = db.prepare('SELECT * FROM sync_state WHERE job = ?');
    this.getAll = db.prepare('SELECT * FROM sync_state ORDER BY job');
    this.ensure = db.prepare('INSERT OR IGNORE INTO sync_state (job) VALUES (?)');
    this.startPass = db.prepare(`UPDATE sync_state SET state = 'running', mode = ?, cursor = ?, pass = pass + 1, rows = 0, pages = 0,
      total_rows = NULL, total_pages = NULL, window_from = ?, started_at = ? WHERE job = ?`);
    this.markRunning = db.prepare("UPDATE sync_state SET state = 'running' WHERE job = ?");
    this.advanceCursor = db.prepare(`UPDATE sync_state SET cursor = ?, rows = rows + ?, pages = pages + ?,
      total_rows = coalesce(?, total_rows), total_pages = coalesce(?, total_pages) WHERE job = ?`);
    this.finishOk = db.prepare(`UPDATE sync_state SET state = 'done', cursor = NULL, last_success_at = ?,
      last_full_success_at = CASE WHEN mode = 'full' THEN ? ELSE last_full_success_at END WHERE job = ?`);
    this.finishError = db.prepare(`UPDATE sync_state SET state = ?, last_error_code = ?, last_error_message = ?, last_error_at = ? WHERE job = ?`);
    this.setState = db.prepare('UPDATE sync_state SET state = ? WHERE job = ?');
    this.getPublish = db.prepare(`SELECT value FROM cache_facts WHERE key = '${PUBLISH_FACT}'`).pluck();
    this.putPublish = db.prepare(`INSERT OR REPLACE INTO cache_facts (key, value) VALUES ('${PUBLISH_FACT}', ?)`);
    this.dropOldPublish = db.prepare(`DELETE FROM cache_facts WHERE key = '${OLD_PUBLISH_FACT}'`);
    this.remember = db.transaction((timing: PublishTiming) => {
      this.putPublish.run(JSON.stringify(timing));
      this.dropOldPublish.run();
    });
  }

  get(job: string): SyncCheckpoint {
    this.ensure.run(job);
    return toCheckpoint(this.getOne.get(job) as Row);
  }

  all(): SyncCheckpoint[] {
    return (this.getAll.all() as Row[]).map(toCheckpoint);
  }

  /**
   * Begins a job: resumes the pass in progress when it has a cursor (a crash or a pause left it),
   * otherwise starts a new pass (pass + 1) at `cursor`.
   */
  begin(job: string, mode: SyncCheckpoint['mode'], cursor: SyncCursor, windowFrom: string | null, restart = false): SyncCheckpoint {
    const current = this.get(job);
    if (current.cursor && !restart && current.mode === mode) {
      this.markRunning.run(job);
      return this.get(job);
    }
    this.startPass.run(mode, JSON.stringify(cursor), windowFrom, nowIso(), job);
    return this.get(job);
  }

  /** Moves a job's cursor past `pages` pages (default 1) holding `rows` rows. */
  advance(job: string, cursor: SyncCursor | null, rows: number, totals: { rows?: number | null; pages?: number | null } = {}, pages = 1): void {
    this.advanceCursor.run(cursor ? JSON.stringify(cursor) : JSON.stringify({ done: true }), rows, pages, totals.rows ?? null, totals.pages ?? null, job);
  }

  succeed(job: string): SyncCheckpoint {
    const at = nowIso();
    this.finishOk.run(at, at, job);
    return this.get(job);
  }

  /** How long the last full credits pass large enough to tell took to publish on this machine (null: never measured). */
  lastPublish(): PublishTiming | null {
    try {
      const value = JSON.parse(String(this.getPublish.get() ?? 'null')) as Partial<PublishTiming> | null;
      const { rows, seconds } = value ?? {};
      return typeof rows === 'number' && typeof seconds === 'number' && rows >= PUBLISH_MIN_ROWS && seconds > 0 ? { rows, seconds } : null;
    } catch {
      return null;
    }
  }

  /** Remembers how long publishing a full pass of `rows` rows took, when the pass was large enough to tell. */
  rememberPublish(rows: number, seconds: number): void {
    if (rows < PUBLISH_MIN_ROWS || !(seconds > 0)) return;
    this.remember({ rows, seconds });
  }

  fail(job: string, state: 'failed' | 'cancelled' | 'idle' | 'unsupported', error: { code: string; message: string } | null): SyncCheckpoint {
    if (error) this.finishError.run(state, error.code, error.message, nowIso(), job);
    else this.setState.run(state, job);
    return this.get(job);
  }
}
