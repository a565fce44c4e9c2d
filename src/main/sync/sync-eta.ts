/**
 * The sync's time left. For each job of the run still to run or running: the pages (or items) it has
 * left ÷ its rate, plus, for a full credits pass, the time its publishing takes.
 *
 * What it assumes: the engine runs its jobs one after another in priority order (sync-engine.ts
 * awaits each job before it begins the next; only a job's own requests overlap, pipelined), so the
 * jobs' times add up. The sizing the engine does beside the first jobs (the credits pass's one-row
 * page, the offline mirror's due items) is a request or a cache query each and is not counted.
 *
 * A job's rate, in pages (or items) a second:
 * - measured in this run once the job has run MEASURED_AFTER_MS past its first step (whose pages are
 *   its pipeline filling, and not timed), over its steps of the last RATE_WINDOW_MS: a job that
 *   speeds up or slows down is followed within that window;
 * - before that, its rate in its last completed pass in this cache (its checkpoint: its pages over
 *   the time from the pass's start to its success, a full credits pass's publishing taken out; a
 *   pass that was resumed in a later run counts the time between as its own, and reads slower);
 * - else DEFAULT_RATES;
 * - never more than the key's rate limit allows.
 *
 * A job's size: its totals once it runs, else what the engine sized before it began (`size`); a
 * one-request job is one request. A job whose size is not known yet (a list before its first page,
 * the country profiles before the projects are in, a mirror job before the lists that decide it) is
 * not guessed: the estimate leaves it out and names it (`leavesOut`).
 *
 * The publishing of a full credits pass: the seconds the cache remembers its last one took
 * (`sync:lastPublish`), in proportion to this pass's rows; without one, DEFAULT_PUBLISH_SECONDS_PER_ROW.
 * Once it is under way, what is left of that (never below zero).
 */
import type { SyncJobName, SyncJobStatus } from '../../shared/contract';
import type { PublishTiming, SyncCheckpoint } from '../cache/repositories/sync-state-repository';

/** A job's rate counts as measured once its steps span this long past its first. */
export const MEASURED_AFTER_MS = 1000;
/** A measured rate is taken over the steps of this last stretch of the job (at least one step older than it when there is one). */
export const RATE_WINDOW_MS = 5000;

/** The jobs that are one request each. */
const ONE_REQUEST: ReadonlySet<SyncJobName> = new Set(['keyInfo', 'projectTypes', 'forensicsLatest']);

/**
 * Pages (or items) a second a job is counted at before this run measures it, when no completed pass
 * of it is remembered: about what this client syncs of the built-in demo service on loopback on a
 * two-core machine, the common first sync. A slower service or machine is measured within the
 * job's first seconds; the jobs after it are counted at these until they run.
 */
export const DEFAULT_RATES: Readonly<Record<SyncJobName, number>> = {
  keyInfo: 10, projectTypes: 10, forensicsLatest: 10,
  satellite: 15, forensicsLegacy: 50, projects: 50, countries: 1000, credits: 500,
  projectDetails: 2000, boundaries: 4000, projectForensics: 1500, countryUpdates: 1000,
};

/** Seconds a row of a full credits pass takes to publish when the cache remembers no publishing: the demo market's on that machine, rounded up. */
export const DEFAULT_PUBLISH_SECONDS_PER_ROW = 4.5e-6;

/** The job whose full pass is staged and published whole (see ../cache/staged-table.ts). */
const PUBLISHED_JOB: SyncJobName = 'credits';

const PENDING: ReadonlySet<SyncJobStatus['state']> = new Set(['queued', 'running', 'paused']);

/** What the estimate reads of a job's status. */
export type JobFacts = Pick<SyncJobStatus, 'job' | 'state' | 'pages' | 'totalPages' | 'totalRows'>;

export interface Estimate {
  /** Seconds the run's jobs that it can count have left, in all. */
  seconds: number;
  /** Each pending job's seconds left (null: its size is not known yet); jobs not pending are absent. */
  jobs: Map<SyncJobName, number | null>;
  /** Pending jobs whose size is not known yet, which `seconds` leaves out. */
  leavesOut: SyncJobName[];
}

interface Clock {
  /** Its last completed pass: its pages, and its seconds without a publishing in them. */
  last: { pages: number; seconds: number; published: boolean } | null;
  /** Pages (or items) it has to do, as sized before it ran; null: not sized. */
  sized: number | null;
  /** Requests one of its pages or items costs (a forensic dossier with this week's diff: two). */
  requestsPerUnit: number;
  /** Its steps in this run: when, and its pages by then; the first is kept until RATE_WINDOW_MS has passed. */
  steps: Array<{ atMs: number; pages: number }>;
  /** When its first step in this run was written. */
  firstMs: number | null;
  /** It makes a full pass, published when its pages are in (rows: as sized before it ran). */
  full: { rows: number | null } | null;
  /** When its publishing began. */
  publishingMs: number | null;
}

export class SyncEta {
  private readonly clocks = new Map<SyncJobName, Clock>();
  private lastPublish: PublishTiming | null = null;
  private pausedMs: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  private clock(job: SyncJobName): Clock {
    let c = this.clocks.get(job);
    if (!c) {
      c = { last: null, sized: null, requestsPerUnit: 1, steps: [], firstMs: null, full: null, publishingMs: null };
      this.clocks.set(job, c);
    }
    return c;
  }

