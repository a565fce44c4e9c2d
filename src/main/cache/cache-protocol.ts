/**
 * The cache worker's protocol, typed end to end: every operation the worker answers, with its input
 * and output. The main thread calls `cache.call(op, args)`; the worker runs the handler of the same
 * name. Renaming an op or changing its input is a compile error in every caller.
 *
 * Three families of ops:
 * - `write:*` — one write of a sync step (`CacheWrites`); several run inside one transaction
 *   (`sync:step`, `write:many`), always together with the job's cursor in a sync step.
 * - `sync:*` and `read:*` — the sync engine's checkpoints and the app's reads of cache state.
 * - `query:<method>` — the offline query layer, one op per contract method declared with `query(...)`,
 *   typed from the contract itself (its parsed input in, its output out).
 */
import type {
  ApiKey, Boundary, CountryProfile, CountryUpdate, ForensicDiff, LatestForensicFeed, LegacyForensic,
  Pagination, Project, ProjectForensics, ProjectTypes, SatelliteMetrics, WithExtra,
} from '../../shared/api';
import type {
  CacheInfo, DataIssue, DataIssueKind, MethodOutput, MirrorResource, MirrorScope, ParsedInput, QueryMethod, SkippedItem, SkippedItemRecord,
  UnfitValue, WatchItem, WatchKind,
} from '../../shared/contract';
import type { ContractErrorBody, HoldingRow, PortfolioImport, PortfolioSummary } from '../../shared/contract';
import type { ParsedHoldings } from '../portfolios/holdings-parse';
import type { MessagePort } from 'node:worker_threads';
import type { MirrorTarget } from './repositories/mirror-repository';
import type { DataIssueCounts } from './repositories/skipped-item-repository';
import type { PublishTiming, SyncCheckpoint, SyncCursor } from './repositories/sync-state-repository';

/** The writes a sync step can hold, by op name: adding a write is one entry here and one handler. */
export interface CacheWrites {
  'write:projects': { items: WithExtra<Project>[]; pass: number; withClips: boolean };
  'write:projectDetail': { project: WithExtra<Project> };
  'write:projectTypes': { types: ProjectTypes };
  /** A page of credit transactions the writer read itself (`pages:readCredits`): no row crosses between threads. */
  'write:creditTransactions': { held: number; pass: number };
  'write:latestFeed': { feed: LatestForensicFeed; limit: number };
  'write:projectForensics': { projectId: string; forensics: ProjectForensics | null };
  'write:forensicDiff': { projectId: string; year: number; week: number; diff: ForensicDiff | null };
  'write:legacyForensics': { items: WithExtra<LegacyForensic>[]; pass: number };
  'write:satelliteMetrics': { items: WithExtra<SatelliteMetrics>[]; pass: number };
  'write:boundary': { projectId: string; boundary: Boundary | null };
  'write:projectCountries': { entries: Array<{ country: string; country_code: string | null }> };
  'write:countryProfile': { code: string; profile: WithExtra<CountryProfile> | null };
  'write:countryUpdates': { code: string; updates: WithExtra<CountryUpdate>[] };
  'write:apiKeys': { keys: ApiKey[]; currentKeyId: string | null };
  /** Items the job met that could not be stored (no usable identity). */
  'write:skippedItems': { job: string; items: SkippedItem[] };
  /** Values the job met that did not fit their field (stored as null, kept as sent). */
  'write:unfitValues': { job: string; items: UnfitValue[] };
  /** A mirror item fetched for `signal`: found, or none (the service answered 404). */
  'write:mirrorItem': { resource: MirrorResource; id: string; signal: string | null; outcome: 'found' | 'none' };
}
export type CacheWriteOp = keyof CacheWrites;
/** One write of a sync step: a discriminated union on `op`. */
export type CacheWrite = { [K in CacheWriteOp]: { op: K; args: CacheWrites[K] } }[CacheWriteOp];

/** Progress totals the service reported with a page. */
export interface PageTotals {
  rows?: number | null;
  pages?: number | null;
}

export interface SyncStepArgs {
  job: string;
  writes: CacheWrite[];
  /** The cursor after this step; null = every page written. */
  cursor: SyncCursor | null;
  rows: number;
  totals?: PageTotals;
  /** Pages this step holds (default 1). */
  pages?: number;
}

