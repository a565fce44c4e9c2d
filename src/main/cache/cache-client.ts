/**
 * The main thread's handle on a connection's cache: every call is a typed message to the cache
 * worker, which owns the database (see cache-protocol.ts for the ops, and src/main/workers for the
 * worker's entry). Errors thrown in the worker come back as ContractError with the same code and
 * message.
 */
import type { Worker } from 'node:worker_threads';
import { ContractError } from '../../shared/errors';
import { startWorker } from '../worker-thread';
import type { CacheOpArgs, CacheOpName, CacheOpOutput, CacheRequest, CacheResponse } from './cache-protocol';

export interface CacheClient {
  readonly path: string;
  call<K extends CacheOpName>(op: K, ...args: CacheOpArgs<K>): Promise<CacheOpOutput<K>>;
  close(): Promise<void>;
}

export class WorkerCacheClient implements CacheClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private failure: ContractError | null = null;
  private closing: Promise<void> | null = null;

  /** `entry`: the cache worker's entry file (it composes the cache with the layers that read it). */
  constructor(readonly path: string, entry: string) {
    this.worker = startWorker(entry, { workerData: { path } });
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

  call<K extends CacheOpName>(op: K, ...args: CacheOpArgs<K>): Promise<CacheOpOutput<K>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new ContractError('cache_error', 'The cache is closed'));
    const id = this.nextId++;
    return new Promise<CacheOpOutput<K>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, args: args[0] } satisfies CacheRequest);
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

/** One cache client per connection, created on first use; every one is closed by `closeAll`. */
export class CacheRegistry {
  private readonly clients = new Map<string, CacheClient>();

  constructor(
    private readonly cachePath: (connectionId: string) => string,
    private readonly open: (file: string) => CacheClient,
  ) {}

  of(connectionId: string): CacheClient {
    let client = this.clients.get(connectionId);
    if (!client) {
      client = this.open(this.cachePath(connectionId));
      this.clients.set(connectionId, client);
    }
    return client;
  }

  async closeAll(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
