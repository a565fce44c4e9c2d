/**
 * Per-job progress of a sync run (rows, pages, totals, requests/min, last error, last success,
 * skipped items) and the time left, each job's and the whole run's (sync-eta.ts), as one status.
 */
import type { SyncJobName, SyncJobStatus, SyncStatus } from '../../shared/contract';
import type { SyncCheckpoint } from '../cache/repositories/sync-state-repository';
import { SyncEta } from './sync-eta';

/** Shared by every SyncProgress in the process, so two snapshots always compare by age. */
let lastRevision = 0;

export class SyncProgress {
  state: SyncStatus['state'] = 'idle';
  startedAt: string | null = null;
  finishedAt: string | null = null;
  lastError: SyncStatus['lastError'] = null;
  rateLimitPerMinute: number | null = null;
  /** The time left: told what is sized and remembered by the engine, and every step by `page`. */
  readonly eta: SyncEta;
  private readonly jobs = new Map<SyncJobName, SyncJobStatus>();
  /** When each job's requests of the last minute were sent, and when it began. */
  private readonly requests = new Map<SyncJobName, { times: number[]; startedAtMs: number | null }>();
  /** A step of some job was written in this run (until then the run's time left is not known). */
  private stepped = false;
  private readonly now: () => number;

  constructor(
    private readonly names: readonly SyncJobName[],
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.eta = new SyncEta(this.now);
    for (const job of names) {
      this.jobs.set(job, { job, state: 'idle', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0 });
      this.requests.set(job, { times: [], startedAtMs: null });
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

  /** Skipped items and unfit values per job as the cache remembers them (the jobs' latest passes). */
  fromIssueCounts(counts: Record<string, { skipped: number; unfit: number }>): void {
    for (const [name, j] of this.jobs) {
      j.skippedItems = counts[name]?.skipped ?? 0;
      j.unfitValues = counts[name]?.unfit ?? 0;
    }
  }

  /** A new pass starts its skipped items and unfit values afresh. */
  newPass(name: SyncJobName): void {
    this.job(name).skippedItems = 0;
    this.job(name).unfitValues = 0;
  }

  skipped(name: SyncJobName, count: number): void {
    this.job(name).skippedItems += count;
  }

  unfit(name: SyncJobName, count: number): void {
    this.job(name).unfitValues += count;
  }

  queue(names: readonly SyncJobName[]): void {
    for (const n of names) this.job(n).state = 'queued';
  }

  begin(name: SyncJobName): void {
    this.job(name).state = 'running';
    this.requests.get(name)!.startedAtMs = this.now();
  }

  /** A request is about to be sent for job `name` (its requests/min). */
  request(name: SyncJobName): void {
    this.requests.get(name)!.times.push(this.now());
  }

  pause(): void {
    this.eta.pause();
  }

  /** The run goes on after a pause (the time paused is no job's). */
  resumed(): void {
    this.eta.resume();
  }

  /** A step of `pages` pages (or items) of job `name`, holding `rows` rows, was written. */
  page(name: SyncJobName, rows: number, totals: { rows?: number | null; pages?: number | null }, pages = 1): void {
    const j = this.job(name);
    j.rows += rows;
    j.pages += pages;
    if (totals.rows !== undefined && totals.rows !== null) j.totalRows = totals.rows;
    if (totals.pages !== undefined && totals.pages !== null) j.totalPages = totals.pages;
    this.stepped = true;
    this.eta.step(name, j.pages);
  }

  finish(name: SyncJobName, state: SyncJobStatus['state'], error: { code: string; message: string } | null, rows?: number): void {
    const j = this.job(name);
    j.state = state;
    if (rows !== undefined) j.rows = rows;
    if (state === 'done') {
      j.lastSuccessAt = new Date().toISOString();
      if (j.totalPages === null) j.totalPages = j.pages;
    }
    if (error) {
      j.lastError = { ...error, at: new Date().toISOString() };
      this.lastError = j.lastError;
    }
  }

  snapshot(connectionId: string | null = null): SyncStatus {
    const now = this.now();
    const active = this.state === 'running' || this.state === 'paused';
    const estimate = active ? this.eta.estimate([...this.jobs.values()], this.rateLimitPerMinute) : null;
    const jobs = this.names.map((n) => {
      const r = this.requests.get(n)!;
      while (r.times.length && r.times[0]! < now - 60_000) r.times.shift();
      const windowSec = r.startedAtMs ? Math.min(60, Math.max(1, (now - r.startedAtMs) / 1000)) : 60;
      const j = this.job(n);
      const left = estimate?.jobs.get(n);
      const etaSeconds = j.state === 'done' ? 0 : left === undefined || left === null ? null : Math.round(left);
      return { ...j, etaSeconds, requestsPerMinute: Math.round((r.times.length * 60) / windowSec) };
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
      unfitValues: jobs.reduce((n, j) => n + j.unfitValues, 0),
      etaSeconds: this.state === 'done' ? 0 : estimate && this.stepped ? Math.round(estimate.seconds) : null,
      etaLeavesOut: estimate?.leavesOut ?? [],
    };
  }
}