interface Op<I, O> {
  input: I;
  output: O;
}

/** The ops the cache itself implements (cache-store.ts). */
export type CacheStoreOps = { [K in CacheWriteOp]: Op<CacheWrites[K], unknown> } & {
  'write:many': Op<{ writes: CacheWrite[] }, void>;
  'write:watch': Op<{ kind: WatchKind; id: string; watched: boolean }, WatchItem[]>;
  'write:mirrorScope': Op<{ scope: MirrorScope }, void>;
  'write:clear': Op<void, CacheInfo>;
  /** A holdings file read and parsed on the main thread, saved and screened here in one transaction. */
  'write:portfolioImport': Op<{ name: string; file_name: string | null; parsed: ParsedHoldings; now: string }, PortfolioImport>;
  'write:portfolioRemove': Op<{ id: number }, PortfolioSummary[]>;
  'read:portfolios': Op<void, PortfolioSummary[]>;
  'read:portfolio': Op<{ id: number; rule: string | null; offset: number; limit: number }, { portfolio: PortfolioSummary; holdings: { rows: HoldingRow[]; total: number } } | null>;
  /** A sync run begins (its changes are logged under the run id returned) or ends. */
  'sync:runStart': Op<void, number>;
  'sync:runFinish': Op<{ run: number }, void>;
  /** After a run has said it is done: the WAL its writes left moved into the file, and the file's disk space given back. */
  'sync:tidy': Op<void, void>;
  'sync:checkpoints': Op<void, SyncCheckpoint[]>;
  /** How long the last full credits pass took to publish here, and its rows (null: none measured yet). */
  'sync:lastPublish': Op<void, PublishTiming | null>;
  'sync:checkpoint': Op<{ job: string }, SyncCheckpoint>;
  'sync:begin': Op<{ job: string; mode: SyncCheckpoint['mode']; cursor: SyncCursor; windowFrom?: string | null; restart?: boolean }, SyncCheckpoint>;
  'sync:step': Op<SyncStepArgs, { ms: number }>;
  /**
   * A job's pass completes. `rebuilt`: a projects pass from empty had its indexes and search entries
   * built here, over `rows` rows in `seconds` (the sync's ETA reads this machine's speed from it).
   */
  'sync:succeed': Op<{ job: string; reconcile: boolean }, { removed: number; checkpoint: SyncCheckpoint; rebuilt: { rows: number; seconds: number } | null }>;
  'sync:fail': Op<{ job: string; state: 'failed' | 'cancelled' | 'idle' | 'unsupported'; error: { code: string; message: string } | null }, SyncCheckpoint>;
  'read:countryNames': Op<void, string[]>;
  'read:countryCodes': Op<void, string[]>;
  'read:watchItems': Op<void, WatchItem[]>;
  /** The mirror's due items of a resource (in the stored scope unless one is given), watched first. */
  'read:mirrorTargets': Op<{ resource: MirrorResource; scope?: MirrorScope; week: { year: number; week: number } }, MirrorTarget[]>;
  'read:mirrorScope': Op<void, MirrorScope>;
  'read:latestCreditDate': Op<void, string | null>;
  'read:rateLimit': Op<void, number | null>;
  'read:projectCountry': Op<{ projectId: string }, string | null>;
  'read:cacheInfo': Op<void, CacheInfo>;
  /** Answers once the writer has opened (and migrated) the file: then a reader may open it. */
  'read:ready': Op<void, true>;
  'read:skippedItems': Op<{ job: string | null; limit: number }, SkippedItemRecord[]>;
  /** Skipped items and unfit values of the jobs' latest passes (one kind, or both), in the order met. */
  'read:dataIssues': Op<{ job: string | null; kind: DataIssueKind | null; limit: number }, DataIssue[]>;
  /** Skipped items and unfit values of each job's latest pass. */
  'read:dataIssueCounts': Op<void, Record<string, DataIssueCounts>>;
  /**
   * Page `page` of `what`, its body moved here (see movedBuffers), read by the reader the worker's
   * composition root gave (CacheHooks.readCreditsPage): null when the body is not JSON. Its rows go
   * to the step that writes them (`write:creditTransactions` with `held`); see cache-store.ts.
   */
  'pages:readCredits': Op<{ body: Uint8Array; page: number; what: string }, CreditsPageRead | null>;
  /** Lets go of the credit pages read and never written: the credits job ended. */
  'pages:dropCredits': Op<void, void>;
};

