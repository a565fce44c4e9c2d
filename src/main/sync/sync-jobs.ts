/**
 * The sync jobs in priority order: the list jobs here (keys, types, the latest feed, satellite
 * metrics, legacy forensics, projects, country profiles, credits), then the offline mirror's
 * item-by-item jobs (`mirror-jobs.ts`). The feeds and the satellite list come before the projects:
 * they decide most of what the mirror has due, so the run's ETA counts it from the start, and they
 * take only a few requests. Each job writes through
 * `sync:step`, which applies a page's rows and advances the job's cursor in ONE transaction, so a
 * crash resumes at the next page.
 */
import { subDays } from 'date-fns';
import type { SyncJobName } from '../../shared/contract';
import type { CacheWrite } from '../cache/cache-protocol';
import type { SyncCheckpoint, SyncCursor } from '../cache/repositories/sync-state-repository';
import { countryCodeOf } from '../../shared/country-names';
import { PER_PAGE, begin, itemJob, type JobRun, pagedJob, singleStep, step } from './job-run';
import { MIRROR_JOBS, countryProfileStep } from './mirror-jobs';

export const LATEST_FEED_LIMIT = 200;
export const SATELLITE_LIMIT = 1000;
/** Days re-read before the newest cached transaction date on an incremental credits pass. */
export const CREDITS_OVERLAP_DAYS = 30;
/** A credits full pass (which reconciles deletions) at least this often. */
export const CREDITS_FULL_PASS_DAYS = 7;

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
    const { value: feed, skipped, unfit } = await run.client.latestFeed(LATEST_FEED_LIMIT, run.signal);
    return { writes: [{ op: 'write:latestFeed', args: { feed, limit: LATEST_FEED_LIMIT } }], rows: feed.entries.length, skipped, unfit };
  });
}

async function countries(run: JobRun): Promise<void> {
  const names = await run.cache.call('read:countryNames');
  const entries = names.map((country) => ({ country, country_code: countryCodeOf(country) }));
  await run.cache.call('write:many', { writes: [{ op: 'write:projectCountries', args: { entries } }] });
  const unknown = entries.filter((e) => !e.country_code).map((e) => e.country);
  // Kept as sent on their projects; no profile to fetch, no place on the map (the Sync view lists them).
  if (unknown.length) run.log(`countries without an ISO code (kept as sent, no profile): ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', ...' : ''}`);
  const watched = new Set((await run.cache.call('read:watchItems')).filter((w) => w.kind === 'country').map((w) => w.id));
  const codes = [...new Set(entries.map((e) => e.country_code).filter((c): c is string => Boolean(c)))]
    .sort((a, b) => Number(watched.has(b)) - Number(watched.has(a)) || a.localeCompare(b));
  await itemJob(run, codes, (code) => countryProfileStep(run, code));
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
    await step(run, { writes, rows: slice.items.length, skipped: slice.skipped, unfit: slice.unfit }, next, {});
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

/** The credits pass the next run makes: resumed in its own mode, or new (full or incremental, with its window). */
async function creditsPlan(cache: JobRun['cache'], full: boolean): Promise<{ mode: SyncCheckpoint['mode']; windowFrom: string | null; resuming: boolean }> {
  const cp = await cache.call('sync:checkpoint', { job: 'credits' });
  const latest = await cache.call('read:latestCreditDate');
  const fullDue =
    full ||
    !cp.last_full_success_at ||
    Date.now() - Date.parse(cp.last_full_success_at) > CREDITS_FULL_PASS_DAYS * 86_400_000 ||
    !latest;
  // A pass in progress is finished in its own mode (its window included), unless a full pass is asked for.
  const resuming = cp.cursor !== null && cp.state !== 'done' && !(full && cp.mode === 'incremental');
  const mode: SyncCheckpoint['mode'] = resuming ? cp.mode : fullDue ? 'full' : 'incremental';
  const windowFrom =
    resuming ? cp.window_from : mode === 'incremental' && latest ? subDays(new Date(`${latest}T00:00:00Z`), CREDITS_OVERLAP_DAYS).toISOString().slice(0, 10) : null;
  return { mode, windowFrom, resuming };
}

const creditsQuery = (windowFrom: string | null) => ({ sort: 'id', ...(windowFrom ? { transaction_date_from: windowFrom } : {}) });

/**
 * The credits pass the next run makes, for the whole sync's ETA before the job starts: whether it is
 * full (staged, then published), and its size, asked of the service with a one-row page (null for a
 * resumed pass, whose checkpoint knows it).
 */
export async function creditsPassSize(run: Pick<JobRun, 'client' | 'cache' | 'signal' | 'full'>): Promise<{ full: boolean; rows: number | null; pages: number | null }> {
  const plan = await creditsPlan(run.cache, run.full);
  const full = plan.mode === 'full';
  if (plan.resuming) return { full, rows: null, pages: null };
  const page = await run.client.creditsPage(run.client.url('/v1/credits/', { ...creditsQuery(plan.windowFrom), per_page: 1 }), run.signal);
  const rows = page.pagination.total_entries;
  return { full, rows, pages: Math.max(1, Math.ceil(rows / PER_PAGE)) };
}

/**
 * The credit transactions: each page's body is read by the cache's writer, which stages a full
 * pass's clean page at once and holds any other for the step that stores it (../cache/cache-store.ts
 * `pages:readCredits`); only the page's facts come back here.
 */
async function credits(run: JobRun): Promise<void> {
  const { mode, windowFrom } = await creditsPlan(run.cache, run.full);
  try {
    await pagedJob(run, {
      path: '/v1/credits/',
      query: creditsQuery(windowFrom),
      mode,
      windowFrom,
      fetchPage: (url) => run.client.creditsPageReadElsewhere(url, (body, page, what) => run.cache.call('pages:readCredits', { body, page, what }), run.signal),
      // Pass numbers only grow, so a later full pass rewrites every row it still lists and removes the rest.
      writes: (page, pass) => [{ op: 'write:creditTransactions', args: { held: page.held, pass } }],
    });
  } finally {
    // Pages fetched ahead and never written (a cancel, a failure) are let go.
    await run.cache.call('pages:dropCredits').catch(() => undefined);
  }
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
  ...MIRROR_JOBS,
};
