/** Per-job progress of a sync run (rows, pages, requests/min, ETA, last error, last success). */
import type { SyncJobName, SyncJobStatus, SyncStatus } from '../../shared/contract';
import type { SyncCheckpoint } from '../cache/repositories/sync-state-repository';

interface JobClock {
  startedAtMs: number | null;
  pagesThisRun: number;
  requestTimes: number[];
}

/** Shared by every SyncProgress in the process, so two snapshots always compare by age. */
let lastRevision = 0;

export class SyncProgress {
  state: SyncStatus['state'] = 'idle';
  startedAt: string | null = null;
  finishedAt: string | null = null;
  lastError: SyncStatus['lastError'] = null;
  rateLimitPerMinute: number | null = null;
  private readonly jobs = new Map<SyncJobName, SyncJobStatus>();
  private readonly clocks = new Map<SyncJobName, JobClock>();

  constructor(private readonly names: readonly SyncJobName[]) {
    for (const job of names) {
      this.jobs.set(job, { job, state: 'idle', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0 });
      this.clocks.set(job, { startedAtMs: null, pagesThisRun: 0, requestTimes: [] });
    }
  }

  job(name: SyncJobName): SyncJobStatus {
    return this.jobs.get(name)!;
  }

  /** Fills a job's counters from its stored checkpoint (a resumed pass continues its counts). */
  fromCheckpoint(cp: SyncCheckpoint): void {
    const j = this.jobs.get(cp.job as SyncJobName);
    if (!j) return;
    j.rows = cp.rows;
    j.pages = cp.pages;
    j.totalRows = cp.total_rows;
    j.totalPages = cp.total_pages;
    j.lastError = cp.last_error;
    j.lastSuccessAt = cp.last_success_at;
  }

  /** Skipped items per job as the cache remembers them (the jobs' latest passes). */
  fromSkippedCounts(counts: Record<string, number>): void {
    for (const [name, j] of this.jobs) j.skippedItems = counts[name] ?? 0;
  }

  /** A new pass starts its skipped items afresh. */
  newPass(name: SyncJobName): void {
    this.job(name).skippedItems = 0;
  }

  skipped(name: SyncJobName, count: number): void {
    this.job(name).skippedItems += count;
  }

  queue(names: readonly SyncJobName[]): void {
    for (const n of names) this.job(n).state = 'queued';
  }

  begin(name: SyncJobName): void {
    this.job(name).state = 'running';
    const c = this.clocks.get(name)!;
    c.startedAtMs = Date.now();
    c.pagesThisRun = 0;
  }

  request(name: SyncJobName): void {
    this.clocks.get(name)!.requestTimes.push(Date.now());
  }

  page(name: SyncJobName, rows: number, totals: { rows?: number | null; pages?: number | null }, pages = 1): void {
    const j = this.job(name);
    const c = this.clocks.get(name)!;
    j.rows += rows;
    j.pages += pages;
    if (totals.rows !== undefined && totals.rows !== null) j.totalRows = totals.rows;
    if (totals.pages !== undefined && totals.pages !== null) j.totalPages = totals.pages;
    c.pagesThisRun += pages;
    const elapsed = (Date.now() - (c.startedAtMs ?? Date.now())) / 1000;
    if (j.totalPages !== null && c.pagesThisRun > 0 && elapsed > 0) {
      const left = Math.max(0, j.totalPages - j.pages);
      j.etaSeconds = Math.round((left * elapsed) / c.pagesThisRun);
    }
  }

  finish(name: SyncJobName, state: SyncJobStatus['state'], error: { code: string; message: string } | null, rows?: number): void {
    const j = this.job(name);
    j.state = state;
    if (rows !== undefined) j.rows = rows;
    if (state === 'done') {
      j.lastSuccessAt = new Date().toISOString();
      j.etaSeconds = 0;
      if (j.totalPages === null) j.totalPages = j.pages;
    }
    if (error) {
      j.lastError = { ...error, at: new Date().toISOString() };
      this.lastError = j.lastError;
    }
  }

  snapshot(connectionId: string | null = null): SyncStatus {
    const now = Date.now();
    const jobs = this.names.map((n) => {
      const c = this.clocks.get(n)!;
      while (c.requestTimes.length && c.requestTimes[0]! < now - 60_000) c.requestTimes.shift();
      const windowSec = c.startedAtMs ? Math.min(60, Math.max(1, (now - c.startedAtMs) / 1000)) : 60;
      return { ...this.job(n), requestsPerMinute: Math.round((c.requestTimes.length * 60) / windowSec) };
    });
    return {
      connectionId,
      revision: ++lastRevision,
      state: this.state,
      startedAt: this.startedAt,
      finishedAt: this.finishedAt,
      jobs,
      rateLimitPerMinute: this.rateLimitPerMinute,
      lastError: this.lastError,
      skippedItems: jobs.reduce((n, j) => n + j.skippedItems, 0),
    };
  }
}
