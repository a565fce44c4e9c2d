/**
 * The cache worker thread and the composition root of what runs in it. As the writer it opens the
 * connection's cache with the cache's and the query layer's migrations and registers the cache's own
 * ops (writes, sync state, reads), the query layer's queries (`query:<method>`) and the query layer's
 * post-sync hook (rollups); as the reader it opens a read-only second connection and answers the
 * queries only (see cache-client.ts). No query or write ever runs on the main thread.
 * Messages: {id, op, args} in; {id, ok: true, result} or {id, ok: false, error} out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { ContractError } from '../../shared/errors';
import { QUERY_METHODS } from '../../shared/contract';
import { refreshAggregates } from '../analytics/aggregates';
import { analyticsQueries } from '../analytics/index';
import { warmCreditColumns } from '../analytics/credit-columns';
import { openQueryableCache } from '../analytics/schema';
import type { CacheOpHandlers, CacheQueryOps, CacheRequest, CacheResponse, CacheWorkerRole } from '../cache/cache-protocol';
import { openCacheReader } from '../cache/database';
import { createCacheStore } from '../cache/cache-store';

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

/** The worker's ops over one open cache: the cache's own and the query layer's. */
export function composeCacheOps(db: Database.Database, file: string): CacheOpHandlers {
  return {
    ...createCacheStore(db, file, { afterJob: (job, replaced) => refreshAggregates(db, job, replaced) }),
    ...queryOps(db),
  };
}

/** How long a reader waits without a request before it builds the columnar copy of the transactions (if stale). */
const WARM_AFTER_IDLE_MS = 300;

function start(): void {
  const port = parentPort;
  if (!port) throw new Error('cache-worker must run in a worker thread');
  const { path: file, role } = workerData as { path: string; role: CacheWorkerRole };
  let ops: Record<string, (args: unknown) => unknown>;
  let db: Database.Database | null = null;
  try {
    // The writer owns the file (migrations, sync writes, cache state); a reader answers queries on its own connection.
    db = role === 'reader' ? openCacheReader(file) : openQueryableCache(file);
    ops = (role === 'reader' ? queryOps(db) : composeCacheOps(db, file)) as unknown as Record<string, (args: unknown) => unknown>;
  } catch (err) {
    const body = toErrorBody(err);
    port.on('message', (msg: CacheRequest) => port.postMessage({ id: msg.id, ok: false, error: body } satisfies CacheResponse));
    return;
  }
  // A reader builds the query layer's columnar copy (analytics/credit-columns.ts) once it is idle, so
  // the first filtered answer after a sync does not wait for it; a request during the build waits.
  let warm: ReturnType<typeof setTimeout> | null = null;
  const warmWhenIdle = () => {
    if (role !== 'reader') return;
    if (warm) clearTimeout(warm);
    warm = setTimeout(() => {
      warm = null;
      if (db) warmCreditColumns(db);
    }, WARM_AFTER_IDLE_MS);
    warm.unref();
  };
  port.on('message', (msg: CacheRequest) => {
    if (msg.op === 'close') {
      if (warm) clearTimeout(warm);
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
