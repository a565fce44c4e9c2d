/**
 * The sync jobs, in the priority order. Each job writes through `sync:step`, which applies a
 * page's rows and advances the job's cursor in ONE transaction, so a crash resumes at the next page.
 */
import { getISOWeek, getISOWeekYear, subDays } from 'date-fns';
import type { SkippedItem, SyncJobName } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import type { ApiClient, PageResult } from '../api/api-client';
import type { CacheClient } from '../cache/cache-client';
import type { CacheWrite, PageTotals } from '../cache/cache-protocol';
import type { SyncCheckpoint, SyncCursor } from '../cache/repositories/sync-state-repository';
import { countryCodeOf } from './country-codes';

export const PER_PAGE = 200;
export const LATEST_FEED_LIMIT = 200;
export const SATELLITE_LIMIT = 1000;
export const COUNTRY_UPDATES_LIMIT = 100;
/** Days re-read before the newest cached transaction date on an incremental credits pass. */
export const CREDITS_OVERLAP_DAYS = 30;
/** A credits full pass (which reconciles deletions) at least this often. */
export const CREDITS_FULL_PASS_DAYS = 7;

export interface JobRun {
  job: SyncJobName;
  client: ApiClient;
  cache: CacheClient;
  signal: AbortSignal;
  /** Waits while the sync is paused; throws when it is cancelled. */
  gate(): Promise<void>;
  /** A request is about to be sent for this job. */
  request(): void;
  /** A step of `pages` pages (default 1) was written. */
  page(rows: number, totals: PageTotals, pages?: number): void;
  /** A step recorded items it could not store. */
  skipped(count: number): void;
  /** The pass resumed or started (progress counters from the checkpoint). */
  checkpoint(cp: SyncCheckpoint): void;
  /** A full pass was asked for (credits). */
  full: boolean;
  concurrency: number;
  /** Learned from the key listing. */
  setRateLimit(perMinute: number | null): void;
  log(line: string): void;
}

interface Step {
  writes: CacheWrite[];
  rows: number;
  /** Pages this step holds (default 1). */
  pages?: number;
  /** Items met that could not be stored (recorded in the same transaction). */
  skipped?: SkippedItem[];
}

/** Pages already fetched are written together, up to this many rows per transaction (fewer commits, less index write amplification). */
export const MAX_ROWS_PER_STEP = 20_000;

async function begin(run: JobRun, mode: SyncCheckpoint['mode'], cursor: SyncCursor, windowFrom: string | null = null): Promise<SyncCheckpoint> {
  const cp = await run.cache.call('sync:begin', { job: run.job, mode, cursor, windowFrom });
  run.checkpoint(cp);
  return cp;
}

async function step(run: JobRun, s: Step, cursor: SyncCursor | null, totals: PageTotals): Promise<void> {
  const skipped = s.skipped ?? [];
  const writes: CacheWrite[] = skipped.length ? [...s.writes, { op: 'write:skippedItems', args: { job: run.job, items: skipped } }] : s.writes;
  await run.cache.call('sync:step', { job: run.job, writes, cursor, rows: s.rows, totals, pages: s.pages ?? 1 });
  run.page(s.rows, totals, s.pages ?? 1);
  if (skipped.length) run.skipped(skipped.length);
}

/** Keeps a rejected prefetch from being reported as unhandled before it is awaited. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** A one-request job: fetch, write, done. */
async function singleStep(run: JobRun, fetchStep: () => Promise<Step>): Promise<void> {
  const cp = await begin(run, 'full', { index: 0 });
  if (cp.cursor?.done) return;
  await run.gate();
  run.request();
  const s = await fetchStep();
  await step(run, s, null, { rows: s.rows, pages: 1 });
}

/**
 * A paginated list: pages fetched up to `concurrency` ahead, written strictly in order. Every
 * next_page link is resolved and checked against the configured origin before anything follows it.
 */
