/**
 * The offline mirror: after the list jobs, these jobs fetch item by item what the lists only point
 * at — every boundary whose satellite metrics say it exists, every forensic dossier (with this week's
 * diff) of a project the feeds name, each project's detail where the list carries no clips, and
 * every country's policy updates. The cache says what is due (`read:mirrorTargets`: not fetched, or
 * fetched for an older signal; watched items first; the whole market or the watchlist only, as the
 * user chose), so a later sync fetches only what is new or changed, and a resumed pass continues
 * with what is still due. Each item is written with its mirror record in ONE step.
 *
 * One item's trouble (a malformed answer, a server error after retries) is recorded as a skipped
 * item and the job goes on; it stays due for the next sync. What stops every request (a refused
 * key, offline, a long rate limit, cancel) and a resource the service does not offer stop the job.
 */
import type { MirrorResource, OFFLINE_MIRROR_JOBS, SyncJobName } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { FATAL_CODES } from '../api/api-errors';
import type { CacheWrite } from '../cache/cache-protocol';
import type { MirrorTarget } from '../cache/repositories/mirror-repository';
import { currentIsoWeek } from '../market-today';
import { begin, itemsInOrder, type JobRun, type Step, step } from './job-run';

export const COUNTRY_UPDATES_LIMIT = 100;

type ItemRun = Pick<JobRun, 'client' | 'signal'>;

/** A job of the offline mirror. */
export type OfflineMirrorJob = (typeof OFFLINE_MIRROR_JOBS)[number];

/** Errors after which no other item can succeed: the job stops with them. */
const STOPPING_CODES = new Set([...FATAL_CODES, 'not_offered', 'rate_limited_until', 'offline', 'timeout', 'cache_error', 'cache_schema_changed', 'foreign_next_page']);

const mirrored = (resource: MirrorResource, id: string, signal: string | null, found: boolean): CacheWrite => ({
  op: 'write:mirrorItem', args: { resource, id, signal, outcome: found ? 'found' : 'none' },
});

export async function projectDetailStep(run: ItemRun, projectId: string, signal: string | null = null): Promise<Step> {
  const { value: project, skipped, unfit } = await run.client.project(projectId, run.signal);
  return {
    writes: [...(project ? [{ op: 'write:projectDetail' as const, args: { project } }] : []), mirrored('detail', projectId, signal, Boolean(project))],
    rows: project ? 1 + project.clips.length : 0,
    skipped,
    unfit,
  };
}

export async function boundaryStep(run: ItemRun, projectId: string, signal: string | null = null): Promise<Step> {
  const boundary = await run.client.boundary(projectId, run.signal);
  return { writes: [{ op: 'write:boundary', args: { projectId, boundary } }, mirrored('boundary', projectId, signal, Boolean(boundary))], rows: boundary ? 1 : 0 };
}

/** A project's dossier (unless only this week's diff is due) and this week's diff (when the dossier exists). */
export async function projectForensicsStep(run: ItemRun, projectId: string, due: Pick<MirrorTarget, 'signal' | 'dossier' | 'diff'> = { signal: null }): Promise<Step> {
  const writes: CacheWrite[] = [];
  let rows = 0;
  let found = true;
  const skipped: Step['skipped'] = [];
  const unfit: Step['unfit'] = [];
  if (due.dossier ?? true) {
    const taken = await run.client.projectForensics(projectId, run.signal);
    found = Boolean(taken.value);
    skipped.push(...taken.skipped);
    unfit.push(...taken.unfit);
    writes.push({ op: 'write:projectForensics', args: { projectId, forensics: taken.value } }, mirrored('dossier', projectId, due.signal, found));
    // A dossier's rows are its forensic entries (what every screen counts of forensics); its memo and diff are not entries.
    rows += taken.value ? taken.value.entries.length : 0;
  }
  if (found && (due.diff ?? true)) {
    const week = currentIsoWeek();
    const diff = await run.client.forensicDiff(projectId, week, run.signal);
    writes.push({ op: 'write:forensicDiff', args: { projectId, year: week.year, week: week.week, diff } });
  }
  return { writes, rows, skipped, unfit };
}

/** A country's profile (404 recorded as "the service has none"). */
export async function countryProfileStep(run: ItemRun, code: string): Promise<Step> {
  const { value: profile, skipped, unfit } = await run.client.country(code, run.signal);
  return { writes: [{ op: 'write:countryProfile', args: { code, profile } }], rows: profile ? 1 : 0, skipped, unfit };
}

/** A country's policy updates (404: the service has none for it). */
export async function countryUpdatesStep(run: ItemRun, code: string, signal: string | null = null): Promise<Step> {
  const updates = await run.client.countryUpdates(code, COUNTRY_UPDATES_LIMIT, run.signal);
  return {
    writes: [{ op: 'write:countryUpdates', args: { code, updates: updates?.items ?? [] } }, mirrored('countryUpdates', code, signal, Boolean(updates))],
    rows: updates?.items.length ?? 0,
    skipped: updates?.skipped ?? [],
    unfit: updates?.unfit ?? [],
  };
}

