/**
 * Runs sync jobs in priority order against one connection's service and cache, with pause, resume
 * and cancel, and streams progress. A 401/403 stops the whole sync with the service's code; any
 * other failure fails its job (rows already written stay, its cursor resumes next time) and the
 * next job runs.
 */
import { SYNC_JOBS, type SyncJobName, type SyncStatus } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { FATAL_CODES } from '../api/api-errors';
import type { ApiClient } from '../api/api-client';
import type { CacheClient } from '../cache/cache-client';
import type { JobRun } from './job-run';
import { MIRROR_DECIDED_BY, MIRROR_JOBS, type OfflineMirrorJob, mirrorDue } from './mirror-jobs';
import { JOBS, creditsPassSize } from './sync-jobs';
import { SyncProgress } from './sync-progress';

export interface SyncEngineOptions {
  cache: CacheClient;
  client: ApiClient;
  /** Named in every status, so a renderer can tell one connection's sync from another's. */
  connectionId?: string;
  /** Called with every progress snapshot (throttled) and on every state change. */
  onProgress?: (status: SyncStatus) => void;
  /** Called when a request outcome says something about the connection. */
  onConnection?: (state: 'reachable' | 'offline' | 'unauthorized', message: string | null) => void;
  log?: (line: string) => void;
  /** Pages a job keeps in flight at least (default: as many as the client's pacer lets through at once). */
  concurrency?: number;
  /** Minimum milliseconds between progress events (default 250). */
  progressIntervalMs?: number;
}

export interface SyncStartOptions {
  jobs?: SyncJobName[];
  full?: boolean;
}

class Cancelled extends Error {}

/** What a run's jobs share: its options, each job's pass in this cache, and how it is going. */
interface RunState {
  full: boolean;
  signal: AbortSignal;
  /** Each job's pass before this run: a job that begins a new one starts its skipped items afresh. */
  passes: Map<string, number>;
  fatal: ContractError | null;
  failed: boolean;
}