/**
 * What the writer tells of a credit transactions page it read (the API client's PageReadElsewhere).
 * Reading a page where its rows are stored means they never cross between threads: the main thread's
 * copy of each step's rows to the writer cost more than reading the pages.
 */
export interface CreditsPageRead {
  pagination: Pagination;
  count: number;
  /** Described with whole excerpts: the writer has no key to redact them with. */
  skipped: SkippedItem[];
  /** Likewise. */
  unfit: UnfitValue[];
  trouble: string | null;
  /** What its rows are held under (`write:creditTransactions` with `held`). */
  held: number;
}

/** The query layer's ops: `query:<method>` for every contract method answered from the cache. */
export type CacheQueryOps = { [K in QueryMethod as `query:${K}`]: Op<ParsedInput<K>, MethodOutput<K>> };

/** What the reader tells of its analytical copy (analytics/copy): the versions it mirrors, whether they are current, what it rebuilds. */
export interface CopyStatus {
  credits: number;
  projects: number;
  current: boolean;
  rebuilding: 'read_credits' | 'read_credits_next' | 'read_projects' | null;
}

/** The reader's own ops: its analytical copy now, or once every change reported so far is applied (null: the reader has none). */
export type CacheReaderOps = {
  'copy:status': Op<void, CopyStatus | null>;
  'copy:settled': Op<void, CopyStatus | null>;
};

export type CacheOps = CacheStoreOps & CacheQueryOps & CacheReaderOps;
export type CacheOpName = keyof CacheOps;
export type CacheOpInput<K extends CacheOpName> = CacheOps[K]['input'];
export type CacheOpOutput<K extends CacheOpName> = CacheOps[K]['output'];

/** The worker's implementation of a set of ops (the writer's are synchronous: it owns the database). */
export type CacheOpHandlers<K extends CacheOpName = CacheOpName> = { [P in K]: (args: CacheOpInput<P>) => CacheOpOutput<P> };

/** Ops whose input is void are called without arguments. */
export type CacheOpArgs<K extends CacheOpName> = CacheOpInput<K> extends void ? [] : [args: CacheOpInput<K>];

/**
 * A cache worker thread writes (and answers the cache's own ops) or reads (the query layer's ops,
 * with the read model's analytical copy).
 */
export type CacheWorkerRole = 'writer' | 'reader';

/** The V8 limits of a cache worker thread: a young generation of 8 MB instead of V8's growing default. */
export const CACHE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

/** What a cache worker thread is started with: its cache file, its role, and its own entry file. */
export interface CacheWorkerData {
  path: string;
  role: CacheWorkerRole;
  entry: string;
  /** The port between the writer and the reader: the writer posts each ReadModelChange there after its commit. */
  changes?: MessagePort;
  /** The reader's analytical copy: DuckDB's threads and memory limit (defaults in analytics/copy). */
  copy?: { threads?: number; memoryLimit?: string } | false;
}

/**
 * What a committed transaction changed of what the read model mirrors (the writer tells the reader,
 * whose analytical copy follows it: analytics/copy). `credits` / `projects`: the live table's version
 * after the commit (`cache_facts` 'read_version:<table>', moved once per transaction that changed it)
 * and the rows written, or null when the table was replaced or rows removed; `staged`: rows a full
 * credits pass staged (its pass), the staging started afresh (no ids), or dropped (pass null).
 */
export interface ReadModelChange {
  credits?: { version: number; ids: number[] | null };
  projects?: { version: number; ids: string[] | null };
  staged?: { pass: number | null; ids: number[] };
}

/** Messages between the main thread and the cache worker. */
export interface CacheRequest {
  id: number;
  op: CacheOpName | 'close';
  args?: unknown;
}
export type CacheResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ContractErrorBody };

/**
 * The buffers an op's input moves to the worker instead of copying: a `body` of bytes (a page's
 * body read elsewhere) that owns its whole buffer. The sender gives it up.
 */
export function movedBuffers(args: unknown): ArrayBuffer[] {
  const body = (args as { body?: unknown } | null | undefined)?.body;
  if (!(body instanceof Uint8Array) || !(body.buffer instanceof ArrayBuffer)) return [];
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? [body.buffer] : [];
}