/** The country of a project: its profile and updates (the on-demand refresh of one project). */
export async function countryOfProjectStep(run: Pick<JobRun, 'client' | 'signal' | 'cache'>, projectId: string): Promise<Step & { code: string | null }> {
  const code = await run.cache.call('read:projectCountry', { projectId });
  if (!code) return { writes: [], rows: 0, code: null };
  const profile = await countryProfileStep(run, code);
  const updates: Step = profile.rows ? await countryUpdatesStep(run, code) : { writes: [], rows: 0 };
  return {
    writes: [...profile.writes, ...updates.writes],
    rows: profile.rows + updates.rows,
    skipped: [...(profile.skipped ?? []), ...(updates.skipped ?? [])],
    unfit: [...(profile.unfit ?? []), ...(updates.unfit ?? [])],
    code,
  };
}

/**
 * One mirror resource: its due items fetched ahead and written in order (itemsInOrder), each with its
 * mirror record. The cursor counts items done in this pass (for progress); what is due is the cache's
 * answer, so a resumed pass continues with what is left.
 */
async function mirrorJob(run: JobRun, resource: MirrorResource, fetchItem: (t: MirrorTarget) => Promise<Step>): Promise<void> {
  const cp = await begin(run, 'full', { index: 0 });
  if (cp.cursor?.done) return;
  const before = cp.cursor?.index ?? 0;
  const due = await run.cache.call('read:mirrorTargets', { resource, week: currentIsoWeek() });
  const total = before + due.length;
  if (due.length === 0) {
    await step(run, { writes: [], rows: 0, pages: 0 }, null, { pages: total });
    return;
  }
  await itemsInOrder(
    run,
    { from: 0, to: due.length },
    (i) => fetchItem(due[i]!),
    (s, next) => step(run, s, next < due.length ? { index: before + next } : null, { pages: total }),
    (err, i) => {
      if (!(err instanceof ContractError) || STOPPING_CODES.has(err.code) || run.signal.aborted) throw err;
      // This item only: recorded, left due for the next sync; the job goes on.
      const item = due[i]!;
      run.log(`${resource} ${item.id}: ${err.code}: ${err.message}`);
      return { writes: [], rows: 0, skipped: [{ page: null, position: before + i, ref: item.id, field: '(item)', reason: `${err.code}: ${err.message}`, excerpt: '' }] };
    },
  );
}

/** The mirror jobs and the resource each fetches. */
const MIRROR_RESOURCE = { projectDetails: 'detail', boundaries: 'boundary', projectForensics: 'dossier', countryUpdates: 'countryUpdates' } as const satisfies Record<OfflineMirrorJob, MirrorResource>;

/** Requests an item due costs: a dossier and this week's diff are two, one after the other (one when only either is due). */
export const requestsOf = (t: Pick<MirrorTarget, 'dossier' | 'diff'>): number => (t.dossier === undefined ? 1 : Math.max(1, Number(t.dossier) + Number(t.diff ?? false)));

/**
 * The list jobs whose rows decide what each mirror job has due (`read:mirrorTargets`; watched items
 * count at any time): once they are in, the mirror job can be sized.
 */
export const MIRROR_DECIDED_BY: Record<OfflineMirrorJob, readonly SyncJobName[]> = {
  projectDetails: ['projects'],
  boundaries: ['satellite'],
  projectForensics: ['forensicsLatest', 'forensicsLegacy'],
  countryUpdates: ['countries'],
};

/**
 * How many items each of the mirror jobs `jobs` has due now (what its next pass will fetch, as the
 * cache knows it), and the requests they cost.
 */
export async function mirrorDue(cache: JobRun['cache'], jobs: readonly OfflineMirrorJob[]): Promise<Array<{ job: OfflineMirrorJob; items: number; requests: number }>> {
  const week = currentIsoWeek();
  return Promise.all(
    jobs.map(async (job) => {
      const due = await cache.call('read:mirrorTargets', { resource: MIRROR_RESOURCE[job], week });
      return { job, items: due.length, requests: due.reduce((n, t) => n + requestsOf(t), 0) };
    }),
  );
}

export const MIRROR_JOBS: Record<OfflineMirrorJob, (run: JobRun) => Promise<void>> = {
  projectDetails: (run) => mirrorJob(run, 'detail', (t) => projectDetailStep(run, t.id, t.signal)),
  boundaries: (run) => mirrorJob(run, 'boundary', (t) => boundaryStep(run, t.id, t.signal)),
  projectForensics: (run) => mirrorJob(run, 'dossier', (t) => projectForensicsStep(run, t.id, t)),
  countryUpdates: (run) => mirrorJob(run, 'countryUpdates', (t) => countryUpdatesStep(run, t.id, t.signal)),
};