export class SyncEngine {
  private progress = new SyncProgress(SYNC_JOBS);
  private running: Promise<SyncStatus> | null = null;
  private paused = false;
  private resumeWaiters: Array<() => void> = [];
  private abort: AbortController | null = null;
  private lastEmit = 0;
  private emitTimer: NodeJS.Timeout | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SyncEngineOptions) {
    this.log = (line) => (options.log ?? (() => undefined))(options.client.redact(line));
  }

  status(): SyncStatus {
    return this.progress.snapshot(this.options.connectionId ?? null);
  }

  /** Requests sent, retried and rate limited by this engine's client so far. */
  get requestStats(): { requests: number; retries: number; rateLimited: number } {
    return { ...this.options.client.stats };
  }

  /** Starts a sync (or resumes a paused one); answers at once with the status. */
  start(opts: SyncStartOptions = {}): SyncStatus {
    if (this.running) {
      if (this.paused) this.resume();
      return this.status();
    }
    const jobs = SYNC_JOBS.filter((j) => !opts.jobs || opts.jobs.includes(j));
    this.progress = new SyncProgress(SYNC_JOBS);
    this.progress.rateLimitPerMinute = this.options.client.pacer.rateLimitPerMinute;
    this.progress.state = 'running';
    this.progress.startedAt = new Date().toISOString();
    this.progress.queue(jobs);
    this.paused = false;
    this.abort = new AbortController();
    this.running = this.run(jobs, opts.full ?? false).finally(() => {
      this.running = null;
      this.abort = null;
    });
    this.emit(true);
    return this.status();
  }

  /** Resolves when the current run ends (at once when idle). */
  whenDone(): Promise<SyncStatus> {
    return this.running ?? Promise.resolve(this.status());
  }

  pause(): SyncStatus {
    if (this.running && !this.paused) {
      this.paused = true;
      this.progress.state = 'paused';
      this.progress.pause();
      for (const j of this.progress.snapshot().jobs) if (j.state === 'running') this.progress.job(j.job).state = 'paused';
      this.emit(true);
    }
    return this.status();
  }

  resume(): SyncStatus {
    if (this.running && this.paused) {
      this.paused = false;
      this.progress.state = 'running';
      this.progress.resumed();
      for (const j of this.progress.snapshot().jobs) if (j.state === 'paused') this.progress.job(j.job).state = 'running';
      for (const w of this.resumeWaiters.splice(0)) w();
      this.emit(true);
    }
    return this.status();
  }

  cancel(): SyncStatus {
    if (this.running) {
      this.abort?.abort(new Cancelled('cancelled'));
      this.paused = false;
      for (const w of this.resumeWaiters.splice(0)) w();
    }
    return this.status();
  }

  private async gate(): Promise<void> {
    while (this.paused) await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
    if (this.abort?.signal.aborted) throw new Cancelled('cancelled');
  }

  private async run(jobs: SyncJobName[], full: boolean): Promise<SyncStatus> {
    const { cache, client } = this.options;
    const signal = this.abort!.signal;
    const r: RunState = { full, signal, passes: new Map(), fatal: null, failed: false };
    let runId: number | null = null;
    try {
      if (!jobs.includes('keyInfo')) {
        const cached = await cache.call('read:rateLimit');
        if (cached) client.pacer.setRateLimit(cached);
        this.progress.rateLimitPerMinute = client.pacer.rateLimitPerMinute;
      }
      // The last full publishing and each job's last completed pass: what the time left counts a job
      // at before this run measures it.
      this.progress.eta.rememberPublish(await cache.call('sync:lastPublish'));
      for (const cp of await cache.call('sync:checkpoints')) {
        r.passes.set(cp.job, cp.pass);
        if (!jobs.includes(cp.job as SyncJobName)) continue;
        this.progress.eta.remember(cp);
        this.progress.fromCheckpoint({ ...cp, rows: cp.cursor ? cp.rows : 0, pages: cp.cursor ? cp.pages : 0 });
      }
      this.progress.fromIssueCounts(await cache.call('read:dataIssueCounts'));
      // The change log records this run's findings under its own id.
      runId = await cache.call('sync:runStart');
      // Where the API root is and what the server offers (once per client; remembered by the host).
      await client.discover(signal);
    } catch (err) {
      r.fatal = err instanceof ContractError ? err : new ContractError('cache_error', String(err));
    }
    // Beside the first jobs, not before them: the answer only feeds the ETA.
    if (!r.fatal && jobs.includes('credits')) void this.sizeCredits(full, signal);
    // The mirror jobs of this run not sized yet: each is, once the lists that decide it are in (or
    // are not in this run), so the ETA counts it from then on. Beside the next job, not before it
    // (the answer only feeds the ETA), unless that job is one of them.
    const unsized = new Set(jobs.filter((j): j is OfflineMirrorJob => j in MIRROR_JOBS));
    // One job at a time, in priority order: the ETA adds the jobs' times up (sync-eta.ts).
    for (const [i, job] of jobs.entries()) {
      if (r.fatal) break;
      if (signal.aborted) break;
      const decided = [...unsized].filter((m) => MIRROR_DECIDED_BY[m].every((list) => !jobs.slice(i).includes(list)));
      if (decided.length) {
        for (const m of decided) unsized.delete(m);
        const sized = this.sizeMirror(decided);
        if ((decided as readonly SyncJobName[]).includes(job)) await sized;
      }
      const end = await this.runJob(r, job);
      if (end === 'cancelled') break;
    }
    if (r.fatal && !this.progress.lastError) this.progress.lastError = { code: r.fatal.code, message: client.redact(r.fatal.message), at: new Date().toISOString() };
    for (const j of jobs) if (this.progress.job(j).state === 'queued') this.progress.job(j).state = 'idle';
    if (runId !== null && !signal.aborted) await cache.call('sync:runFinish', { run: runId }).catch(() => undefined);
    this.progress.state = signal.aborted ? 'cancelled' : r.failed || r.fatal ? 'failed' : 'done';
    this.progress.finishedAt = new Date().toISOString();
    this.emit(true);
    // Housekeeping after "done", which nothing waits for (views read beside it; the cache's next op
    // comes after it): the WAL into the file.
    if (runId !== null) void cache.call('sync:tidy').catch(() => undefined);
    return this.status();
  }

  /** One job of the run, to its end. A failure fails the job; what stops every job is kept as the run's `fatal`. */
  private async runJob(r: RunState, job: SyncJobName): Promise<'ended' | 'cancelled'> {
    const { cache, client } = this.options;
    this.progress.begin(job);
    if (this.paused) this.progress.job(job).state = 'paused';
    this.emit(true);
    // The job's own signal: when it ends, however it ends, what it fetched ahead and did not yet send is dropped.
    const ended = new AbortController();
    const concurrency = () => this.concurrency();
    const run: JobRun = {
      job,
      client,
      cache,
      signal: AbortSignal.any([r.signal, ended.signal]),
      full: r.full,
      // Read as the job goes: the pacer allows more once the server shows itself far.
      get concurrency() {
        return concurrency();
      },
      gate: () => this.gate(),
      request: () => this.progress.request(job),
      page: (rows, totals, pages) => {
        this.progress.page(job, rows, totals, pages);
        this.emit(false);
      },
      checkpoint: (cp) => {
        if (r.passes.has(job) && r.passes.get(job) !== cp.pass) this.progress.newPass(job);
        r.passes.set(job, cp.pass);
        this.progress.fromCheckpoint(cp);
      },
      skipped: (count) => {
        this.progress.skipped(job, count);
        this.emit(false);
      },
      unfit: (count) => {
        this.progress.unfit(job, count);
        this.emit(false);
      },
      setRateLimit: (perMinute) => {
        client.pacer.setRateLimit(perMinute);
        this.progress.rateLimitPerMinute = perMinute;
      },
      log: (line) => this.log(`[${job}] ${line}`),
    };
    try {
      await JOBS[job](run);
      // What is left is its completion: a full credits pass's publishing, which the ETA counts down.
      this.progress.eta.publishing(job);
      this.emit(false);
      const done = await cache.call('sync:succeed', { job, reconcile: true });
      if (done.removed) this.log(`[${job}] removed ${done.removed} rows the service no longer lists`);
      this.progress.finish(job, 'done', null);
      this.options.onConnection?.('reachable', null);
    } catch (err) {
      if (err instanceof Cancelled || (r.signal.aborted && !(err instanceof ContractError && FATAL_CODES.has(err.code)))) {
        this.progress.finish(job, 'cancelled', null);
        await cache.call('sync:fail', { job, state: 'cancelled', error: null }).catch(() => undefined);
        return 'cancelled';
      }
      const e = err instanceof ContractError ? err : new ContractError('internal_error', err instanceof Error ? err.message : String(err));
      const error = { code: e.code, message: client.redact(e.message) };
      if (e.code === 'not_offered') {
        // Not a failure: this service does not have the resource. Rechecked by every run of the job.
        this.log(`[${job}] not offered by this service: ${error.message}`);
        this.progress.finish(job, 'unsupported', null);
        await cache.call('sync:fail', { job, state: 'unsupported', error }).catch(() => undefined);
        this.emit(true);
        return 'ended';
      }
      this.log(`[${job}] failed: ${error.code}: ${error.message}`);
      this.progress.finish(job, 'failed', error);
      await cache.call('sync:fail', { job, state: 'failed', error }).catch(() => undefined);
      r.failed = true;
      if (FATAL_CODES.has(e.code)) {
        r.fatal = e;
        this.options.onConnection?.('unauthorized', error.message);
      } else if (e.code === 'rate_limited_until') {
        // Every request with this key would be refused: stop here, resume on the next sync.
        r.fatal = e;
      } else if (e.code === 'offline' || e.code === 'timeout') {
        this.options.onConnection?.('offline', error.message);
        r.fatal = e;
      } else if (e.code === 'cache_error' || e.code === 'cache_schema_changed') {
        r.fatal = e;
      }
    } finally {
      ended.abort(new Cancelled('the job ended'));
    }
    this.emit(true);
    return 'ended';
  }

  private concurrency(): number {
    return this.options.concurrency ?? this.options.client.pacer.concurrency;
  }

  /**
   * Asks the service how big this run's credits pass is (one one-row page; a resumed pass's
   * checkpoint knows it), and whether it is full (published once its pages are in), for the ETA.
   */
  private async sizeCredits(full: boolean, signal: AbortSignal): Promise<void> {
    const { cache, client } = this.options;
    try {
      const size = await creditsPassSize({ client, cache, signal, full });
      if (size.full) this.progress.eta.fullPass('credits', size.rows);
      if (size.pages !== null) this.progress.eta.size('credits', size.pages);
    } catch (err) {
      // Only the estimate needed it: the job itself reports what is wrong.
      if (signal.aborted || (err instanceof ContractError && err.code === 'not_offered')) return;
      this.log(`[credits] size of the pass not known before it starts: ${err instanceof Error ? client.redact(err.message) : String(err)}`);
    }
  }

  /** What each of the mirror jobs `jobs` has due now (its items and their requests), for the ETA. */
  private async sizeMirror(jobs: readonly OfflineMirrorJob[]): Promise<void> {
    try {
      for (const { job, items, requests } of await mirrorDue(this.options.cache, jobs)) this.progress.eta.size(job, items, requests);
    } catch (err) {
      this.log(`the offline mirror's size not known before it starts: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private emit(force: boolean): void {
    const send = () => {
      this.lastEmit = Date.now();
      this.emitTimer = null;
      this.options.onProgress?.(this.status());
    };
    const interval = this.options.progressIntervalMs ?? 250;
    if (force || Date.now() - this.lastEmit >= interval) {
      if (this.emitTimer) clearTimeout(this.emitTimer);
      send();
    } else if (!this.emitTimer) {
      this.emitTimer = setTimeout(send, interval - (Date.now() - this.lastEmit));
      this.emitTimer.unref?.();
    }
  }
}
