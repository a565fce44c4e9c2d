/**
 * The cache worker thread and the composition root of what runs in it. As the writer it opens the
 * connection's cache with the cache's and the query layer's migrations and registers the cache's own
 * ops (writes, sync state, reads), the query layer's queries (`query:<method>`) and the query layer's
 * post-sync hook (rollups); as the reader it opens a read-only second connection and answers the
 * queries only (see cache-client.ts). No query or write ever runs on the main thread.
 * Messages: {id, op, args} in; {id, ok: true, result} or {id, ok: false, error} out.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parentPort, workerData, type Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { ContractError } from '../../shared/errors';
import { QUERY_METHODS } from '../../shared/contract';
import { refreshAggregates } from '../analytics/aggregates';
import { analyticsQueries } from '../analytics/index';
import {
  adoptCreditColumns, adoptSortPlaces, buildCreditColumnsElsewhere, creditColumnsKey, buildCreditColumnsInParts, copiedPartBuffers, creditColumnsBuffers, creditColumnsStale, readCreditColumnsPart,
  CopyDueSoon, type BuiltCreditColumns, type CopiedPartRead, type CopiedPartRequest, type SortPlaces,
} from '../analytics/credit-columns';
import { keptOrders, keptTransactions } from '../analytics/credit-columns-kept';
import { PlacesComing, isPlacedAhead, placeAhead, placeTextKeysElsewhere, sortPlacesBuffers, textKeyPlaces, type PlaceElsewhere } from '../analytics/credit-columns-page';
import { startRollupsAside, type RollupsAside, type RollupsAsideData, type RollupsThread } from '../analytics/rollups-aside';
import { openQueryableCache } from '../analytics/schema';
import { type CacheOpHandlers, type CacheQueryOps, type CacheRequest, type CacheResponse, type CacheWorkerData } from '../cache/cache-protocol';
import { openCacheReader } from '../cache/database';
import { createCacheStore } from '../cache/cache-store';
import { CopyWait } from './copy-wait';
import { readCreditsPage } from './credit-pages';
import { locateWorkerEntry, startWorker } from '../worker-thread';

function toErrorBody(err: unknown): { code: string; message: string; details?: unknown } {
  if (err instanceof ContractError) return err.toBody();
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof (err as { code?: unknown })?.code === 'string' && /^SQLITE_/.test((err as { code: string }).code) ? 'cache_error' : 'internal_error';
  return { code, message };
}

/** Every query of the query layer as the op `query:<method>`. */
function queryOps(db: Database.Database): CacheOpHandlers<keyof CacheQueryOps> {
  const ops: Record<string, (args: unknown) => unknown> = {};
  for (const method of QUERY_METHODS) {
    const query = analyticsQueries[method] as (db: Database.Database, input: unknown) => unknown;
    ops[`query:${method}`] = (args) => query(db, args);
  }
  return ops as CacheOpHandlers<keyof CacheQueryOps>;
}

/**
 * The worker's ops over one open cache: the cache's own, the credit pages it reads (credit-pages.ts)
 * and the query layer's. `spawnRollups` starts
 * the thread that builds a full pass's rollups beside its publishing (without it, the publishing
 * rebuilds them itself).
 */
export function composeCacheOps(db: Database.Database, file: string, spawnRollups?: (data: RollupsAsideData) => RollupsThread): CacheOpHandlers {
  let aside: RollupsAside | null = null;
  return {
    ...createCacheStore(db, file, {
      readCreditsPage,
      afterJob: (job, replaced) => refreshAggregates(db, job, replaced, aside ?? undefined),
      beforePublish: (_job, staging) => {
        aside = spawnRollups ? startRollupsAside(db, file, staging, spawnRollups) : null;
        return aside
          ? () => {
              aside?.end();
              aside = null;
            }
          : null;
      },
    }),
    ...queryOps(db),
  };
}

/**
 * A rollups thread's V8 limits: its JavaScript only loads its modules and passes SQL along, so a
 * young generation of 1 MB (a complete CLI sync peaked at 305-315 MB with it, 322-323 MB with the
 * cache workers' 8 MB, as fast).
 */
const ROLLUPS_THREAD_LIMITS = { maxYoungGenerationSizeMb: 1 } as const;