  /** The cache's last full publishing (`sync:lastPublish`): the publishing's estimate, and what a full credits pass's remembered time leaves out. */
  rememberPublish(timing: PublishTiming | null): void {
    this.lastPublish = timing;
  }

  /** A job's checkpoint as this run finds it: a completed pass gives the job's remembered rate. */
  remember(cp: SyncCheckpoint): void {
    const job = cp.job as SyncJobName;
    const seconds = cp.started_at && cp.last_success_at ? (Date.parse(cp.last_success_at) - Date.parse(cp.started_at)) / 1000 : NaN;
    if (cp.state !== 'done' || cp.cursor !== null || !(cp.pages > 0) || !(seconds > 0)) return;
    this.clock(job).last = { pages: cp.pages, seconds, published: job === PUBLISHED_JOB && cp.mode === 'full' };
  }

  /** What a job has to do, known before it runs: `units` pages or items, costing `requests` requests in all. */
  size(job: SyncJobName, units: number, requests = units): void {
    const c = this.clock(job);
    c.sized = Math.max(0, units);
    c.requestsPerUnit = units > 0 && requests > 0 ? requests / units : 1;
  }

  /** The job's pass is full: its rows (null: not known yet) are published once its pages are in. */
  fullPass(job: SyncJobName, rows: number | null): void {
    this.clock(job).full = { rows };
  }

  /** A step of the job was written: `pages` pages (or items) of its pass so far. */
  step(job: SyncJobName, pages: number): void {
    const c = this.clock(job);
    const now = this.now();
    c.firstMs ??= now;
    c.steps.push({ atMs: now, pages });
    while (c.steps.length > 2 && c.steps[1]!.atMs <= now - RATE_WINDOW_MS) c.steps.shift();
  }

  /** The job's pages are all written: its publishing begins. */
  publishing(job: SyncJobName): void {
    this.clock(job).publishingMs = this.now();
  }

  pause(): void {
    this.pausedMs ??= this.now();
  }

  /** The run goes on: the time paused is no job's, so every clock moves on by it. */
  resume(): void {
    if (this.pausedMs === null) return;
    const gap = this.now() - this.pausedMs;
    this.pausedMs = null;
    for (const c of this.clocks.values()) {
      for (const s of c.steps) s.atMs += gap;
      if (c.firstMs !== null) c.firstMs += gap;
      if (c.publishingMs !== null) c.publishingMs += gap;
    }
  }

  /** Pages (or items) a second the job is counted at now (see the module's comment). */
  rate(job: SyncJobName, rateLimitPerMinute: number | null = null): number {
    const c = this.clock(job);
    const last = c.last && c.last.seconds - (c.last.published ? (this.lastPublish?.seconds ?? 0) : 0);
    const remembered = c.last && last && last > 0 ? c.last.pages / last : null;
    const rate = this.measured(c) ?? remembered ?? DEFAULT_RATES[job];
    return rateLimitPerMinute ? Math.min(rate, rateLimitPerMinute / 60 / c.requestsPerUnit) : rate;
  }

  private measured(c: Clock): number | null {
    const from = c.steps[0];
    const to = c.steps.at(-1);
    if (!from || !to || c.firstMs === null || to.atMs - c.firstMs < MEASURED_AFTER_MS) return null;
    const pages = to.pages - from.pages;
    const seconds = (to.atMs - from.atMs) / 1000;
    return pages > 0 && seconds > 0 ? pages / seconds : null;
  }

  /** Pages (or items) the job has left; null when its size is not known yet. */
  private left(j: JobFacts): number | null {
    // A queued job's totals are its previous pass's unless its pass is under way (resumed).
    if (j.totalPages !== null && (j.state !== 'queued' || j.pages > 0)) return Math.max(0, j.totalPages - j.pages);
    const sized = this.clock(j.job).sized;
    if (sized !== null) return sized;
    return ONE_REQUEST.has(j.job) ? 1 : null;
  }

  /** Seconds the job's publishing has left (0 when it makes no full pass). */
  private publishingLeft(j: JobFacts): number {
    const c = this.clock(j.job);
    if (!c.full) return 0;
    const p = this.lastPublish;
    const rows = j.totalRows ?? c.full.rows;
    const seconds = p ? (p.seconds * (rows ?? p.rows)) / p.rows : (rows ?? 0) * DEFAULT_PUBLISH_SECONDS_PER_ROW;
    return c.publishingMs === null ? seconds : Math.max(0, seconds - (this.now() - c.publishingMs) / 1000);
  }

  /** The run's time left, over its jobs' statuses (in priority order). */
  estimate(jobs: readonly JobFacts[], rateLimitPerMinute: number | null = null): Estimate {
    const estimate: Estimate = { seconds: 0, jobs: new Map(), leavesOut: [] };
    for (const j of jobs) {
      if (!PENDING.has(j.state)) continue;
      const left = this.left(j);
      if (left === null) {
        estimate.jobs.set(j.job, null);
        estimate.leavesOut.push(j.job);
        continue;
      }
      const seconds = left / this.rate(j.job, rateLimitPerMinute) + this.publishingLeft(j);
      estimate.jobs.set(j.job, seconds);
      estimate.seconds += seconds;
    }
    return estimate;
  }
}
