/**
 * The cache worker thread and the composition root of what runs in it. As the writer it opens the
 * connection's cache with the cache's and the query layer's migrations and registers the cache's own
 * ops (writes, sync state, reads), telling the reader what each commit changed of what the read
 * model mirrors; as the reader it opens a read-only second connection with the read model's views,
 * keeps the analytical copy (analytics/copy) following the writer, and answers the queries: the read
 * model's from the copy while it is current, from SQLite otherwise. No query or write ever runs on
 * the main thread. Messages: {id, op, args} in; {id, ok: true, result} or {id, ok: false, error} out.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { ContractError } from '../../shared/errors';
import { QUERY_METHODS } from '../../shared/contract';
import { AnalyticalCopy } from '../analytics/copy/analytical-copy';
import { analyticsQueries } from '../analytics/index';
import { sqliteEngine, type ReadContext } from '../analytics/read-engine';
import { prepareReadConnection } from '../analytics/read-views';
import { openQueryableCache } from '../analytics/schema';
import { type CacheOpHandlers, type CacheRequest, type CacheResponse, type CacheWorkerData, type ReadModelChange } from '../cache/cache-protocol';
import { openCacheReader } from '../cache/database';
import { createCacheStore } from '../cache/cache-store';
import { readCreditsPage } from './credit-pages';

function toErrorBody(err: unknown): { code: string; message: string; details?: unknown } {
  if (err instanceof ContractError) return err.toBody();
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof (err as { code?: unknown })?.code === 'string' && /^SQLITE_/.test((err as { code: string }).code) ? 'cache_error' : 'internal_error';
  return { code, message };
}

type Handler = (args: unknown) => unknown;

/** Every query of the query layer as the op `query:<method>`, on `ctx`. */
export function queryOps(ctx: ReadContext): Record<string, Handler> {
  const ops: Record<string, Handler> = {};
  for (const method of QUERY_METHODS) {
    const query = analyticsQueries[method] as (ctx: ReadContext, input: unknown) => unknown;
    ops[`query:${method}`] = (args) => query(ctx, args);
  }
  return ops;
}

/** The writer's ops over one open cache: the cache's own and the credit pages it reads (credit-pages.ts). */
export function composeCacheOps(db: Database.Database, file: string, readModelChanged?: (change: ReadModelChange) => void): CacheOpHandlers {
  return createCacheStore(db, file, { readCreditsPage, readModelChanged }) as unknown as CacheOpHandlers;
}

/** The reader: its SQLite connection, its analytical copy once open, and its ops. */
async function openReader(data: CacheWorkerData): Promise<{ ops: Record<string, Handler>; close: () => Promise<void> }> {
  const db = openCacheReader(data.path, prepareReadConnection);
  const sqlite = sqliteEngine(db);
  let copy: AnalyticalCopy | null = null;
  const ctx: ReadContext = { db, engine: () => Promise.resolve(copy?.isCurrent() ? copy.engine : sqlite) };
  const changes = data.changes;
  if (data.copy !== false) {
    // Changes reported before the copy is open wait in the port; a copy that cannot open leaves SQLite answering.
    copy = await AnalyticalCopy.open(data.path, db, data.copy ?? {}).catch((err: unknown) => {
      process.stderr.write(`the analytical copy could not open (${err instanceof Error ? err.message : String(err)}); SQLite answers\n`);
      return null;
    });
    changes?.on('message', (change: ReadModelChange) => void copy?.follow(change));
  }
  const ops: Record<string, Handler> = {
    ...queryOps(ctx),
    'copy:status': () => copy?.status() ?? null,
    'copy:settled': async () => {
      await copy?.settled();
      return copy?.status() ?? null;
    },
  };
  return {
    ops,
    close: async () => {
      changes?.close();
      await copy?.close();
      db.close();
    },
  };
}

function serve(port: MessagePort | NonNullable<typeof parentPort>, ops: Record<string, Handler>, close: () => Promise<void>): void {
  let closing = false;
  port.on('message', (msg: CacheRequest) => {
    if (msg.op === 'close') {
      closing = true;
      void close().finally(() => {
        port.postMessage({ id: msg.id, ok: true, result: null } satisfies CacheResponse);
        port.close();
      });
      return;
    }
    const fail = (err: unknown) => port.postMessage({ id: msg.id, ok: false, error: toErrorBody(err) } satisfies CacheResponse);
    if (closing) return fail(new ContractError('cache_error', 'The cache is closed'));
    try {
      const fn = ops[msg.op];
      if (!fn) throw new ContractError('internal_error', `Unknown cache operation '${msg.op}'`);
      void Promise.resolve(fn(msg.args)).then((result) => port.postMessage({ id: msg.id, ok: true, result } satisfies CacheResponse), fail);
    } catch (err) {
      fail(err);
    }
  });
}

function start(): void {
  const port = parentPort;
  if (!port) throw new Error('cache-worker must run in a worker thread');
  const data = workerData as CacheWorkerData;
  const failing = (err: unknown) => {
    const body = toErrorBody(err);
    port.on('message', (msg: CacheRequest) => port.postMessage({ id: msg.id, ok: false, error: body } satisfies CacheResponse));
  };
  if (data.role === 'reader') {
    openReader(data).then(({ ops, close }) => serve(port, ops, close), failing);
    return;
  }
  let db: Database.Database;
  try {
    // The writer owns the file: migrations, sync writes, cache state.
    db = openQueryableCache(data.path);
  } catch (err) {
    return failing(err);
  }
  const ops = composeCacheOps(db, data.path, (change) => data.changes?.postMessage(change)) as unknown as Record<string, Handler>;
  serve(port, ops, async () => {
    data.changes?.close();
    db.close();
  });
}

if (parentPort) start();
