/**
 * Per-job progress of a sync run (rows, pages, requests/min, ETA, last error, last success) and the
 * whole run's ETA: what is left of every job in requests (its current totals, or its previous pass's
 * size before it starts) times the seconds one of its requests takes (its pace in this run, else in
 * its previous pass, else that of a job of its kind in this run), plus the time a full credits pass
 * takes to publish its rows, never less than the rate limit allows.
 */
import type { OFFLINE_MIRROR_JOBS, SyncJobName, SyncJobStatus, SyncStatus } from '../../shared/contract';
import { PUBLISH_MIN_ROWS, type PublishTiming, type SyncCheckpoint } from '../cache/repositories/sync-state-repository';
import { REQUESTS_IN_FLIGHT } from '../api/request-pacer';
import { CREDITS_FULL_PASS_DAYS } from './sync-jobs';
import { markPages, pageTrend, type PageTrend, trendSeconds, trendWaited } from './page-trend';

/** A moment of a job's flow: when, its pages by then in this run, and its pauses by then: how long they stood still and how many (see STALL_MS). */
interface FlowMark {
  atMs: number;
  pages: number;
  /** Its pages answered by then (see answeredOf). */
  answered: number;
  stalledMs: number;
  stalls: number;
}

interface JobClock {
  startedAtMs: number | null;
  pagesThisRun: number;
  requestTimes: number[];
  /** When its last step was written (the pace of its requests is measured step by step). */
  lastStepMs?: number;
  /** Requests the job's previous pass took (its size before it starts in this run). */
  previousPages: number | null;
  /** Rows the job's previous pass listed. */
  previousRows: number | null;
  /** Seconds per request of the job's previous complete pass (from its checkpoint's start and success). */
  previousPace: number | null;
  /** Seconds per request of the job in this run (over its latest steps: see PACE_WINDOW_MS). */
  pace: number | null;
  /** Its latest steps since its filling or its young flow (see PACE_WINDOW_MS): when each was written, its pages and its pauses by then in this run. */
  steps: FlowMark[];
  /** Milliseconds its flow stood still in this run, beyond what its pages would have taken, and in how many pauses (see STALL_MS). */
  stalledMs: number;
  stalls: number;
  /** Seconds a page of its latest window took, its pauses left out (what a step's pages are due to take). */
  flowing?: number;
  /** `pace` is its first step's, its pipeline filling (replaced by the next step's). */
  paceFromFilling?: boolean;
  /** When its flow began (its first step, or a resume) and its pages, rows and pauses by then: its pace over all of it is what it lends its kind. */
  since?: FlowMark & { rows: number };
  /** Where its pauses are counted from (see flowPace): its flow's beginning, or where it went on after a taste. */
  pausesFrom?: FlowMark;
  /** When its first request in this run was sent. */
  firstRequestMs?: number;
  /**
   * Its young flow (see EXPECTATION_PAGES): the pace expected of it, the pages written since its
   * first step, and once its filling is in (FILLING_PAGES, mirrorWarmingItems when it is an offline
   * mirror job's warming, TASTE_WARMING_PAGES for a staged pass going on after its taste), when that
   * was and the pages since. After a warming,
   * its whole flow (`since`) begins where its flow does.
   */
  flow?: YoungFlow;
  /** A list's page time against its page numbers since its filling (or since it went on after a taste). */
  trend?: PageTrend;
  /**
   * Pages of a list answered in this run, when its runner tells them (see pageAnswered): its trend is then
   * marked as they are answered, not as they are written.
   */
  answers?: number;
  /** The job's pass is staged: its rows are published when its pages are written. */
  staged: boolean;
  /** When its publishing began (its pages all written). */
  publishingSinceMs?: number;
  /** Its publishing's latest step built (see publishingStep). */
  publishingBuilt?: { share: number; atMs: number };
  /** Requests one of its items or pages costs (a mirror dossier with this week's diff: two). */
  requestsPerItem: number;
  /** When it was set aside after a taste of its work (see setAside), until it goes on. */
  asideSinceMs?: number;
  /**
   * A list with nothing expected of it times its pace afresh once its pipeline has filled, at this
   * many pages of the run: the answers to its requests in flight may come in a burst after its first.
   * At ten times the default market the projects' first two pages came, then they were set aside while
   * the credits were tasted, and the 32 pages asked ahead came at once as they went on. Timed from
   * their first answer (the wait set aside), their 130th page read 61 ms a page where they flowed at
   * 77 ms, and the run's ETA 111 s with 137.8 s left.
   */
  fillingUntil?: number;
}

/** Where a job's flow stands at `atMs`. */
const markOf = (c: JobClock, atMs: number): FlowMark => ({ atMs, pages: c.pagesThisRun, answered: answeredOf(c), stalledMs: c.stalledMs, stalls: c.stalls });

/**
 * A job's pages of this run answered: those its runner told (see pageAnswered), else those written. A
 * list's pages are written in order, and one slow answer holds the answers after it until it comes:
 * at ten times the default market one projects page held 25 answered after it for 3 s, then the 31
 * were written at once. Timed by its written pages, the projects' time left read 105 s for 78 as
 * they were held and 72 s once written; timed by its answers, the flow is the service's. The pages
 * answered and not written are at most its read-ahead (job-run.ts): when the writer is the slower
 * side, the answers wait for it and flow at its pace.
 */
const answeredOf = (c: JobClock): number => Math.max(c.pagesThisRun, c.answers ?? 0);

interface YoungFlow {
  expected: number;
  /** Its filling is an offline mirror job's warming (mirrorWarmingItems), not a pipeline's (FILLING_PAGES). */
  warming: boolean;
  /** Pages that are its filling: the expected pace stands for them, and its flow is timed from there. */
  filling: number;
  /** Pages of its flow the expected pace counts as, after its filling (see EXPECTATION_PAGES). */
  weighs: number;
  filled: number;
  fromMs: number | null;
  pages: number;
  /** A staged pass's refill after its taste: when it began, and the taste's pace it was expected at (see REFILL_TIMED_PAGES). */
  refill?: { fromMs: number; tasted: number };
}

/**
 * A young flow expected at `expected`: after a pipeline's filling, weighed as EXPECTATION_PAGES of its
 * flow; after a warming of `warmingPages` (an offline mirror job's, `warming`: mirrorWarmingItems; a
 * pass's going on after its taste: TASTE_WARMING_PAGES), weighed as many pages as the warming. Fifty of
 * those are too few to time a flow by: 50 mirror items are 35 ms, two or three steps, one of which held
 * behind a commit reads as a slow flow; 50 credit pages after their warming, a tenth of a second, made
 * one run's ETA 102 s with 76.3 s left.
 */
const youngFlow = (expected: number, warming: boolean, warmingPages?: number): YoungFlow => ({
  expected,
  warming,
  filling: warmingPages ?? FILLING_PAGES,
  weighs: warmingPages ?? EXPECTATION_PAGES,
  filled: 0,
  fromMs: null,
  pages: 0,
});

/** The pages a list's trend is marked by: those answered when its runner tells them, else those written. */
const trendPages = (c: JobClock): number => c.answers ?? c.pagesThisRun;