/** A `rollups` thread (./rollups-worker.ts, beside this worker's entry); it never keeps the process alive. */
function rollupsThread(cacheWorkerEntry: string): (data: RollupsAsideData) => RollupsThread {
  const dir = path.dirname(cacheWorkerEntry);
  return (rollups) => {
    const entry = locateWorkerEntry([path.join(dir, 'rollups-worker.js'), path.join(dir, 'rollups-worker.ts')]);
    const thread = startWorker(entry, { workerData: rollups, resourceLimits: ROLLUPS_THREAD_LIMITS });
    // Its failures reach the publishing through the shared signal (then it rebuilds the rollups itself).
    thread.on('error', () => undefined);
    thread.unref();
    return { terminate: () => void thread.terminate() };
  };
}

/** How long a reader waits without a request before it builds the columnar copy of the transactions (if stale). */
const WARM_AFTER_IDLE_MS = 300;
/** After a failed build of the copy, how long the reader answers by SQL before it tries again. */
const RETRY_BUILD_AFTER_MS = 60_000;

/**
 * Threads that read the transactions for a copy at the same time, the `columns` thread included: one a
 * core, at most four. At ten times the default market on two cores a copy took 6.2–6.7 s read by one.
 */
const COPY_READERS = Math.min(4, availableParallelism());

/**
 * The V8 limits of the threads that build a copy: a young generation of 32 MB (the cache's threads
 * keep 8), where the JSON of each chunk read lives and dies. At ten times the default market a copy
 * took 4.6–4.7 s with 32 or 64 MB, and 5.0–5.2 s with 8.
 */
const COPY_THREAD_LIMITS = { maxYoungGenerationSizeMb: 32 } as const;

/**
 * A `columns` thread: builds the columnar copy on its own read connection, with `columns-part` threads
 * reading shares of the transactions at the same time (or loads the transactions an earlier reader
 * kept for the same rows: credit-columns-kept.ts), hands it over (its arrays moved, not copied), keeps
 * what it read from the table for the next reader, and ends.
 */
async function buildColumns(port: NonNullable<typeof parentPort>, data: CacheWorkerData): Promise<void> {
  const db = openCacheReader(data.path);
  const kept = keptTransactions(data.path, data.minKeptRows);
  const { signals } = data;
  try {
    const built = await buildCreditColumnsInParts(db, COPY_READERS, (part) => readPartElsewhere(data, part), {
      hurried: () => signals !== undefined && Atomics.load(signals, BUILD_HURRY) === 1,
      assembling: () => signals && Atomics.store(signals, BUILD_ASSEMBLING, 1),
      minSharedRows: data.minSharedRows,
      kept,
      loadWhen: () => until(() => !signals || Atomics.load(signals, BUILD_HURRY) === 1 || Atomics.load(signals, BUILD_LOAD) === 1),
    });
    port.postMessage(built, built?.columns ? creditColumnsBuffers(built.columns) : []);
  } finally {
    db.close();
  }
  // Once the copy is handed over: what it read from the table, kept for the next reader, when the
  // reader idles (its first answers keep both cores meanwhile), unless it says the read is of no use.
  if (kept.keeping() && (await keepWhen(signals)) === KEEP_WRITE) await kept.written();
}

/** How often a `columns` thread looks whether its reader has told it something (the signals below). */
const SIGNAL_POLL_MS = 20;

/** Resolves once `done()` holds, looked at every SIGNAL_POLL_MS. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, SIGNAL_POLL_MS));
}

/** What the reader tells a `columns` thread about the read it keeps: write it (the reader is idle), or drop it (stale, or the reader closing). */
async function keepWhen(signals: Int32Array | undefined): Promise<number> {
  if (!signals) return KEEP_WRITE;
  await until(() => Atomics.load(signals, BUILD_KEEP) !== 0);
  return Atomics.load(signals, BUILD_KEEP);
}

