/** Types of the app's own (non-service) state that cross the contract. */

export type ConnectionKind = 'demo' | 'service';

export interface Connection {
  id: string;
  name: string;
  kind: ConnectionKind;
  /** Base URL of the service; for the demo, filled once its child process is up. */
  baseUrl: string | null;
  /** Where the API key is kept: never the key itself. */
  keyStorage: 'keychain' | 'safe-storage' | 'session' | 'none';
  createdAt: string;
}

/** A service that stopped without being asked and was started again (the built-in demo service). */
export interface ServiceRestart {
  /** Which service, in words ("The built-in demo service"). */
  service: string;
  stoppedAt: string;
  /** Why it stopped, in words ("it exited with code 1", "its process was killed"). */
  reason: string;
  restartedAt: string;
}

export interface ConnectionStatus {
  connectionId: string | null;
  /**
   * reachable: the service answers; offline: a request or the connection probe could not reach it;
   * unauthorized: 401/403. Follows every request's outcome and the probe, not only a sync.
   */
  state: 'unknown' | 'starting' | 'reachable' | 'offline' | 'unauthorized';
  message: string | null;
  checkedAt: string | null;
  /** The connection's service stopped on its own and was restarted (the demo), since the app started; else null. */
  restarted: ServiceRestart | null;
}

/**
 * Every count of forensic entries a screen shows, from one definition (forensics.counts): what the
 * service said it has, what of it the cache holds in the latest feed, and what in projects' dossiers.
 */
export interface ForensicCounts {
  /** The service's own counters, as its latest feed gave them when it was last fetched (all categories); null before that. */
  service: { entries: number; new_this_week: number; week: number; year: number; fetched_at: string } | null;
  /** The latest feed's entries held in the cache: the service's newest (`category`: of that category only). */
  feed: { entries: number; new_this_week: number; projects: number; category: string | null };
  /**
   * Entries held in the cached dossiers (GET forensics/v2/{project}), and the projects they cover;
   * `from_legacy` counts those the service built from legacy (v1) analyses, part of the totals.
   */
  dossiers: { projects: number; entries: number; new_this_week: number; from_legacy: { projects: number; entries: number } };
}

/** What an on-demand fetch of one project did. */
export interface ProjectRefresh {
  /** The parts fetched: project, boundary, forensics, country. */
  fetched: string[];
  /** Each part that failed: `part: code: reason` (the reason in words). */
  errors: string[];
  /** The outcome in one or two sentences for the person who asked, or null when every part was fetched. */
  message: string | null;
}

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  host: 'electron' | 'web' | 'cli';
  connection: Connection | null;
  status: ConnectionStatus;
}

export const SYNC_JOBS = [
  'keyInfo',
  'projectTypes',
  'forensicsLatest',
  'satellite',
  'forensicsLegacy',
  'projects',
  'countries',
  'credits',
  'projectDetails',
  'boundaries',
  'projectForensics',
  'countryUpdates',
] as const;
export type SyncJobName = (typeof SYNC_JOBS)[number];
/** The offline mirror's jobs: item by item, what the lists point at. */
export const OFFLINE_MIRROR_JOBS = ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'] as const satisfies readonly SyncJobName[];

export interface SyncJobStatus {
  job: SyncJobName;
  /** `unsupported`: the service does not offer this resource (learnt from its API document or a 404 on the collection). */
  state: 'idle' | 'queued' | 'running' | 'paused' | 'done' | 'failed' | 'cancelled' | 'unsupported';
  rows: number;
  totalRows: number | null;
  pages: number;
  totalPages: number | null;
  requestsPerMinute: number;
  /** Seconds this job has left while it is to run or running (0 once done); null while its size is not known yet. */
  etaSeconds: number | null;
  lastError: { code: string; message: string; at: string } | null;
  lastSuccessAt: string | null;
  /** Items of this job's latest pass that could not be stored (no usable identity): see `sync.dataIssues`. */
  skippedItems: number;
  /** Values of this job's latest pass that did not fit their field (stored as null, kept as sent): see `sync.dataIssues`. */
  unfitValues: number;
}

/** An item a server sent that could not be stored, and why. */
export interface SkippedItem {
  /** The page it was on (paged lists), else null. */
  page: number | null;
  /** Its position in the page or array (0-based). */
  position: number;
  /** Whatever identifies it for a reader (an id or project id it did carry), else null. */
  ref: string | null;
  /** The field that made it unusable (`(item)` when it is not an object). */
  field: string;
  reason: string;
  /** The item's JSON, shortened. */
  excerpt: string;
}

/** A skipped item as the cache remembers it: which job met it, and when. */
export interface SkippedItemRecord extends SkippedItem {
  job: string;
  seen_at: string;
}