/** A job's whole flow begins at `atMs` (`since`), and its pauses are counted from there. */
const flowBegins = (c: JobClock, atMs: number, rows: number): void => {
  c.since = { ...markOf(c, atMs), rows };
  c.pausesFrom = c.since;
};

/**
 * How a job's requests cost: pages of a list (many rows each), single answers, items fetched one by
 * one (country profiles), the offline mirror's items (small answers, many in flight).
 */
type JobKind = 'page' | 'single' | 'item' | 'mirror';
type OfflineMirrorJobName = (typeof OFFLINE_MIRROR_JOBS)[number];
const KIND: Record<SyncJobName, JobKind> = {
  keyInfo: 'single', projectTypes: 'single', forensicsLatest: 'single', projects: 'page', satellite: 'page', forensicsLegacy: 'page',
  credits: 'page', countries: 'item', projectDetails: 'mirror', boundaries: 'mirror', projectForensics: 'mirror', countryUpdates: 'mirror',
};
/** Seconds per request of a kind before any was measured in this run; replaced by the first measurement. */
const UNMEASURED_SECONDS: Record<Exclude<JobKind, 'mirror'>, number> = { page: 0.01, single: 0.05, item: 0.005 };
/**
 * Seconds per request of each offline mirror job before one of them was measured in this run: this
 * client's on loopback on a two-core machine, past its warming (below). The medians of twelve syncs
 * of the tenfold market: its 18,855 boundaries flowed at 0.149-0.175 ms each (median 0.16) past their
 * first 3,000, and its 7,087 dossiers, two requests each, took 0.52-0.63 ms an item in all (median
 * 0.55: 0.275 ms a request). The priors before (0.2 and 0.33 ms, measured before the pipeline sped
 * up) counted the whole mirror 8.7 s where it took 7.1-8.2, and made the run's ETA 9-11 s with
 * 6.3-8.1 s left as it began. The default market's 1,911 boundaries took 0.40-0.51 s and its 777
 * dossiers 0.51-0.61 s, most of them their warming up. Once a mirror job has flowed, the others are
 * expected at their priors times the ratio it showed to its own (`mirrorFactor`): a dossier costs
 * more than a boundary, on any machine. Before, never less than what the link allows
 * (linkSecondsPerRequest).
 *
 * The country profiles' pace, lent to the mirror before, is no measure of it: 51 profiles are
 * mostly their pipeline's filling, and took 0.74 ms a request where the mirror took 0.2-0.35.
 */
const MIRROR_PRIOR_SECONDS: Record<OfflineMirrorJobName, number> = { projectDetails: 0.0003, boundaries: 0.00016, projectForensics: 0.000275, countryUpdates: 0.0003 };
/**
 * Items of an offline mirror job that count as its filling (FILLING_PAGES, for a list): its first
 * items come while the code that asks for, checks and writes them (here and in the service) still
 * runs unoptimised, and they get faster slowly. The tenfold market's boundaries, in twelve syncs, ms
 * an item: 0.23-0.50 for their first 500, 0.24-0.42 for the next 500, 0.17-0.28 for the second
 * thousand, 0.17-0.24 for the third, then 0.14-0.19 to their end. Timed from their first thousand,
 * their flow read 0.26 ms an item where the rest took 0.15, and the run's ETA 8 s with 6.1 s left; taken
 * as the flow from their start, their first 188 made it 17 s with 7.9 s left. So its expected pace
 * stands for its first 3,000 items, and its flow is timed from there.
 */
const MIRROR_WARMING_ITEMS = 3000;
/**
 * The warming of an offline mirror job of `items` items (null: not sized): MIRROR_WARMING_ITEMS, or
 * half its items when it has fewer than twice that, so that its flow is timed and lent all the same
 * (the default market's 1,911 boundaries flowed at 0.11-0.22 ms an item past their first thousand).
 */
const mirrorWarmingItems = (items: number | null): number => Math.min(MIRROR_WARMING_ITEMS, Math.max(1, Math.ceil((items ?? Infinity) / 2)));
/**
 * What that warming costs beyond the items at their prior, once a run, on the first mirror job with
 * items due: the tenfold market's first 3,000 boundaries took 0.19-0.44 s (median 0.27) more than at
 * the pace of the rest. The jobs after it run warmer (the dossiers took 0.55-0.74 ms an item for
 * their first 500, 0.44-0.56 for their last thousand).
 */
const MIRROR_WARMING_SECONDS = 0.27;
/**
 * The share of its items an offline mirror job's flow holds before it lends its pace to the next (see
 * lend): a young flow swings. At ten times the default market the boundaries' first thousand items
 * after a warming of a thousand took 0.27 ms an item in one run, where the rest took 0.18; lent then,
 * they made the dossiers read 6.2 s for 3.7, and bench/sync's ETA 10 s with 6.3 s left. A quarter of
 * the items still lends early enough for a machine or link far slower than the priors.
 */
const MIRROR_LEND_SHARE = 0.25;
/**
 * How long publishing a full credits pass of `rows` rows takes at `pace`. Publishing sorts the rows
 * (eight index builds, the rollups' groupings), so its time grows as rows × log2(rows): on a two-core
 * machine a tenfold market took 1.23 times as long a row (7.0 µs against 5.7), where a pace per row
 * counted the publishing 4 s short and made the run's ETA 25% short as it began. A pace is kept per
 * row and per level of the sort, so one measured at one market's size predicts another's.
 */
export const publishSeconds = (rows: number, pace: number): number => rows * Math.log2(Math.max(2, rows)) * pace;
/** The pace of a publishing that took `seconds` for `rows` rows (see publishSeconds). */
export const paceOfPublishing = ({ rows, seconds }: PublishTiming): number => seconds / publishSeconds(rows, 1);
/**
 * The pace before this machine measured its own: the default demo market's publishing (533,118 rows)
 * on the reference machine (two cores, the client and the reference service on it, loopback), timed
 * as the sync waits for it: 2.30–2.31 s in three complete syncs. Replaced by the one the cache
 * remembers from its last full pass, then by this run's own. (Measured with an earlier client on a
 * slower machine, 3.35 s, it counted a first sync's publishing a second long.)
 */
export const DEFAULT_PUBLISH_PACE = paceOfPublishing({ rows: 533_118, seconds: 2.3 });
/**
 * Seconds a page of 200 credit transactions cost on the machine DEFAULT_PUBLISH_PACE was measured on,
 * the wire not the limit (fetch, parse, check, hand to the writer, append: 1.85–1.90 ms a page over
 * the default market's 2,666 pages, in the same three syncs): a credits pass's expected pace before
 * its pages are measured. At ten times that market the same machine wrote 2.1–2.2 ms a page.
 * (The earlier client's 3.1 ms counted the default market's pages 3.3 s long, for as long as the
 * projects before them ran: a whole-run ETA of 16–18 s with 12–13 s left, 35–42% too long.)
 */