/** A share of the transactions read by a `columns-part` thread (rejects when the thread fails). */
function readPartElsewhere(data: CacheWorkerData, part: CopiedPartRequest): Promise<CopiedPartRead> {
  return new Promise((resolve, reject) => {
    const thread = startWorker(data.entry, { workerData: { ...data, role: 'columns-part', part } satisfies CacheWorkerData, resourceLimits: COPY_THREAD_LIMITS });
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the thread reading a share of the transactions ended (${code}) without it`)));
  });
}

/** A `columns-part` thread: reads its share on its own read connection, hands it over (moved) and ends. */
function readColumnsPart(port: NonNullable<typeof parentPort>, data: CacheWorkerData): void {
  const db = openCacheReader(data.path);
  try {
    const read = readCreditColumnsPart(db, data.part!);
    port.postMessage(read, read.part ? copiedPartBuffers(read.part) : []);
  } finally {
    db.close();
  }
}

/**
 * A `places` thread: reads the order of one free-text sort key for the reader's copy (or, for a key
 * read ahead, loads the order an earlier reader kept for a copy of the same rows:
 * credit-columns-kept.ts), hands the places over (moved), keeps what it read for the next reader, and
 * ends.
 */
async function placeTextKey(port: NonNullable<typeof parentPort>, data: CacheWorkerData): Promise<void> {
  const { key, expression, ids, field, keep } = data.places!;
  const orders = keptOrders(data.path, data.minKeptRows);
  const loaded = keep ? orders.read(field, key, expression, ids.id) : null;
  if (loaded) return port.postMessage({ key, places: loaded }, sortPlacesBuffers(loaded));
  const db = openCacheReader(data.path);
  let placed: ReturnType<typeof textKeyPlaces>;
  try {
    // The ordered scan's sort and its table spill to temporary files rather than this thread's memory
    // (a reader keeps them in memory): at ten times the default market the accounts' places took
    // 9.8 s and 480 MB over the thread's start so, 7.3 s and 100 MB this way.
    db.pragma('temp_store = FILE');
    placed = textKeyPlaces(db, key, expression, ids);
  } finally {
    db.close();
  }
  // Copied before the places are moved (21 MB at ten times the default market), written once handed over.
  const toKeep = keep && placed?.places && orders.keeps(ids.n) ? structuredClone(placed.places) : null;
  port.postMessage(placed, placed?.places ? sortPlacesBuffers(placed.places) : []);
  if (toKeep) await orders.write(field, key, expression, ids.id, toKeep);
}

/**
 * A reader's free-text sort keys are placed by a `places` thread, one key at a time (each holds the
 * copy's ids and reads a column of the table: about 100 MB at ten times the default market): a sort
 * by the key being placed waits for its places (`afterPlacing`), a sort by another answers by SQL,
 * and every other query goes on (at that scale the accounts' took 11 s, every query of the reader
 * held meanwhile when it read them itself). The accounts' are also read ahead once the reader idles
 * with a current copy (`placeAhead`), so a first sort by them seldom waits.
 */
function placesBuilder(db: Database.Database, data: CacheWorkerData): { place: PlaceElsewhere; afterPlacing: (then: () => void) => void; stop: () => void } {
  const placing = new Map<string, Worker>();
  const failedAt = new Map<string, number>();
  let stopped = false;
  let afterPlacing: Array<() => void> = [];
  const ended = () => {
    const waiting = afterPlacing;
    afterPlacing = [];
    for (const then of waiting) then();
  };
  return {
    place: (field, expression, cols) => {
      if (placing.has(field)) return 'placing';
      const key = creditColumnsKey(db);
      if (stopped || key === null || placing.size > 0 || performance.now() - (failedAt.get(field) ?? -Infinity) < RETRY_BUILD_AFTER_MS) return;
      let adopted = false;
      // The copy's ids go along copied (the reader keeps its own); a key read ahead is kept for the next reader.
      const places = { field, expression, key, keep: isPlacedAhead(field), ids: { n: cols.n, id: cols.id, minId: cols.minId, maxId: cols.maxId } };
      const thread = startWorker(data.entry, { workerData: { ...data, role: 'places', places } satisfies CacheWorkerData, resourceLimits: COPY_THREAD_LIMITS });
      placing.set(field, thread);
      thread.once('message', (placed: { key: string; places: SortPlaces | null } | null) => {
        adopted = true;
        if (placed && db.open) adoptSortPlaces(db, placed.key, field, placed.places);
        placing.delete(field);
        ended();
      });
      thread.once('error', () => undefined);
      thread.once('exit', () => {
        if (!adopted) failedAt.set(field, performance.now());
        if (placing.get(field) === thread) {
          placing.delete(field);
          ended();
        }
      });
      thread.unref();
      return 'placing';
    },
    afterPlacing: (then) => {
      if (placing.size) afterPlacing.push(then);
      else then();
    },
    stop: () => {
      stopped = true;
      for (const thread of placing.values()) void thread.terminate();
      placing.clear();
      ended();
    },
  };
}

/**
 * The signals a reader and its `columns` thread share: a query wants the copy; only its assembly is
 * left; what to do with the transactions read, once the copy is handed over (0: wait); the reader
 * has idled (a copy the kept transactions give is loaded then, or once a query wants it).
 */
const BUILD_HURRY = 0;
const BUILD_ASSEMBLING = 1;
const BUILD_KEEP = 2;
const BUILD_LOAD = 3;
const KEEP_WRITE = 1;
const KEEP_DROP = 2;

/** Tells a `columns` thread that handed its copy over what to do with its read (KEEP_WRITE or KEEP_DROP). */
function tellKeep(signals: Int32Array, what: number): void {
  Atomics.store(signals, BUILD_KEEP, what);
}

interface ColumnsBuilder {
  /** Starts a build when the copy is stale and none is under way; `wanted`: a query asks for it ('soon': the one under way is about to end). */
  start(wanted: boolean): 'soon' | void;
  /** Runs `then` once the build under way has ended (at once when none is). */
  afterBuild(then: () => void): void;
  /** The reader idles: a copy the kept transactions give is loaded now, and the last build's read is kept for the next reader (credit-columns-kept.ts). */
  idle(): void;
  /** The answer just given took `ms` (see CopyWait). */
  answered(ms: number): void;
  stop(): void;
}

/**
 * A reader's copies are built by a `columns` thread, one at a time (about 1 s at the default market,
 * 4–7 s at ten times it): until the copy arrives, the queries that would read it answer by SQL,
 * except while only its assembly is left, or once one of them was slow by SQL (CopyWait), when they
 * wait for it (`afterBuild`). It is asked for as
 * the reader opens, when a query needs it (which shares the build out to every core) or the reader
 * is idle. `adopted` is told when a build's copy is kept.
 */
function columnsBuilder(db: Database.Database, data: CacheWorkerData, adopted: () => void): ColumnsBuilder {
  let building: Worker | null = null;
  let signals: Int32Array | null = null;
  // The signals of the thread whose copy was adopted last, waiting for the reader to idle before it keeps its read.
  let keeping: Int32Array | null = null;
  const keepOrDrop = (what: number) => {
    if (keeping) tellKeep(keeping, what);
    keeping = null;
  };
  const wait = new CopyWait(data.slowAnswerMs);
  let failedAt = -Infinity;
  let stopped = false;
  let afterBuild: Array<() => void> = [];
  const ended = () => {
    building = null;
    signals = null;
    const waiting = afterBuild;
    afterBuild = [];
    for (const then of waiting) then();
  };
  return {
    start: (wanted) => {
      if (building) {
        if (!wanted) return;
        Atomics.store(signals!, BUILD_HURRY, 1);
        return wait.asks(Atomics.load(signals!, BUILD_ASSEMBLING) === 1) ? 'soon' : undefined;
      }
      if (stopped || !db.open || performance.now() - failedAt < RETRY_BUILD_AFTER_MS || !creditColumnsStale(db)) return;
      // The last copy is stale: what its thread read is of no use to the next reader.
      keepOrDrop(KEEP_DROP);
      let kept = false;
      signals = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
      signals[BUILD_HURRY] = wanted ? 1 : 0;
      wait.buildStarts();
      if (wanted) wait.asks(false);
      const thread = startWorker(data.entry, { workerData: { ...data, role: 'columns', signals } satisfies CacheWorkerData, resourceLimits: COPY_THREAD_LIMITS });
      building = thread;
      const threadSignals = signals;
      thread.once('message', (built: BuiltCreditColumns | null) => {
        kept = true;
        keepOrDrop(KEEP_DROP);
        if (db.open && adoptCreditColumns(db, built)) {
          keeping = threadSignals;
          adopted();
        } else {
          tellKeep(threadSignals, KEEP_DROP);
        }
        ended();
      });
      thread.once('error', () => undefined);
      thread.once('exit', () => {
        if (!kept) failedAt = performance.now();
        if (building === thread) ended();
      });
      thread.unref();
    },
    afterBuild: (then) => {
      if (building) afterBuild.push(then);
      else then();
    },
    idle: () => {
      if (signals) Atomics.store(signals, BUILD_LOAD, 1);
      keepOrDrop(KEEP_WRITE);
    },
    answered: (ms) => wait.answered(ms, building !== null),
    // The reader closes: a build under way is of no use, and must not keep the file open; a read not
    // kept yet is dropped (writing it would outlive the reader).
    stop: () => {
      stopped = true;
      keepOrDrop(KEEP_DROP);
      void building?.terminate();
      ended();
    },
  };
}

function start(): void {
  const port = parentPort;
  if (!port) throw new Error('cache-worker must run in a worker thread');
  const data = workerData as CacheWorkerData;
  const { path: file, role } = data;
  if (role === 'columns') return void buildColumns(port, data);
  if (role === 'columns-part') return readColumnsPart(port, data);
  if (role === 'places') return void placeTextKey(port, data);
  let ops: Record<string, (args: unknown) => unknown>;
  let db: Database.Database | null = null;
  try {
    // The writer owns the file (migrations, sync writes, cache state); a reader answers queries on its own connection.
    db = role === 'reader' ? openCacheReader(file) : openQueryableCache(file);
    ops = (role === 'reader' ? queryOps(db) : composeCacheOps(db, file, rollupsThread(data.entry))) as unknown as Record<string, (args: unknown) => unknown>;
  } catch (err) {
    const body = toErrorBody(err);
    port.on('message', (msg: CacheRequest) => port.postMessage({ id: msg.id, ok: false, error: body } satisfies CacheResponse));
    return;
  }
  // A reader has the query layer's columnar copy (analytics/credit-columns.ts) built by a `columns`
  // thread as it opens, when a query needs it and once it is idle, so the first filtered answer after
  // a sync finds it ready more often; a request waits for it only while its assembly is all that is left.
  // A copy just adopted: once the reader idles, the slowest free-text sort order is read ahead.
  const columns = role === 'reader' && db ? columnsBuilder(db, data, () => warmWhenIdle()) : null;
  if (db && columns) buildCreditColumnsElsewhere(db, () => columns.start(true));
  const places = role === 'reader' && db ? placesBuilder(db, data) : null;
  if (db && places) placeTextKeysElsewhere(db, places.place);
  // Built from the reader's opening, as the idle warm-up would once the first answers are out (the
  // first view's queries come in a burst, then the reader idles).
  columns?.start(false);
  let warm: ReturnType<typeof setTimeout> | null = null;
  const warmWhenIdle = () => {
    if (!columns) return;
    if (warm) clearTimeout(warm);
    warm = setTimeout(() => {
      warm = null;
      columns.start(false);
      // A copy the kept transactions give is loaded now; with the copy current, the transactions
      // its build read are kept for the next reader.
      columns.idle();
      // With a current copy (none is being built): the order of the slowest free-text sort key, read ahead.
      if (db?.open) placeAhead(db);
    }, WARM_AFTER_IDLE_MS);
    warm.unref();
  };
  // A reader asked nothing idles from its opening.
  warmWhenIdle();
  const answer = (msg: CacheRequest): void => {
    const began = performance.now();
    try {
      const fn = ops[msg.op];
      if (!fn) throw new ContractError('internal_error', `Unknown cache operation '${msg.op}'`);
      const result = fn(msg.args);
      port.postMessage({ id: msg.id, ok: true, result } satisfies CacheResponse);
    } catch (err) {
      // The copy it asked for is all but built: asked again once it is (answered by SQL if it fails).
      if (err instanceof CopyDueSoon && columns) return columns.afterBuild(() => answer(msg));
      // The order it sorts by is being read: asked again once it is.
      if (err instanceof PlacesComing && places) return places.afterPlacing(() => answer(msg));
      port.postMessage({ id: msg.id, ok: false, error: toErrorBody(err) } satisfies CacheResponse);
    }
    columns?.answered(performance.now() - began);
    warmWhenIdle();
  };
  port.on('message', (msg: CacheRequest) => {
    if (msg.op !== 'close') return answer(msg);
    if (warm) clearTimeout(warm);
    // A query waiting for the copy is answered (by SQL) before the file closes.
    columns?.stop();
    places?.stop();
    db?.close();
    db = null;
    port.postMessage({ id: msg.id, ok: true, result: null } satisfies CacheResponse);
    port.close();
  });
}

if (parentPort) start();