/**
 * A value a server sent that did not fit its field (a string where a number belongs, a date that is
 * not one): the item is stored with the field null, and the value is kept as sent in its extra fields.
 */
export interface UnfitValue {
  /** The page it was on (paged lists), else null. */
  page: number | null;
  /** The item's position in the page or array (0-based). */
  position: number;
  /** The item's id (or project id), else null. */
  ref: string | null;
  /** The field whose value did not fit. */
  field: string;
  /** What the field takes, in words. */
  reason: string;
  /** The value as sent (JSON), shortened. */
  excerpt: string;
}

/** What `sync.dataIssues` lists: items skipped (no usable identity) and values that did not fit their field. */
export const DATA_ISSUE_KINDS = ['skipped', 'unfit'] as const;
export type DataIssueKind = (typeof DATA_ISSUE_KINDS)[number];

/** A skipped item or an unfit value as the cache remembers it: which job met it, and when. */
export interface DataIssue {
  kind: DataIssueKind;
  job: string;
  page: number | null;
  position: number;
  ref: string | null;
  field: string;
  reason: string;
  /** The item's JSON (skipped) or the value as sent (unfit), shortened. */
  excerpt: string;
  seen_at: string;
}

export interface SyncStatus {
  /** The connection whose sync this is (null only before any connection exists). */
  connectionId: string | null;
  /**
   * Increases with every status the back end produces, so a reader that receives an answer and an
   * event out of order keeps the newer one.
   */
  revision: number;
  state: 'idle' | 'running' | 'paused' | 'done' | 'failed' | 'cancelled';
  startedAt: string | null;
  finishedAt: string | null;
  jobs: SyncJobStatus[];
  rateLimitPerMinute: number | null;
  lastError: { code: string; message: string; at: string } | null;
  /** Items of the jobs' latest passes that could not be stored, in all. */
  skippedItems: number;
  /** Values of the jobs' latest passes that did not fit their field (kept as sent), in all. */
  unfitValues: number;
  /**
   * Seconds until the whole run is done: for each job still to run or running, its pages (or items)
   * left ÷ its rate (measured in this run, else its last completed pass's, else a default; never
   * above the rate limit), plus a full credits pass's publishing (src/main/sync/sync-eta.ts); null
   * until the run's first step is written.
   */
  etaSeconds: number | null;
  /**
   * Jobs of the run still to do whose size is not known yet, which etaSeconds therefore leaves out: on
   * a first sync, a list whose service gives no total until it is read, and the offline mirror until
   * the lists that decide it are in. Empty once every job is sized.
   */
  etaLeavesOut: SyncJobName[];
}

/** What a check of the update feed found (desktop app only). */
export interface UpdateCheck {
  /**
   * `unavailable`: this build or host has no update feed; `up-to-date`; `available`: a newer version
   * is downloading; `downloaded`: installed on the next restart; `error`: the feed could not be read.
   */
  state: 'unavailable' | 'up-to-date' | 'available' | 'downloaded' | 'error';
  currentVersion: string;
  latestVersion: string | null;
  message: string;
}

export interface CacheInfo {
  path: string;
  sizeBytes: number;
  tables: Record<string, number>;
  lastSyncAt: string | null;
  /** How much of each resource is held offline, per resource in sync order. */
  coverage: ResourceCoverage[];
  mirror: MirrorPlan;
}

/** What the offline mirror fetches item by item (after the list jobs). */
export const MIRROR_RESOURCES = ['boundary', 'dossier', 'detail', 'countryUpdates'] as const;
export type MirrorResource = (typeof MIRROR_RESOURCES)[number];
/** 'everything': every item the cache knows of; 'watchlist': watched items (and their countries) only. */
export type MirrorScope = 'everything' | 'watchlist';

/** One resource's offline coverage. */
export interface ResourceCoverage {
  /** A list job ('projects', 'credits', …) or a mirror resource ('boundary', 'dossier', …). */
  resource: string;
  /** The sync job that fills it. */
  job: SyncJobName;
  label: string;
  /** Items held (rows for a list; fetched items, found or none, for the mirror). */
  cached: number;
  /** Items the service has (its total for a list; what the cache's signals point at for the mirror); null when unknown. */
  known: number | null;
  /** Mirror: items the service answered 404 for ("the service has none"). */
  none: number;
  /** The service does not offer this resource. */
  notOffered: boolean;
  lastSuccessAt: string | null;
  /** Bytes its tables take in the cache file (null when the SQLite build cannot tell). */
  bytes: number | null;
  /** Mirror: seconds the items still due take at the key's allowance (null without a rate limit or when none is due). */
  etaSeconds: number | null;
}