export const REFERENCE_CREDIT_PAGE_SECONDS = 0.0019;
/**
 * A full pass's pages and its publishing are both this client's CPU work on the same cores. On a
 * faster two-core machine than the earlier reference, the default market's credit pages flowed at
 * 2.05–2.2 ms a page against 3.1 and its publishing took 2.2–2.4 s against 3.35 (3.35 s scaled by the
 * pages' pace: 2.2–2.4 s); at ten times that market, 2.2 ms a page and 28.9 s (scaled: 28.0 s, where
 * the unscaled default counted 39.4 s). So until this machine's publishing is measured, the default
 * is scaled by how much faster than the reference the pass's rows flow. Only ever down: rows that
 * flow slower may be the wire's doing (a distant service, a rate limit, a larger market's paging),
 * which says nothing of the publishing, done here once every page is in.
 * The reference is the fastest whole pass the machine the default was measured on flowed: 1.59 ms a
 * page, a tenfold market's once the request pacer made up for late timers (the default market's
 * passes flow at 1.94–2.3 ms there). From the 1.9 ms of REFERENCE_CREDIT_PAGE_SECONDS, tenfold passes
 * that flowed at 1.59–1.81 ms counted their publishing 23–26 s for 26.6–28.2, and a run's ETA read
 * 12 s with 16.3 s left as it ended.
 */
export const PUBLISH_REFERENCE_PAGE_SECONDS = 0.0016;
const REFERENCE_ROW_SECONDS = PUBLISH_REFERENCE_PAGE_SECONDS / 200;
/**
 * The projects' indexes and search entries rebuilt after their pass from empty, as the reference
 * machine of DEFAULT_PUBLISH_PACE would take them: `seconds` for `rows` rows, growing as the rows to the
 * power REBUILD_GROWTH. A first sync's publishing has no pace of this machine's to go by, and the
 * rebuild is the same kind of work (sorting keys into new indexes, in the cache's writer), done before
 * the credits go on (a minute before the publishing at ten times the default market): on a two-core
 * machine whose credits publishing took 1.22 times the reference's at the default market (2.77-2.84 s
 * for 2.3) and 1.26 times at ten times it (33.6 and 34.5 s for 27.0), the rebuild took 0.086-0.089 s
 * for 11,659 projects and 1.60-1.73 s for 116,590.
 * Divided by those factors, the reference's: 0.072 s and 1.32 s, a growth of 10^1.27 for ten times
 * the rows (a trigram search index grows faster than its rows). There the default counted the
 * tenfold publishing 27 s for 35-37, and the run's ETA read 30 s with 42.3 s left as it began (28%).
 * The projects' filter columns index (one index more, two fewer) made the rebuild 1.13 times as long
 * (the same projects rebuilt three times each way: 1.57-1.66 -> 1.79-1.86 s for 116,590, 0.100 ->
 * 0.113 s for 11,659), so the reference's is 1.13 times 0.072 s.
 */
const REBUILD_REFERENCE = { rows: 11_659, seconds: 0.081 };
const REBUILD_GROWTH = 1.27;
/** A smaller rebuild is mostly fixed costs (milliseconds): it says nothing of the machine's speed. */
const REBUILD_MIN_ROWS = 5_000;
/** A rebuild shorter than this counts only as the rows' flow bears it out (see rebuildFactor). */
const REBUILD_MIN_SECONDS = 0.5;
/** What a publishing that outlasts its estimate is still counted for, as a share of that estimate (at most a second). */
const PUBLISHING_OVERRUN_SHARE = 0.1;
/**
 * Once a publishing has told a share of its work done (publishingStep), its whole is timed by it as
 * well: the seconds to that step ÷ that share, blended with the estimate, which weighs as
 * PUBLISHING_ESTIMATE_SHARE of the work left (so nothing once it is all but done). Two tenfold
 * publishings recorded step by step, both estimated at 27 s: one on a slow spell of the machine took
 * 31.8 s (the run's ETA read 8 s with 13.9 s left 26 s into it, 39%), and its steps timed it at 31.7 s
 * from the first; the other took 28.7 s, and its first two steps, quicker than their share, timed it
 * at 24.7-25.9 s. Their time left as the steps came, beyond the half second of rounding: within 5%
 * and 12% blended so; 0% and 15% timed by the steps alone; 88% and 25% by the estimate.
 */
const PUBLISHING_ESTIMATE_SHARE = 0.1;
/**
 * How far this machine's speed may be taken from its publishing (see machineFactor) either way: a
 * publishing held up by something else (a laptop asleep) says little of the work after it.
 */
const MACHINE_FACTOR_LIMIT = 4;
/** `value` kept within `limit` times `around`, either way. */
const withinFactor = (value: number, around: number, limit: number): number => Math.min(around * limit, Math.max(around / limit, value));
const withinMachineLimits = (factor: number): number => withinFactor(factor, 1, MACHINE_FACTOR_LIMIT);
/**
 * A job's pace when something measured what to expect of it (its previous pass, or the service's
 * answer to its size). Its first FILLING_PAGES pages after its first step still come as its
 * requests in flight are answered: a credits pass's came one at a time, 1-16 ms apart (about 5 ms a
 * page, against 2.4 ms later on), and its second step's single page, taken as the pace, showed
 * 20-32 s for 15 s left. So the expectation stands for those pages. After them, it counts as
 * EXPECTATION_PAGES pages of evidence: the pace is it and the flow's own (its seconds ÷ its pages
 * since) blended by their pages, until the flow outweighs it.
 */
const FILLING_PAGES = REQUESTS_IN_FLIGHT;
const EXPECTATION_PAGES = 50;

/**
 * A job's flow is timed over its latest steps: the pages written since the newest step that is at
 * least PACE_WINDOW_MS old and PACE_WINDOW_PAGES pages back (or since its filling). The writer's
 * steps are uneven (one page, then twenty that waited behind a commit): an average weighted per step
 * swung with them, and showed 18-25 s with 14 s left early in a credits pass. Replayed on recorded
 * syncs, the credits pages' own ETA was off by 27% (p90) weighted per step, 11% over the latest
 * steps (25% and 4% at 10x). The pages count for slow pages: at 10x the market's projects pages take 0.1-0.3 s
 * each, and two seconds of them (a step or two behind a checkpoint) made the run's ETA 748 s with
 * 216 s left; a hundred pages back, the projects' own ETA was no worse than before (p90 45%,
 * against 82%).
 */
const PACE_WINDOW_MS = 2000;
const PACE_WINDOW_PAGES = 100;
/**
 * A step that comes STALL_MS or more after the one before, and STALL_FACTOR times what its pages take
 * at the job's pace, is a pause of the flow (a server's garbage collection, a lock, a Retry-After):
 * the time beyond its pages' is not timed as theirs. Timed as theirs, it weighs on the window's pace
 * for as long as the window holds it: a 3 s pause with 3.5 s of dossiers left reads as 9 s left. Two
 * bench/sync runs showed such a jump for a moment (6 s shown with 4.3 s left as the default market's
 * mirror began; 9 s with 3.5 s left as a tenfold market's ended); what paused there was not caught
 * (traced item by item, the default market's mirror flowed with no gap over 8 ms). Pauses still
 * count, at the rate the flow met them (see flowPace): a service that pauses every few seconds for a
 * Retry-After slows the ETA as much as it slows the sync, once seen a few times.
 * What a step is due is the time of its pages, or of the REQUESTS_IN_FLIGHT pages asked together
 * before it if more: a server that answers its requests side by side answers them together. The
 * tenfold market's projects (0.1 s of the service's work a page, 32 in flight) came 32 pages one at a
 * time, then, after about 3 s, 30 at once, over and over; timed by its own page, each of those waits
 * was set apart as a pause, the page trend timed without them found no growth, and the projects read
 * 20 s left for 45.
 */
