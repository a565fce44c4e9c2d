/**
 * The main thread's handle on a connection's cache: every call is a message to the cache worker
 * (cache-worker.ts), which owns the database. Errors thrown in the worker come back as ContractError
 * with the same code and message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContractError } from '../../shared/errors';
import type { AppContext } from '../app-context';
import type { CacheRequest, CacheResponse } from './cache-worker';

export interface CacheClient {
  readonly path: string;
  call<T>(op: string, args?: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * The worker's entry: the built `.js` sibling when bundled, else the `.ts` source (dev, tsx, vitest).
 * A `.ts` entry is started through a tiny bootstrap that registers tsx's CommonJS hook first, so it
 * runs the same under `tsx`, under vitest and from plain node with tsx installed.
 */
function createWorker(file: string): Worker {
  const js = path.join(__dirname, 'cache-worker.js');
  if (fs.existsSync(js)) return new Worker(js, { workerData: { path: file } });
  const alt = path.join(__dirname, 'cache', 'cache-worker.js');
  if (fs.existsSync(alt)) return new Worker(alt, { workerData: { path: file } });
  const ts = path.join(__dirname, 'cache-worker.ts');
  if (!fs.existsSync(ts)) throw new ContractError('internal_error', `Cache worker not found next to ${__dirname}`);
  const bootstrap = `require('tsx/cjs'); require(${JSON.stringify(ts)});`;
  return new Worker(bootstrap, { eval: true, workerData: { path: file } });
}

export class WorkerCacheClient implements CacheClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private failure: ContractError | null = null;
  private closing: Promise<void> | null = null;

  constructor(readonly path: string) {
    this.worker = createWorker(path);
    this.worker.on('message', (msg: CacheResponse) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(ContractError.fromBody(msg.error));
    });
    const failAll = (err: ContractError) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', (err) => failAll(new ContractError('cache_error', `The cache worker stopped: ${err.message}`)));
    this.worker.on('exit', (code) => {
      if (!this.closing) failAll(new ContractError('cache_error', `The cache worker exited (code ${code})`));
    });
  }

  call<T>(op: string, args?: unknown): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new ContractError('cache_error', 'The cache is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, args } satisfies CacheRequest);
    });
  }

  close(): Promise<void> {
    if (this.closing) return this.closing;
    const id = this.nextId++;
    this.closing = new Promise<void>((resolve) => {
      const done = () => resolve();
      this.worker.once('exit', done);
      if (this.failure) {
        void this.worker.terminate().then(done, done);
        return;
      }
      this.pending.set(id, { resolve: () => undefined, reject: () => undefined });
      this.worker.postMessage({ id, op: 'close' } satisfies CacheRequest);
      setTimeout(() => void this.worker.terminate().then(done, done), 5000).unref();
    });
    return this.closing;
  }
}

export function openCacheClient(file: string): CacheClient {
  return new WorkerCacheClient(file);
}

/** The current connection's cache (one worker per connection, created on first use, closed on dispose). */
export async function getCache(ctx: AppContext): Promise<CacheClient> {
  const connection = ctx.connections.selected();
  if (!connection) throw new ContractError('no_connection', 'No connection is selected');
  return cacheFor(ctx, connection.id);
}

export async function cacheFor(ctx: AppContext, connectionId: string): Promise<CacheClient> {
  const key = `cache:${connectionId}`;
  let created = false;
  const client = ctx.service(key, (c) => {
    created = true;
    return openCacheClient(c.connections.cachePath(connectionId));
  });
  if (created) ctx.onDispose(() => client.close());
  return client;
}