async function pagedJob<T>(
  run: JobRun,
  options: {
    path: string;
    query: Record<string, unknown>;
    mode: SyncCheckpoint['mode'];
    windowFrom?: string | null;
    fetchPage: (url: string) => Promise<PageResult<T>>;
    writes: (page: PageResult<T>, pass: number) => Step['writes'];
  },
): Promise<void> {
  const cp = await begin(run, options.mode, { next_page: 1 }, options.windowFrom ?? null);
  if (cp.cursor?.done) return;
  let pageNo = cp.cursor?.next_page ?? 1;
  let template = new URL(run.client.url(options.path, { ...options.query, per_page: PER_PAGE, current_page: pageNo }));
  let totalPages = cp.total_pages;
  const inflight = new Map<number, Promise<PageResult<T>>>();
  const settled = new Set<number>();
  const urlOf = (p: number) => {
    const u = new URL(template);
    u.searchParams.set('current_page', String(p));
    return u.toString();
  };
  const fetchPage = (p: number) => {
    let pending = inflight.get(p);
    if (!pending) {
      const url = urlOf(p);
      // A prefetch not yet sent waits while the sync is paused (and fails fast when it is cancelled).
      pending = quiet(run.gate().then(() => {
        run.request();
        return options.fetchPage(url);
      }));
      pending.then(() => settled.add(p), () => undefined);
      inflight.set(p, pending);
    }
    return pending;
  };
  const take = (p: number) => {
    inflight.delete(p);
    settled.delete(p);
  };
  for (;;) {
    await run.gate();
    const ahead = Math.max(run.concurrency * 2, Math.ceil(MAX_ROWS_PER_STEP / PER_PAGE));
    const last = totalPages ? Math.min(totalPages, pageNo + ahead - 1) : pageNo;
    for (let p = pageNo; p <= last; p++) void fetchPage(p);
    // Pages already here are written together (fewer, larger transactions); the cursor moves past all of them.
    const batch: Step = { writes: [], rows: 0, pages: 0, skipped: [] };
    let nextNo: number | null = null;
    let totals: { rows: number; pages: number } = { rows: 0, pages: 0 };
    for (;;) {
      const page = await fetchPage(pageNo);
      take(pageNo);
      totalPages = page.pagination.total_pages;
      totals = { rows: page.pagination.total_entries, pages: totalPages };
      batch.writes.push(...options.writes(page, cp.pass));
      batch.rows += page.data.length;
      batch.pages! += 1;
      batch.skipped!.push(...page.skipped);
      let next: string | null;
      try {
        next = page.pagination.next_page ? run.client.resolveNextPage(page.pagination.next_page) : null;
      } catch (err) {
        // A link off the configured origin: the pages here are valid and kept; the link is not followed.
        await step(run, batch, { next_page: pageNo + 1 }, totals);
        throw err;
      }
      nextNo = null;
      if (next && page.data.length > 0) {
        const nextUrl = new URL(next);
        nextNo = Number(nextUrl.searchParams.get('current_page') ?? pageNo + 1);
        if (!Number.isInteger(nextNo) || nextNo <= pageNo) {
          throw new ContractError('invalid_response', `The service's next_page after page ${pageNo} points at page ${nextUrl.searchParams.get('current_page')}`);
        }
        template = nextUrl;
      }
      if (!nextNo) break;
      if (nextNo !== pageNo + 1) for (const k of [...inflight.keys()]) take(k);
      pageNo = nextNo;
      if (batch.rows >= MAX_ROWS_PER_STEP || !settled.has(pageNo)) break;
    }
    await step(run, batch, nextNo ? { next_page: nextNo } : null, totals);
    if (!nextNo) break;
  }
}

/** A list of items fetched one by one (countries, watchlist projects), prefetched, written in order. */
async function itemJob<I>(run: JobRun, items: I[], fetchItem: (item: I) => Promise<Step>): Promise<void> {
  const cp = await begin(run, 'full', { index: 0 });
  if (cp.cursor?.done) return;
  let index = cp.cursor?.index ?? 0;
  const inflight = new Map<number, Promise<Step>>();
  const get = (i: number) => {
    let p = inflight.get(i);
    if (!p) {
      run.request();
      p = quiet(fetchItem(items[i]!));
      inflight.set(i, p);
    }
    return p;
  };
  if (items.length === 0) {
    await step(run, { writes: [], rows: 0 }, null, { rows: 0, pages: 0 });
    return;
  }
  for (; index < items.length; index++) {
    await run.gate();
    for (let i = index; i < Math.min(items.length, index + run.concurrency); i++) void get(i);
    const s = await get(index);
    inflight.delete(index);
    await step(run, s, index + 1 < items.length ? { index: index + 1 } : null, { pages: items.length });
  }
}

// ---- the jobs -----------------------------------------------------------------------------------