const STALL_MS = 500;
const STALL_FACTOR = 10;
const STALL_PRIOR_SECONDS = 10;
/**
 * What a staged pass's taste (a credits pass's first pages) is counted at, as a share of its pace: a
 * pass's first pages are its slowest. In five recorded first syncs of the tenfold market the credits'
 * first 1,500 pages after their taste flowed at 2.1–2.3 ms a page and their last 14,000 at 1.5–1.95
 * (the reference service warms up as well: asked alone, eight pages at a time, 1.5–1.6 ms a page at
 * first and 1.3 from the 3,000th). Their tastes of 150 pages read 2.0–2.5 ms a page; their whole flows
 * after them took 0.64–0.91 of that (median 0.83). Counted at their tastes' pace, the credits read
 * 80–93 s for 70–79 s, and one run's ETA 110 s with 76.5 s left as the projects ended (43%).
 * Going on, its first TASTE_WARMING_PAGES pages are still warming: they are its refill, for which the
 * warmed taste's pace stands, and its flow is timed from their end (timed as its flow, they made the
 * credits read 84–98 s for 70.5 as they went on, and the run's ETA 106 s with 78.1 s left).
 */
const TASTE_WARMED_SHARE = 0.8;
const TASTE_WARMING_PAGES = 1500;
/**
 * How much slower, or faster, than expected (its previous pass's pace, or the one it was sized with:
 * the reference machine's page, or its round trip shared by the pages in flight for a far server) a
 * staged pass's taste may count it. A taste is the pass's start, and how much slower than its flow a
 * start runs is not the same from one machine to the next: on a second two-core machine the tenfold
 * market's tastes of 150 pages read 3.0-3.9 ms a page and the whole flows after them took 1.6-1.8 ms
 * (0.42-0.55 of their tastes, against 0.64-0.91 above), where the expected page was 1.9 ms. Counted
 * at 0.8 of their tastes, the credits read 100-120 s for 77-81 s through the projects' 90 s, and the
 * run's ETA 115 s with 84.9 s left as they ended (35%). Limited so, the worst of four such runs
 * replayed was 16-18% (33% on a slow spell, at its end). A pass truly slower than the limit (a server
 * slow to build each page, which its one-row sizing page does not show) is counted short until it
 * goes on and its own flow is timed.
 * The other way: 150 pages are a hundred-and-eightieth of that pass, tasted beside the projects'
 * first pages. A later bench there tasted them at 1.8 ms a page (counted at 1.44) where they flowed at
 * 1.6-1.8: with the projects counted short too, the run's ETA read 111 s with 137 s left (19%).
 */
const TASTE_PACE_LIMIT = 1.2;
/**
 * Pages of a staged pass's refill after its taste (TASTE_WARMING_PAGES) from which it is timed: from
 * there, timed from its going on (its pipeline's refill included), a refill faster than its taste's
 * pace stands for it instead. A refill is a pass's slowest stretch after its start: it never says the
 * pass is slower than its taste (on the reference machine it ran slower, and the taste's pace stood);
 * faster, it says the taste counted the pass slow. On the second two-core machine the tenfold market's
 * credits were counted at the limit above (2.28 ms a page) and refilled at 1.9 ms: they read 92 s for
 * 76.8 as they went on, and the run's ETA 101 s with 85.3 s left (18%).
 */
