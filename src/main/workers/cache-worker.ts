/**
 * The cache worker thread and the composition root of what runs in it. As the writer it opens the
 * connection's cache with the cache's and the query layer's migrations and registers the cache's own
 * ops (writes, sync state, reads), the query layer's queries (`query:<method>`) and the query layer's
 * post-sync hook (rollups); as the reader it opens a read-only second connection and answers the
 * queries only (see cache-client.ts). No query or write ever runs on the main thread.
 * Messages: {id, op, args} in; {id, ok: true, result} or {id, ok: false, error} out.
 */
import path from 'node:path';
import { parentPort, workerData, type Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { ContractError } from '../../shared/errors';
import { QUERY_METHODS } from '../../shared/contract';
import { refreshAggregates } from '../analytics/aggregates';
import { analyticsQueries } from '../analytics/index';
import {
  adoptCreditColumns, buildCreditColumns, buildCreditColumnsElsewhere, creditColumnsBuffers, creditColumnsStale, type BuiltCreditColumns,
} from '../analytics/credit-columns';
import { startRollupsAside, type RollupsAside, type RollupsAsideData, type RollupsThread } from '../analytics/rollups-aside';
import { openQueryableCache } from '../analytics/schema';
import { CACHE_WORKER_LIMITS, type CacheOpHandlers, type CacheQueryOps, type CacheRequest, type CacheResponse, type CacheWorkerData } from '../cache/cache-protocol';
import { openCacheReader } from '../cache/database';
import { createCacheStore } from '../cache/cache-store';
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

/** A `columns` thread: builds the columnar copy on its own read connection, hands it over (its arrays moved, not copied) and ends. */
function buildColumns(port: NonNullable<typeof parentPort>, file: string): void {
  const db = openCacheReader(file);
  try {
    const built = buildCreditColumns(db);
    port.postMessage(built, built?.columns ? creditColumnsBuffers(built.columns) : []);
  } finally {
    db.close();
  }
}

/**
 * A reader's copies are built by a `columns` thread, one at a time, so no query waits for a build
 * (about 1 s at the default market, 8–16 s at ten times it): until the copy arrives, the queries that
 * would read it answer by SQL. It is asked for when a query needs it or the reader is idle.
 */
function columnsBuilder(db: Database.Database, data: CacheWorkerData): { start: () => void; stop: () => void } {
  let building: Worker | null = null;
  let failedAt = -Infinity;
  return {
    start: () => {
      if (building || !db.open || performance.now() - failedAt < RETRY_BUILD_AFTER_MS || !creditColumnsStale(db)) return;
      let adopted = false;
      const thread = startWorker(data.entry, { workerData: { ...data, role: 'columns' } satisfies CacheWorkerData, resourceLimits: CACHE_WORKER_LIMITS });
      building = thread;
      thread.once('message', (built: BuiltCreditColumns | null) => {
        adopted = true;
        if (db.open) adoptCreditColumns(db, built);
      });
      thread.once('error', () => undefined);
      thread.once('exit', () => {
        building = null;
        if (!adopted) failedAt = performance.now();
      });
      thread.unref();
    },
    // The reader closes: a build under way is of no use, and must not keep the file open.
    stop: () => void building?.terminate(),
  };
}

function start(): void {
  const port = parentPort;
  if (!port) throw new Error('cache-worker must run in a worker thread');
  const data = workerData as CacheWorkerData;
  const { path: file, role } = data;
  if (role === 'columns') return buildColumns(port, file);
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
  // thread when a query needs it and once it is idle, so the first filtered answer after a sync finds
  // it ready more often; no request waits for it.
  const columns = role === 'reader' && db ? columnsBuilder(db, data) : null;
  if (db && columns) buildCreditColumnsElsewhere(db, columns.start);
  let warm: ReturnType<typeof setTimeout> | null = null;
  const warmWhenIdle = () => {
    if (!columns) return;
    if (warm) clearTimeout(warm);
    warm = setTimeout(() => {
      warm = null;
      columns.start();
    }, WARM_AFTER_IDLE_MS);
    warm.unref();
  };
  port.on('message', (msg: CacheRequest) => {
    if (msg.op === 'close') {
      if (warm) clearTimeout(warm);
      columns?.stop();
      db?.close();
      db = null;
      port.postMessage({ id: msg.id, ok: true, result: null } satisfies CacheResponse);
      port.close();
      return;
    }
    try {
      const fn = ops[msg.op];
      if (!fn) throw new ContractError('internal_error', `Unknown cache operation '${msg.op}'`);
      const result = fn(msg.args);
      port.postMessage({ id: msg.id, ok: true, result } satisfies CacheResponse);
    } catch (err) {
      port.postMessage({ id: msg.id, ok: false, error: toErrorBody(err) } satisfies CacheResponse);
    }
    warmWhenIdle();
  });
}

if (parentPort) start();