async function keyInfo(run: JobRun): Promise<void> {
  await singleStep(run, async () => {
    const keys = await run.client.listKeys(run.signal);
    const mine = keys.filter((k) => run.client.usesKeyWithPrefix(k.key_prefix));
    const current = mine.find((k) => k.status === null || k.status === 'active') ?? mine[0] ?? null;
    run.setRateLimit(current?.rate_limit_per_minute ?? null);
    const listed = keys.map(({ key: _never, ...k }) => k);
    return { writes: [{ op: 'write:apiKeys', args: { keys: listed, currentKeyId: current?.id ?? null } }], rows: keys.length };
  });
}

async function projectTypes(run: JobRun): Promise<void> {
  await singleStep(run, async () => {
    const types = await run.client.projectTypes(run.signal);
    return { writes: [{ op: 'write:projectTypes', args: { types } }], rows: Object.values(types).reduce((n, l) => n + l.length, 0) };
  });
}

async function projects(run: JobRun): Promise<void> {
  await pagedJob(run, {
    path: '/v1/projects/',
    query: { sort: 'project_id' },
    mode: 'full',
    fetchPage: (url) => run.client.projectsPage(url, run.signal),
    writes: (page, pass) => [{ op: 'write:projects', args: { items: page.data, pass, withClips: page.rawHasClips } }],
  });
}

async function forensicsLatest(run: JobRun): Promise<void> {
  await singleStep(run, async () => {
    const { value: feed, skipped } = await run.client.latestFeed(LATEST_FEED_LIMIT, run.signal);
    return { writes: [{ op: 'write:latestFeed', args: { feed, limit: LATEST_FEED_LIMIT } }], rows: feed.entries.length, skipped };
  });
}

/** Profile and updates of one country, as one step (404 recorded as "no data"). */
async function countryStep(run: JobRun, code: string): Promise<Step> {
  const { value: profile, skipped } = await run.client.country(code, run.signal);
  const updates = profile ? await run.client.countryUpdates(code, COUNTRY_UPDATES_LIMIT, run.signal) : null;
  return {
    writes: [
      { op: 'write:countryProfile', args: { code, profile } },
      { op: 'write:countryUpdates', args: { code, updates: updates?.items ?? [] } },
    ],
    rows: (profile ? 1 : 0) + (updates?.items.length ?? 0),
    skipped: [...skipped, ...(updates?.skipped ?? [])],
  };
}

async function countries(run: JobRun): Promise<void> {
  const names = await run.cache.call('read:countryNames');
  const entries = names.map((country) => ({ country, country_code: countryCodeOf(country) }));
  await run.cache.call('write:many', { writes: [{ op: 'write:projectCountries', args: { entries } }] });
  const unknown = entries.filter((e) => !e.country_code).map((e) => e.country);
  if (unknown.length) run.log(`countries without an ISO code: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', ...' : ''}`);
  const codes = [...new Set(entries.map((e) => e.country_code).filter((c): c is string => Boolean(c)))].sort();
  await itemJob(run, codes, (code) => countryStep(run, code));
}

async function satellite(run: JobRun): Promise<void> {
  // has_boundary=false applies no boundary filter (the default, true, would leave out projects
  // without a boundary), so one sweep caches every project's metrics.
  const sweeps = [false];
  const cp = await begin(run, 'full', { sweep: 0, offset: 0 });
  if (cp.cursor?.done) return;
  let sweep = cp.cursor?.sweep ?? 0;
  let offset = cp.cursor?.offset ?? 0;
  while (sweep < sweeps.length) {
    await run.gate();
    run.request();
    const slice = await run.client.satellitePage({ has_boundary: sweeps[sweep]!, limit: SATELLITE_LIMIT, offset }, run.signal);
    let next: SyncCursor | null;
    if (slice.received === SATELLITE_LIMIT) next = { sweep, offset: offset + slice.received };
    else next = sweep + 1 < sweeps.length ? { sweep: sweep + 1, offset: 0 } : null;
    const writes: CacheWrite[] = [{ op: 'write:satelliteMetrics', args: { items: slice.items, pass: cp.pass } }];
    await step(run, { writes, rows: slice.items.length, skipped: slice.skipped }, next, {});
    if (!next) break;
    sweep = next.sweep!;
    offset = next.offset!;
  }
}

async function forensicsLegacy(run: JobRun): Promise<void> {
  await pagedJob(run, {
    path: '/v1/forensics/',
    query: { sort: 'id' },
    mode: 'full',
    fetchPage: (url) => run.client.legacyForensicsPage(url, run.signal),
    writes: (page, pass) => [{ op: 'write:legacyForensics', args: { items: page.data, pass } }],
  });
}