/** The mirror's scope and what each scope would cost at the current key's allowance. */
export interface MirrorPlan {
  scope: MirrorScope;
  rateLimitPerMinute: number | null;
  estimates: Record<MirrorScope, { items: number; due: number; requests: number; seconds: number | null; bytes: number }>;
}

export type WatchKind = 'project' | 'buyer' | 'country';

/** One watched item with its name and how fresh its cached data is. */
export interface WatchItem {
  kind: WatchKind;
  id: string;
  name: string | null;
  added_at: string;
  /** When its data was last fetched (the newest of its mirror items, or its list's last sync). */
  fetched_at: string | null;
  /** Whether the cache holds it at all (a watched project the service no longer lists: false). */
  cached: boolean;
}

/** Error as it crosses the contract: a stable code the UI explains, and a sentence. */
export interface ContractErrorBody {
  code: string;
  message: string;
  details?: unknown;
  retryAfterSeconds?: number;
}

/** What the change log records. */
export const CHANGE_KINDS = [
  'projects_new', 'projects_changed', 'projects_gone', 'credit_transactions_new', 'forensic_entries_new', 'memos_changed',
  'satellite_changed', 'country_updates_new', 'countries_changed', 'holdings_flagged', 'signals_new', 'signals_resolved',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One line of the change log: a discrete change, or new credit transactions of one project, buyer and type. */
export interface ChangeEntry {
  /** Stable within the log: `c<id>` for a discrete change, `t<run>:<project>:<buyer>:<type>` for a credit group. */
  key: string;
  run_id: number;
  detected_at: string;
  kind: ChangeKind;
  project_id: string | null;
  project_name: string | null;
  /** credit_transactions_new: the harmonized buyer ('' for none). */
  buyer: string | null;
  /** A country name (projects) or ISO code (country changes). */
  country: string | null;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  ref: string | null;
  summary: string;
  /** credit_transactions_new: how many, their volume (tCO2e) and type. */
  transactions: number | null;
  quantity: number | null;
  transaction_type: string | null;
  /** Whether it concerns a watched project, buyer or country. */
  watched: boolean;
}

export interface ChangeSummary {
  /** The start of the period counted (ISO datetime); null when nothing was synced yet. */
  since: string | null;
  /** The runs counted (first and last run id). */
  runs: { from: number; to: number } | null;
  counts: Record<ChangeKind, number> & { credit_volume_new: number };
  /** Changes of watched items in the period. */
  watched: number;
  /**
   * The period holds the cache's first sync: it is the baseline (it recorded the market as it was,
   * logging no changes), finished at this time. Null when the period starts after it, or no sync finished yet.
   */
  baseline: { finishedAt: string } | null;
}

/** Totals of the projects a filter matches (the projects table's totals strip). */
export interface ProjectTotals {
  projects: number;
  issued: number;
  retired: number;
  unretired: number;
  countries: number;
  registries: number;
}

/** The project filters whose values a facet lists. */
export type ProjectFacetKey = 'registry' | 'category' | 'country' | 'project_type' | 'certifications';

/**
 * For each enumerated project filter, the values present in the cache and the projects each would
 * list with the OTHER active filters (its own left out): what choosing it would show. Largest first.
 */
export type ProjectFacets = Record<ProjectFacetKey, Array<{ value: string; projects: number }>>;

/** Totals of the credit transactions a filter matches (the transactions table's totals strip). */
/** The transactions of one type and the credits they move (tCO2e; a transaction without a quantity counts, adding 0). */
export interface CreditTypeTotal {
  transactions: number;
  quantity: number;
}

/**
 * Totals of a filtered set of credit transactions. Volumes are kept per transaction type: an
 * issuance adds supply, a retirement and a cancellation take credits out of it, so their quantities
 * are never added into one number.
 */
export interface CreditTotals {
  transactions: number;
  /** Distinct parent projects and distinct buyers (harmonized names, ignoring case). */
  projects: number;
  buyers: number;
  issued: CreditTypeTotal;
  retired: CreditTypeTotal;
  cancelled: CreditTypeTotal;
  /** Types other than issuance, retirement and cancellation (a value the service sent that Carbon Desk does not know, or none), as sent, most transactions first. */
  other_types: Array<{ transaction_type: string | null } & CreditTypeTotal>;
  /** Issued and retired volume per vintage (newest first); unretired = issued − retired. */
  by_vintage: Array<{ vintage: number | null; issued: number; retired: number }>;
}

/**
 * Credits issued and retired in one year (of the transaction dates) by the projects of one category
 * (charts.categoryByYear). `year` is null for transactions without a date.
 */
export interface CategoryYearPoint {
  year: number | null;
  category: string;
  issued: number;
  retired: number;
}
