/** What each sync job fetches, in the user's words, and how far along a job is. */
import { OFFLINE_MIRROR_JOBS, type SyncJobName, type SyncJobStatus, type SyncStatus } from '../../../../shared/contract';
import { etaWords } from '../../../../shared/eta-words';
import { formatDateTime } from '../../components/format';

export const SYNC_JOB_LABELS: Record<SyncJobName, { label: string; detail: string }> = {
  keyInfo: { label: 'API key', detail: 'Plan tier and rate limit of the key' },
  projectTypes: { label: 'Project types', detail: 'The project-type taxonomy' },
  projects: { label: 'Projects', detail: 'Every project with its news clips' },
  forensicsLatest: { label: 'Forensic feed', detail: 'The latest AI forensic news entries' },
  countries: { label: 'Country profiles', detail: 'Policy profiles of the countries of cached projects (watched first)' },
  satellite: { label: 'Satellite metrics', detail: 'Integrity score, risk level and forest loss per project' },
  forensicsLegacy: { label: 'Legacy forensics', detail: 'v1 forensic analyses (deprecated endpoint)' },
  credits: { label: 'Credit transactions', detail: 'Issuances, retirements and cancellations' },
  projectDetails: { label: 'Project details', detail: 'For offline use, one project at a time: its page with news clips, fetched only when the service\'s project list leaves the news out' },
  boundaries: { label: 'Boundaries', detail: 'For offline use, one project at a time: the boundary map of every project whose satellite metrics say it has one' },
  projectForensics: { label: 'Forensic dossiers', detail: 'For offline use, one project at a time: forensic findings, memo and this week\'s changes of every project the forensic feeds name' },
  countryUpdates: { label: 'Country updates', detail: 'For offline use, one country at a time: the policy updates of every country with a profile' },
};

/** Share done, 0..1, from rows (preferred) or pages; null when the total is not known yet. */
export function jobFraction(job: SyncJobStatus): number | null {
  // (a resource the service does not offer is complete: there is nothing to fetch)
  if (job.state === 'done' || job.state === 'unsupported') return 1;
  // a job waiting its turn has not started, whatever totals its last run left, unless its pass is
  // under way (resumed after a crash or a cancel)
  if (job.state === 'idle' || (job.state === 'queued' && job.pages === 0)) return null;
  if (job.totalRows != null && job.totalRows > 0) return Math.min(1, job.rows / job.totalRows);
  if (job.totalPages != null && job.totalPages > 0) return Math.min(1, job.pages / job.totalPages);
  if (job.totalRows === 0 || job.totalPages === 0) return job.state === 'running' ? 0 : 1;
  return null;
}

/** The jobs whose resources the service does not offer, by label ("Buyers", "Satellite metrics"). */
export function notOfferedLabels(status: SyncStatus): string[] {
  return status.jobs.filter((j) => j.state === 'unsupported').map((j) => SYNC_JOB_LABELS[j.job].label);
}

/** A duration: 75 -> "1 min 15 s", 3700 -> "1 h 2 min"; null -> "—" (a time left is said in words: etaWords). */
export function formatEta(seconds: number | null): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h} h${m ? ` ${m} min` : ''}`;
}

/** A run shorter than this shows its start and finish to the second: minutes alone would read the same. */
const SHORT_RUN_SECONDS = 600;

/** The start and finish of a sync run as date-times, with seconds when the run (so far) is short. */
export function runTimes(startedAt: string | null | undefined, finishedAt: string | null | undefined, now: Date = new Date()): { started: string; finished: string } {
  const start = startedAt ? Date.parse(startedAt) : Number.NaN;
  const end = finishedAt ? Date.parse(finishedAt) : now.getTime();
  const seconds = Number.isFinite(start) && Number.isFinite(end) && end - start < SHORT_RUN_SECONDS * 1000;
  return { started: formatDateTime(startedAt, { seconds }), finished: formatDateTime(finishedAt, { seconds }) };
}

/** Jobs an ETA leaves out, in words, by their labels; every job of the offline mirror as "the offline mirror". */
export function jobsInWords(names: readonly SyncJobName[]): string {
  const mirror = OFFLINE_MIRROR_JOBS.every((n) => names.includes(n));
  const words = names
    .filter((n) => !mirror || !(OFFLINE_MIRROR_JOBS as readonly string[]).includes(n))
    .map((n) => SYNC_JOB_LABELS[n].label)
    .map((l) => (/^[A-Z][a-z]/.test(l) ? l[0]!.toLowerCase() + l.slice(1) : l));
  if (mirror) words.push('the offline mirror');
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A running job's time left in its row: in words, or "sizing…" while its size is not known yet. */
export function jobLeft(job: SyncJobStatus): string {
  if (job.state !== 'running') return '—';
  return job.etaSeconds == null ? 'sizing…' : etaWords(job.etaSeconds);
}

/**
 * What is left of a running or paused sync, in words: the whole run's ETA, that it is still being
 * estimated, or that it waits for Resume; and the jobs it cannot count yet (`leavesOut`: being sized).
 */
export function runLeft(state: 'running' | 'paused', etaSeconds: number | null, leavesOut: readonly SyncJobName[] = []): string {
  const notCounting = leavesOut.length ? `, not counting ${jobsInWords(leavesOut)} (sizing…)` : '';
  if (state === 'paused') {
    // Nothing moves while paused: the estimate is the work left, timed at the pace before the pause.
    return etaSeconds == null || etaSeconds < 1 ? 'paused; Resume goes on where it stopped' : `paused; ${etaWords(etaSeconds)} of work left${notCounting}`;
  }
  if (etaSeconds == null) return 'running… (estimating the time left)';
  if (etaSeconds < 1) return leavesOut.length ? `running… (sizing ${jobsInWords(leavesOut)})` : 'running… (finishing)';
  return `running… ${etaWords(etaSeconds)} left${notCounting}`;
}

export type SyncAction = 'start' | 'pause' | 'resume' | 'cancel';

/** Which controls make sense in a sync state. */
export function allowedActions(state: SyncStatus['state'] | undefined): Record<SyncAction, boolean> {
  const running = state === 'running';
  const paused = state === 'paused';
  return { start: !running && !paused, pause: running, resume: paused, cancel: running || paused };
}

/** Overall progress: the sum of known totals (jobs with unknown totals are left out). */
export function overallFraction(status: SyncStatus): number | null {
  const active = status.jobs.filter((j) => j.state !== 'idle');
  if (active.length === 0) return null;
  const fractions = active.map((j) => (j.state === 'queued' ? (jobFraction(j) ?? 0) : jobFraction(j)));
  if (fractions.every((f) => f == null)) return null;
  return fractions.reduce<number>((a, b) => a + (b ?? 0), 0) / active.length;
}