async function credits(run: JobRun): Promise<void> {
  const cp = await run.cache.call('sync:checkpoint', { job: 'credits' });
  const latest = await run.cache.call('read:latestCreditDate');
  const fullDue =
    run.full ||
    !cp.last_full_success_at ||
    Date.now() - Date.parse(cp.last_full_success_at) > CREDITS_FULL_PASS_DAYS * 86_400_000 ||
    !latest;
  // A pass in progress is finished in its own mode (its window included), unless a full pass is asked for.
  const resuming = cp.cursor !== null && cp.state !== 'done' && !(run.full && cp.mode === 'incremental');
  const mode: SyncCheckpoint['mode'] = resuming ? cp.mode : fullDue ? 'full' : 'incremental';
  const windowFrom =
    resuming ? cp.window_from : mode === 'incremental' && latest ? subDays(new Date(`${latest}T00:00:00Z`), CREDITS_OVERLAP_DAYS).toISOString().slice(0, 10) : null;
  await pagedJob(run, {
    path: '/v1/credits/',
    query: { sort: 'id', ...(windowFrom ? { transaction_date_from: windowFrom } : {}) },
    mode,
    windowFrom,
    fetchPage: (url) => run.client.creditsPage(url, run.signal),
    // Pass numbers only grow, so a later full pass rewrites every row it still lists and removes the rest.
    writes: (page, pass) => [{ op: 'write:creditTransactions', args: { items: page.data, pass } }],
  });
}

// ---- on demand and watchlist -----------------------------------------------------------------

export function currentIsoWeek(now = new Date()): { week: number; year: number } {
  return { week: getISOWeek(now), year: getISOWeekYear(now) };
}

export async function projectDetailStep(run: Pick<JobRun, 'client' | 'signal'>, projectId: string): Promise<Step> {
  const { value: project, skipped } = await run.client.project(projectId, run.signal);
  return { writes: project ? [{ op: 'write:projectDetail', args: { project } }] : [], rows: project ? 1 + project.clips.length : 0, skipped };
}

export async function boundaryStep(run: Pick<JobRun, 'client' | 'signal'>, projectId: string): Promise<Step> {
  const boundary = await run.client.boundary(projectId, run.signal);
  return { writes: [{ op: 'write:boundary', args: { projectId, boundary } }], rows: boundary ? 1 : 0 };
}

export async function projectForensicsStep(run: Pick<JobRun, 'client' | 'signal'>, projectId: string): Promise<Step> {
  const { value: forensics, skipped } = await run.client.projectForensics(projectId, run.signal);
  const week = currentIsoWeek();
  const diff = forensics ? await run.client.forensicDiff(projectId, week, run.signal) : null;
  return {
    writes: [
      { op: 'write:projectForensics', args: { projectId, forensics } },
      { op: 'write:forensicDiff', args: { projectId, year: week.year, week: week.week, diff } },
    ],
    rows: forensics ? forensics.entries.length + 1 : 0,
    skipped,
  };
}

export async function countryOfProjectStep(run: Pick<JobRun, 'client' | 'signal' | 'cache'>, projectId: string): Promise<Step & { code: string | null }> {
  const code = await run.cache.call('read:projectCountry', { projectId });
  if (!code) return { writes: [], rows: 0, code: null };
  return { ...(await countryStep(run as JobRun, code)), code };
}

async function watchlist(run: JobRun): Promise<string[]> {
  return run.cache.call('read:watchlist');
}

export const JOBS: Record<SyncJobName, (run: JobRun) => Promise<void>> = {
  keyInfo,
  projectTypes,
  projects,
  forensicsLatest,
  countries,
  satellite,
  forensicsLegacy,
  credits,
  projectDetails: async (run) => itemJob(run, await watchlist(run), (id) => projectDetailStep(run, id)),
  boundaries: async (run) => itemJob(run, await watchlist(run), (id) => boundaryStep(run, id)),
  projectForensics: async (run) => itemJob(run, await watchlist(run), (id) => projectForensicsStep(run, id)),
  countryUpdates: async (run) => {
    const codes = new Set<string>();
    for (const id of await watchlist(run)) {
      const code = await run.cache.call('read:projectCountry', { projectId: id });
      if (code) codes.add(code);
    }
    await itemJob(run, [...codes].sort(), (code) => countryStep(run, code));
  },
};
