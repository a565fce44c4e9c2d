/**
 * The cache worker thread: owns the connection's SQLite database, so no query or write ever runs
 * on the main thread. Messages: {id, op, args} in; {id, ok: true, result} or {id, ok: false, error} out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ContractError } from '../../shared/errors';
import { createCacheOps } from './cache-ops';
import { openCacheDatabase } from './database';

export interface CacheRequest {
  id: number;
  op: string;
  args?: unknown;
}
export type CacheResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: string; message: string; details?: unknown; retryAfterSeconds?: number } };

function toErrorBody(err: unknown): { code: string; message: string; details?: unknown } {
  if (err instanceof ContractError) return err.toBody();
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof (err as { code?: unknown })?.code === 'string' && /^SQLITE_/.test((err as { code: string }).code) ? 'cache_error' : 'internal_error';
  return { code, message };
}

function start(): void {
  const port = parentPort;
  if (!port) throw new Error('cache-worker must run in a worker thread');
  const file = (workerData as { path: string }).path;
  let ops: Record<string, (args: unknown) => unknown>;
  let db: ReturnType<typeof openCacheDatabase> | null = null;
  try {
    db = openCacheDatabase(file);
    ops = createCacheOps(db, file);
  } catch (err) {
    const body = toErrorBody(err);
    ops = {};
    port.on('message', (msg: CacheRequest) => port.postMessage({ id: msg.id, ok: false, error: body } satisfies CacheResponse));
    return;
  }
  port.on('message', (msg: CacheRequest) => {
    if (msg.op === 'close') {
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
  });
}

start();