const REFILL_TIMED_PAGES = 100;

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
  /** Seconds per request of the job of each kind measured last in this run (its pace ÷ its requests per item); not for the mirror. */
  private readonly pace = new Map<Exclude<JobKind, 'mirror'>, number>();
  /** The last mirror job's pace per request in this run ÷ its prior (null: none measured yet). */
  private mirrorFactor: number | null = null;
  /** A mirror job of this run is past its warming (see MIRROR_WARMING_SECONDS). */
  private mirrorWarmed = false;
  /** This machine's publishing pace, as the cache's last full pass or this run measured it (null: not yet). */
  private measuredPublishPace: number | null = null;
  /** The projects' indexes and search entries as this run rebuilt them after a pass from empty (see rebuildFactor). */
  private rebuild: PublishTiming | null = null;
  /**
   * The link's shortest round trip shared by the requests in flight (seconds; 0 until known): the
   * least an offline mirror request can be expected to take before one is measured (a far server).
   */
  linkSecondsPerRequest = 0;
  /** A step of some job was written in this run (until then its ETA is unknown). */
  private answered = false;
  /** The run asked for full passes. */
  fullRequested = false;
  private readonly now: () => number;

  constructor(
    private readonly names: readonly SyncJobName[],
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    for (const job of names) {
      this.jobs.set(job, { job, state: 'idle', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0 });
      // A credits job with no checkpoint yet makes its first pass: a full one, staged.
      this.clocks.set(job, { startedAtMs: null, pagesThisRun: 0, requestTimes: [], previousPages: null, previousRows: null, previousPace: null, pace: null, steps: [], stalledMs: 0, stalls: 0, staged: job === 'credits', requestsPerItem: 1 });
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
    const c = this.clocks.get(j.job)!;
    // A pass that just began has no totals yet: what the previous one measured stays.
    c.previousPages = cp.total_pages ?? c.previousPages;
    c.previousRows = cp.total_rows ?? c.previousRows;
    const took = cp.started_at && cp.last_success_at ? (Date.parse(cp.last_success_at) - Date.parse(cp.started_at)) / 1000 : NaN;
    if (cp.total_pages && took > 0) c.previousPace = took / cp.total_pages;
    // A credits pass in progress goes on in its mode; a new one is full when asked for or when the last full pass is a week old.
    if (j.job === 'credits') {
      const lastFull = cp.last_full_success_at ? Date.parse(cp.last_full_success_at) : null;
      c.staged = cp.cursor ? cp.mode === 'full' : this.fullRequested || lastFull === null || this.now() - lastFull > CREDITS_FULL_PASS_DAYS * 86_400_000;
    }
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
    const c = this.clocks.get(name)!;
    if (c.asideSinceMs !== undefined) {
      this.goOn(c);
      return;
    }
    c.startedAtMs = this.now();
    c.pagesThisRun = 0;
    c.firstRequestMs = undefined;
    c.lastStepMs = c.startedAtMs;
    c.flow = undefined;
    c.trend = undefined;
    c.answers = undefined;
    c.steps = [];
  }

  request(name: SyncJobName): void {
    const c = this.clocks.get(name)!;
    const now = this.now();
    c.requestTimes.push(now);
    if (c.pagesThisRun === 0 && c.firstRequestMs === undefined) c.firstRequestMs = now;
    // A job's first pace is timed from its first request: what it did before (the offline mirror
    // asks the cache what is due) is no page's time. Counted in, 20 mirror items whose query took
    // half a second made a 2-second job look like a 22-second one.
    if (c.pagesThisRun === 0 && c.lastStepMs === c.startedAtMs) c.lastStepMs = now;
  }

  /**
   * A page of list `name` was answered. Its pages are written in order, so one answer the service
   * kept waiting holds back those after it: at ten times the default market the projects' answers
   * came one every 110-130 ms, but one in about thirty came seconds late, and the pages were written
   * one at a time, then nothing for 3 s, then thirty at once. Marked as written, the trend's stretches
   * of ten pages swung from nothing to three times the page time, and its growth was found in some
   * runs and not in others; marked as answered, they follow the service. Only its first answer is
   * its pipeline's filling (it waited a round trip; those after it were queued at the service), so
   * its trend is marked from its second answer on, not from the end of a filling as written pages
   * are: at ten times the default market the projects' trend was fitted about 30 pages (3-4 s) sooner,
   * through the part of the run its first tenth ends in.
   */
  pageAnswered(name: SyncJobName): void {
    const c = this.clocks.get(name)!;
    if (KIND[name] !== 'page') return;
    c.answers = (c.answers ?? 0) + 1;
    c.trend ??= pageTrend(c.answers + 1);
    markPages(c.trend, c.answers, this.now());
  }

  /**
   * What a job not yet started will fetch (asked before it starts): its size in the whole run's ETA,
   * and the seconds one of its requests is expected to take when its previous pass does not say.
   */
  expect(name: SyncJobName, requests: number, rows: number | null = null, secondsPerRequest: number | null = null): void {
    const c = this.clocks.get(name)!;
    if (this.job(name).state === 'running') return;
    c.previousPages = requests;
    if (rows !== null) c.previousRows = rows;
    if (secondsPerRequest !== null && c.previousPace === null) c.previousPace = secondsPerRequest;
  }

  /**
   * Requests one of the job's items costs on average (known from what is due): a job of its kind
   * measured before it lends its pace per request. A mirror dossier with this week's diff is two
   * requests, one after the other, where a boundary is one: timed at the boundaries' pace per item,
   * the dossiers of a first sync counted as half their time (1 s shown with 2.1 s left).
   */
  itemRequests(name: SyncJobName, requestsPerItem: number): void {
    if (Number.isFinite(requestsPerItem) && requestsPerItem > 0) this.clocks.get(name)!.requestsPerItem = requestsPerItem;
  }

  /**
   * The job stops and waits, queued, while other jobs run: a long job while later ones are tasted, or
   * (`afterTaste`) a tasted one; it goes on later in this run (begin). Its pace stands meanwhile: a
   * taste is what the run's ETA counts it by, and a staged pass's taste at TASTE_WARMED_SHARE of its
   * pace, never above TASTE_PACE_LIMIT times what was expected of it.
   */
  setAside(name: SyncJobName, afterTaste = false): void {
    this.job(name).state = 'queued';
    const c = this.clocks.get(name)!;
    c.asideSinceMs = this.now();
    if (afterTaste && c.staged && c.pace !== null) {
      const expected = c.previousPace;
      const tasted = (pace: number) => (expected === null ? pace : withinFactor(pace, expected, TASTE_PACE_LIMIT));
      c.pace = tasted(c.pace * TASTE_WARMED_SHARE);
      if (c.flowing !== undefined) c.flowing = tasted(c.flowing * TASTE_WARMED_SHARE);
    }
  }

  /**
   * A job set aside goes on: its clock moves on by the time it waited, so no page is timed across that
   * wait. Its pipeline starts again, so its first pages come as a filling's do: the pace of its taste
   * stands for them, and then for EXPECTATION_PAGES of the flow after them (as a sized job's does).
   * Only a taste's pace (PACE_WINDOW_PAGES pages or more): the long job that waited for the tastes
   * stopped after a few pages (four of the tenfold market's projects, whose pages then slow down as
   * the service sorts deeper), too few to hold its pace through the next eighty.
   * Timed as flow, that refill counted a tenfold market's 7,068 dossiers (two requests each) long as
   * they went on: a recorded run showed their time left go from 14.4 s to 17.8 s there, for 16.3 s, and
   * bench/sync's worst came there, 20 s shown for the run with 16.1 s left (21%).
   */
  private goOn(c: JobClock): void {
    const gap = this.now() - c.asideSinceMs!;
    c.asideSinceMs = undefined;
    if (c.startedAtMs !== null) c.startedAtMs += gap;
    if (c.lastStepMs !== undefined) c.lastStepMs += gap;
    if (c.firstRequestMs !== undefined) c.firstRequestMs += gap;
    for (const s of c.steps) s.atMs += gap;
    if (c.since) c.since = { ...c.since, atMs: c.since.atMs + gap };
    // What paused its taste (a tenfold market's credits tasted behind the projects' pages at the
    // service) ended with the job it waited for: its flow without those pauses is what it expects.
    if (c.pace !== null && c.pagesThisRun >= PACE_WINDOW_PAGES) {
      c.flow = youngFlow(c.flowing ?? c.pace, false, c.staged ? TASTE_WARMING_PAGES : undefined);
      if (c.staged) c.flow.refill = { fromMs: this.now(), tasted: c.flow.expected };
      c.fillingUntil = undefined;
    }
    else if (c.flow && c.flow.fromMs !== null) c.flow.fromMs += gap;
    c.pausesFrom = markOf(c, this.now());
    if (c.trend && c.answers !== undefined) {
      // Marked by its answers, its trend goes on: the wait since its last answer is no page's time.
      // Marked afresh (as written pages are), the tenfold projects' trend was fitted only from about
      // their 170th page, 20 s into the run; kept, its error over the run's first 10-30% averaged
      // 3.6-4.4% where it was 4.3-6.0% (14.9% and 19.4% on a slow spell), in four recorded runs.
      const last = c.trend.marks.at(-1);
      if (last) trendWaited(c.trend, this.now() - last.ms);
    } else if (c.trend) {
      // Its page times are marked afresh from its refill on (its clock jumped by the wait).
      c.trend = pageTrend(trendPages(c) + FILLING_PAGES);
    }
  }

  /** The run goes on after a pause: the time paused is no page's, so every job's flow is timed afresh from now. */
  resumed(): void {
    const now = this.now();
    for (const [name, c] of this.clocks) {
      if (c.lastStepMs !== undefined) c.lastStepMs = now;
      c.steps = [];
      if (c.since) c.since = { ...markOf(c, now), rows: this.job(name).rows };
      if (c.pausesFrom) c.pausesFrom = c.since;
      // A job paused before its end is not timed whole (see finish).
      c.firstRequestMs = undefined;
      if (c.trend) c.trend = pageTrend(trendPages(c));
      // A job set aside waits from now on (its clock was just moved to now).
      if (c.asideSinceMs !== undefined) c.asideSinceMs = now;
    }
  }

  /** Every page of the job is written: what is left is its completion (a staged pass's publishing). */
  publishing(name: SyncJobName): void {
    this.clocks.get(name)!.publishingSinceMs = this.now();
  }

  /** The publishing of job `name` has done `share` of its work (see PublishingStep). */
  publishingStep(name: SyncJobName, share: number): void {
    const c = this.clocks.get(name)!;
    if (c.publishingSinceMs === undefined || !(share > 0)) return;
    c.publishingBuilt = { share: Math.min(1, share), atMs: this.now() };
  }

  /** A projects pass from empty had its indexes and search entries rebuilt: `rows` rows in `seconds`. */
  indexesRebuilt(timing: PublishTiming): void {
    this.rebuild = timing;
  }

  /** This machine's publishing as a previous run measured it: its pace is used until this run measures its own. */
  publishPace(last: PublishTiming): void {
    this.measuredPublishPace = paceOfPublishing(last);
  }

  /** The publishing of a staged pass took `seconds` for `rows` rows: later estimates use this machine's pace. */
  published(name: SyncJobName, rows: number, seconds: number): void {
    const c = this.clocks.get(name)!;
    // Only a staged pass's completion measures the publishing (other jobs' completions are quick bookkeeping).
    if (c.staged && rows >= PUBLISH_MIN_ROWS) this.measuredPublishPace = paceOfPublishing({ rows, seconds });
    c.staged = false;
  }

  page(name: SyncJobName, rows: number, totals: { rows?: number | null; pages?: number | null }, pages = 1): void {
    const j = this.job(name);
    const c = this.clocks.get(name)!;
    j.rows += rows;
    j.pages += pages;
    if (totals.rows !== undefined && totals.rows !== null) j.totalRows = totals.rows;
    if (totals.pages !== undefined && totals.pages !== null) j.totalPages = totals.pages;
    const firstStep = c.pagesThisRun === 0;
    c.pagesThisRun += pages;
    this.answered = true;
    const now = this.now();
    // The pace of this kind of request: the seconds per page of its latest steps (see PACE_WINDOW_MS).
    if (pages > 0 && c.lastStepMs !== undefined && now > c.lastStepMs) {
      const step = (now - c.lastStepMs) / 1000 / pages;
      // A pause in the flow (see STALL_MS): what it waited beyond its pages' time is set apart.
      // Not while its pipeline fills (its first answers come a round trip after they are asked).
      const refilling = c.flow !== undefined && c.flow.fromMs === null;
      // Its pages in flight may be answered side by side, the first of them as late as all of them: a
      // wait as long as they take (ten times) is no pause.
      const pageMs = c.pace === null || firstStep || refilling ? null : (c.flowing ?? c.pace) * 1000;
      const waitedMs = now - c.lastStepMs;
      if (pageMs !== null && waitedMs >= STALL_MS && waitedMs >= STALL_FACTOR * pageMs * Math.max(pages, REQUESTS_IN_FLIGHT)) {
        c.stalledMs += waitedMs - pageMs * pages;
        c.stalls += 1;
      }
      c.steps.push(markOf(c, now));
      // On the clock, pauses and all: the trend's median sees through a pause, and a wait taken for one
      // that was none (answers that came together) would hide the growth.
      if (c.trend && c.answers === undefined) markPages(c.trend, c.pagesThisRun, now);
      while (c.steps.length > 2 && c.steps[1]!.atMs <= now - PACE_WINDOW_MS && c.pagesThisRun - c.steps[1]!.pages >= PACE_WINDOW_PAGES) c.steps.shift();
      const from = c.steps[0]!;
      const paced = from.atMs < now ? this.flowPace(c, from, now) : null;
      if (paced) c.flowing = paced.flowing;
      const windowPace = paced?.pace ?? step;
      // A job's first step in a run is its pipeline filling, not its flow: its requests were sent
      // together and the first answer came a whole round trip later, so its pages read as slower
      // than they flow (a mirror job of 1,911 items showed 12 s with 2.5 s left, and 2 s at its next
      // step). Filling only ever makes a step slower: a first step faster than what was expected of
      // the job says the expectation is too slow and stands in for the flow until the next step,
      // which replaces it; a slower one cannot tell. A one-request job's single answer is its pace.
      const filling = firstStep && KIND[name] !== 'single';
      const alwaysExpected = this.mirrorAlwaysExpected(name);
      const flow = this.holding(c) ? c.flow! : null;
      if (flow) {
        if (flow.fromMs === null) {
          flow.filled += pages;
          // A refill that flows faster than its taste is counted at says the taste counts it slow.
          const refill = flow.refill;
          if (refill && flow.filled >= REFILL_TIMED_PAGES && now > refill.fromMs) {
            flow.expected = Math.min(refill.tasted, (now - refill.fromMs) / 1000 / flow.filled);
          }
          if (flow.filled >= flow.filling) {
            flow.fromMs = now;
            // The flow's pages are timed from here, and so is the window that follows it (and after a
            // warming, what the job lends: the dossiers counted at the boundaries' warming read 7.8 s for 4.6).
            c.steps = [markOf(c, now)];
            if (flow.warming) {
              flowBegins(c, now, j.rows);
              this.mirrorWarmed = true;
            }
          }
        } else {
          flow.pages += pages;
        }
        if (flow.fromMs === null || flow.pages === 0) {
          c.pace = flow.expected;
        } else {
          const w = Math.min(1, flow.pages / flow.weighs);
          // The window starts where the flow does (fewer pages than it keeps).
          c.pace = flow.expected * (1 - w) + windowPace * w;
        }
        c.paceFromFilling = false;
        this.lend(name, c, now);
      } else if (!filling || (!alwaysExpected && step < this.expectedPace(name))) {
        c.pace = c.pace === null || c.paceFromFilling ? step : windowPace;
        c.paceFromFilling = filling;
        this.lend(name, c, now);
      }
      // A measured expectation (a previous pass's pace, the one it was sized with, or for the offline
      // mirror its prior, scaled as an earlier mirror job of this run showed) stands for
      // EXPECTATION_PAGES pages of the flow that follows the filling, unless the filling already beat
      // it (never for the mirror: see mirrorAlwaysExpected). A mirror job's items in flight are answered in a burst
      // after its first: taken as its flow, the dossiers showed 1 s with 2 s left.
      if (filling && c.pace === null && (c.previousPace !== null || alwaysExpected)) {
        const mirror = KIND[name] === 'mirror';
        c.flow = youngFlow(this.expectedPace(name), mirror, mirror ? mirrorWarmingItems(j.totalPages) : undefined);
      }
    }
    if (firstStep) {
      flowBegins(c, now, j.rows);
      if (KIND[name] === 'page') {
        c.trend ??= pageTrend(trendPages(c) + FILLING_PAGES);
        if (!c.flow) c.fillingUntil = c.pagesThisRun + FILLING_PAGES;
      }
    } else if (c.fillingUntil !== undefined && c.pagesThisRun >= c.fillingUntil) {
      // Its pipeline filled: its pace is timed from here on.
      c.steps = [markOf(c, now)];
      c.fillingUntil = undefined;
    }
    c.lastStepMs = now;
    const left = this.requestsLeft(name);
    j.etaSeconds = left === null ? null : Math.round(this.secondsFor(name, left));
  }

  /**
   * Seconds a page of the job's flow since `from`: `flowing`, its pauses set apart (see STALL_MS),
   * and `pace`, those pauses counted back at the rate its flow met them: the time they took over the
   * flow's own time since its beginning (or since it went on after its taste: `pausesFrom`), plus
   * STALL_PRIOR_SECONDS shared by the pauses seen (one pause says little of how often they come;
   * fifty say it well).
   */
  private flowPace(c: JobClock, from: FlowMark, now: number): { flowing: number; pace: number } {
    const flowing = (now - from.atMs - (c.stalledMs - from.stalledMs)) / 1000 / Math.max(1, answeredOf(c) - from.answered);
    const since = c.pausesFrom ?? from;
    const stalled = (c.stalledMs - since.stalledMs) / 1000;
    if (stalled <= 0) return { flowing, pace: flowing };
    const flowed = Math.max(0, (now - since.atMs) / 1000 - stalled);
    return { flowing, pace: flowing * (1 + stalled / (flowed + STALL_PRIOR_SECONDS / (c.stalls - since.stalls))) };
  }

  /**
   * The pace per request a job lends the jobs of its kind that have not started: over its whole flow
   * once that holds PACE_WINDOW_PAGES pages, else its own. Its latest steps serve its own time left;
   * lent to a longer job after it they carried their swings over (at 10x the boundaries' latest steps
   * swung between 1.1 and 1.5 ms a request, and the 16.5 s of dossiers after them were counted as
   * 16 to 21 s).
   */
  private lend(name: SyncJobName, c: JobClock, now: number): void {
    // An offline mirror job lends its whole flow after its warming, once that holds MIRROR_LEND_SHARE
    // of its items.
    const kind = KIND[name];
    if (kind === 'mirror') {
      const flow = c.flow && c.flow.fromMs !== null ? this.wholeFlow(name, c, now) : null;
      if (flow && flow.pages >= MIRROR_LEND_SHARE * (this.job(name).totalPages ?? 0)) {
        this.mirrorFactor = flow.seconds / flow.pages / c.requestsPerItem / MIRROR_PRIOR_SECONDS[name as OfflineMirrorJobName];
      }
      return;
    }
    // While an expectation stands for the job, what it lends is its pace blended with it.
    const flow = this.holding(c) ? null : this.wholeFlow(name, c, now);
    const perRequest = (flow ? flow.seconds / flow.pages : c.pace!) / c.requestsPerItem;
    this.pace.set(kind, perRequest);
  }

  /** Whether the job's expected pace still stands for its young flow (see EXPECTATION_PAGES). */
  private holding(c: JobClock): boolean {
    return c.flow !== undefined && c.flow.pages < c.flow.weighs;
  }

  /** A job's flow from its beginning (`since`) to `atMs`, once it holds PACE_WINDOW_PAGES pages (else null). */
  private wholeFlow(name: SyncJobName, c: JobClock, atMs: number): { seconds: number; pages: number; rows: number } | null {
    if (!c.since || atMs <= c.since.atMs) return null;
    const pages = c.pagesThisRun - c.since.pages;
    return pages >= PACE_WINDOW_PAGES ? { seconds: (atMs - c.since.atMs) / 1000, pages, rows: this.job(name).rows - c.since.rows } : null;
  }

  /**
   * An offline mirror job always has an expected pace (its prior, or as an earlier mirror job of
   * this run measured it: see MIRROR_PRIOR_SECONDS): its first step is its burst of items in flight,
   * answered together by a service that had been idle while the credits were published (at ten
   * times the default market 24 boundaries came at 0.9 ms each, where their flow took 1.7 ms, and the
   * run's ETA read 30 s for 53 s left). That burst never stands for the job's pace: the expected one
   * does, as for a job sized ahead, through its warming up (mirrorWarmingItems).
   */
  private mirrorAlwaysExpected(name: SyncJobName): boolean {
    return KIND[name] === 'mirror';
  }

  /**
   * The pace a staged pass of job `name` will publish at: this machine's when measured; else the
   * default at the machine's speed as its projects' rebuild showed it in this run (rebuildFactor);
   * else the default, scaled down once the pass's own rows flow faster than the reference machine's
   * did (over at least PACE_WINDOW_PAGES pages of its flow; see REFERENCE_ROW_SECONDS).
   */
  private publishPaceOf(name: SyncJobName): number {
    if (this.measuredPublishPace !== null) return this.measuredPublishPace;
    const rebuilt = this.rebuildFactor();
    if (rebuilt !== null) return DEFAULT_PUBLISH_PACE * rebuilt;
    const rows = this.rowsFactor(name, this.clocks.get(name)!);
    return rows === null ? DEFAULT_PUBLISH_PACE : DEFAULT_PUBLISH_PACE * Math.min(1, rows);
  }

  /** Requests left of a job: its totals when known, else its previous pass's size (null: unknown). */
  private requestsLeft(name: SyncJobName): number | null {
    const j = this.job(name);
    const c = this.clocks.get(name)!;
    if (j.state === 'done' || j.state === 'failed' || j.state === 'cancelled' || j.state === 'unsupported' || j.state === 'idle') return 0;
    // Its pages answered and not written yet cost only their writing (see answeredOf).
    if (j.totalPages !== null && (j.state === 'running' || j.state === 'paused' || j.pages > 0)) return Math.max(0, j.totalPages - j.pages - (answeredOf(c) - c.pagesThisRun));
    if (c.previousPages !== null) return Math.max(0, c.previousPages - j.pages);
    return KIND[name] === 'single' ? 1 : null;
  }

  /**
   * Seconds per request of a job before its own flow is measured in this run: its previous pass's
   * pace, else that of the last job of its kind, else its kind's default. Items are not pages (a
   * page's pace says nothing of theirs); an offline mirror job's is its prior, scaled as an earlier
   * mirror job of this run showed its own, else never less than the link allows (MIRROR_PRIOR_SECONDS).
   */
  private expectedPace(name: SyncJobName): number {
    const kind = KIND[name];
    const c = this.clocks.get(name)!;
    if (c.previousPace !== null) return c.previousPace;
    if (kind === 'mirror') {
      const prior = MIRROR_PRIOR_SECONDS[name as OfflineMirrorJobName];
      return c.requestsPerItem * (this.mirrorFactor !== null ? prior * this.mirrorFactor : Math.max(prior * this.machineFactor(), this.linkSecondsPerRequest));
    }
    const borrowed = kind === 'page' || kind === 'single' ? this.pace.get('page') : undefined;
    return c.requestsPerItem * (this.pace.get(kind) ?? borrowed ?? UNMEASURED_SECONDS[kind]);
  }

  private secondsFor(name: SyncJobName, requests: number): number {
    const c = this.clocks.get(name)!;
    const measured = c.pace ?? this.expectedPace(name);
    const state = this.job(name).state;
    const pending = state === 'queued' || state === 'running' || state === 'paused';
    const estimate = c.staged && pending ? publishSeconds(this.publishingRows(name), this.publishPaceOf(name)) : 0;
    // Once it began, what is left of it; while it lasts longer than estimated, a tenth of the
    // estimate (at most a second): it ends soon. A whole second there made a default-market run's
    // ETA 6 s with 4.5 s left, as its 2.3 s publishing ran 0.1 s over. And no more than the share
    // its steps have not told yet: after its last step (98% of it) a default-market publishing
    // ended 0.09 s later, where a tenth of its estimate, 0.28 s, read the run's ETA 2 s with 1.2 s left.
    const timed = this.publishingSeconds(c, estimate);
    const overrun = Math.min(1, estimate * PUBLISHING_OVERRUN_SHARE, (1 - (c.publishingBuilt?.share ?? 0)) * timed);
    const publishing = c.publishingSinceMs === undefined ? estimate : Math.max(overrun, timed - (this.now() - c.publishingSinceMs) / 1000);
    return requests * measured + this.trendLeft(name, c, requests) + publishing + this.warmingLeft(name);
  }

  /** The rows a staged pass of job `name` publishes: its totals, else its previous pass's. */
  private publishingRows(name: SyncJobName): number {
    return this.job(name).totalRows ?? this.clocks.get(name)!.previousRows ?? 0;
  }

  /** A publishing under way timed whole: its estimate, then as its steps show it (see PUBLISHING_ESTIMATE_SHARE). */
  private publishingSeconds(c: JobClock, estimate: number): number {
    const built = c.publishingBuilt;
    if (!built || c.publishingSinceMs === undefined) return estimate;
    const timed = (built.atMs - c.publishingSinceMs) / 1000 / built.share;
    return estimate + (built.share / (built.share + PUBLISHING_ESTIMATE_SHARE * (1 - built.share))) * (timed - estimate);
  }

  /**
   * How much slower than the reference machine this one does the client's own work now (below 1:
   * faster), as its publishing shows it: this run's, timed by its steps while under way, else as the
   * last one measured it (this run's or, from the cache, the previous full pass's); before any, as
   * the projects' rebuild of this run showed it (rebuildFactor); else 1.
   * The offline mirror's priors were measured there, on loopback, where the client's and the
   * service's work is all there is: on a slow spell of the same machine a tenfold market's publishing
   * took 30.3 s for 27 and the mirror after it 10.1 s for 7.2, where on fast spells the mirror took
   * 7.1-8.2 s; over 27 recorded syncs the mirror's time followed its publishing's (correlation 0.72),
   * and counted from it the mirror was off by at most 18% where its priors alone were off by 21%.
   */
  private machineFactor(): number {
    let pace = this.measuredPublishPace;
    for (const [name, c] of this.clocks) {
      const rows = this.publishingRows(name);
      if (!c.staged || !c.publishingBuilt || rows < PUBLISH_MIN_ROWS) continue;
      // This publishing's pace: its length as its steps time it against its estimate.
      pace = paceOfPublishing({ rows, seconds: this.publishingSeconds(c, publishSeconds(rows, this.publishPaceOf(name))) });
    }
    if (pace === null) return this.rebuildFactor() ?? 1;
    return withinMachineLimits(pace / DEFAULT_PUBLISH_PACE);
  }

  /**
   * How much slower than the reference machine this one rebuilt the projects' indexes and search
   * entries in this run, after their pass from empty (see REBUILD_REFERENCE); null when it did not.
   * A rebuild shorter than REBUILD_MIN_SECONDS is timed by its pauses as much as by its work: at the
   * default market it takes about 0.1 s, and a pause of 50 ms in it (a collection, another process)
   * would count the publishing and the offline mirror half as long again. Such a rebuild counts only
   * once a staged pass's rows have flowed (flowFactor), and never for more than they show, nor less
   * than 1 by them (rows slower than the rebuild may be the wire's doing: a distant service, a rate
   * limit). Replaying a complete sync recorded at the default market with its rebuild 1.5, 2 and 2.5
   * times as long, the run's ETA was 42%, 93% and 145% too long as the publishing began (6, 8 and 10
   * s shown, 3.9 s left) with the rebuild taken whole; 21% so, where the rebuild as recorded gives
   * 18% either way. A tenfold market's rebuild (1.6-1.9 s) is taken whole, as before.
   */
  private rebuildFactor(): number | null {
    const r = this.rebuild;
    if (!r || r.rows < REBUILD_MIN_ROWS || !(r.seconds > 0)) return null;
    const rebuilt = withinMachineLimits(r.seconds / (REBUILD_REFERENCE.seconds * (r.rows / REBUILD_REFERENCE.rows) ** REBUILD_GROWTH));
    if (r.seconds >= REBUILD_MIN_SECONDS) return rebuilt;
    const flow = this.flowFactor();
    return flow === null ? null : Math.min(rebuilt, Math.max(1, flow));
  }

  /** How much slower than the reference machine's a staged pass's rows flow in this run (rowsFactor); null before. */
  private flowFactor(): number | null {
    for (const [name, c] of this.clocks) {
      const rows = c.staged ? this.rowsFactor(name, c) : null;
      if (rows !== null) return rows;
    }
    return null;
  }

  /**
   * How much slower than the reference machine's job `name`'s rows flow in this run (see
   * REFERENCE_ROW_SECONDS), over at least PACE_WINDOW_PAGES pages of its flow; null before.
   */
  private rowsFactor(name: SyncJobName, c: JobClock): number | null {
    const flow = c.lastStepMs === undefined ? null : this.wholeFlow(name, c, c.lastStepMs);
    return flow && flow.rows > 0 ? flow.seconds / flow.rows / REFERENCE_ROW_SECONDS : null;
  }

  /**
   * What the pages left of a list take beyond their count at its window's pace, as its page time
   * grows (page-trend.ts): never more than that count takes (a page time at most doubling).
   */
  private trendLeft(name: SyncJobName, c: JobClock, left: number): number {
    if (!c.trend || c.pace === null || this.holding(c) || c.steps.length === 0) return 0;
    return Math.min(left * c.pace, trendSeconds(c.trend, left, answeredOf(c) - c.steps[0]!.answered));
  }

  /** What is left of the offline mirror's warming, counted on job `name` (see MIRROR_WARMING_SECONDS). */
  private warmingLeft(name: SyncJobName): number {
    if (this.mirrorWarmed || KIND[name] !== 'mirror') return 0;
    const first = this.names.find((n) => KIND[n] === 'mirror' && (this.requestsLeft(n) ?? 0) > 0);
    if (first !== name) return 0;
    const flow = this.clocks.get(name)!.flow;
    return MIRROR_WARMING_SECONDS * this.machineFactor() * (1 - Math.min(1, flow?.warming ? flow.filled / flow.filling : 0));
  }

  /** Jobs still to do whose size is not known yet: the run's ETA cannot count them (they are named beside it). */
  private unsized(): SyncJobName[] {
    if (this.state !== 'running' && this.state !== 'paused') return [];
    return this.names.filter((name) => this.requestsLeft(name) === null);
  }

  /** The whole run's ETA (see the module's comment); null until a request was answered. */
  private runEta(): number | null {
    if (this.state !== 'running' && this.state !== 'paused') return this.state === 'done' ? 0 : null;
    if (!this.answered) return null;
    let seconds = 0;
    let requests = 0;
    for (const name of this.names) {
      const left = this.requestsLeft(name);
      if (left === null) continue; // never ran here and not sized yet: counted once it is
      seconds += this.secondsFor(name, left);
      requests += left;
    }
    const floor = this.rateLimitPerMinute ? (requests * 60) / this.rateLimitPerMinute : 0;
    return Math.round(Math.max(seconds, floor));
  }

  finish(name: SyncJobName, state: SyncJobStatus['state'], error: { code: string; message: string } | null, rows?: number): void {
    const j = this.job(name);
    j.state = state;
    if (rows !== undefined) j.rows = rows;
    if (state === 'done') {
      if (KIND[name] === 'mirror' && j.pages > 0) this.mirrorWarmed = true;
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
    const now = this.now();
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
      unfitValues: jobs.reduce((n, j) => n + j.unfitValues, 0),
      etaSeconds: this.runEta(),
      etaLeavesOut: this.unsized(),
    };
  }
}
