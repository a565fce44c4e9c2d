/**
 * The main thread's handle on a connection's cache: every call is a typed message to the cache
 * worker, which owns the database (see cache-protocol.ts for the ops, and src/main/workers for the
 * worker's entry). Errors thrown in the worker come back as ContractError with the same code and
 * message.
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { ContractError } from '../../shared/errors';
import { startWorker } from '../worker-thread';
import { CACHE_WORKER_LIMITS, movedBuffers, type CacheOpArgs, type CacheOpName, type CacheOpOutput, type CacheRequest, type CacheResponse, type CacheWorkerData } from './cache-protocol';

export interface CacheClient {
  readonly path: string;
  call<K extends CacheOpName>(op: K, ...args: CacheOpArgs<K>): Promise<CacheOpOutput<K>>;
  close(): Promise<void>;
}

/** One worker thread and its pending calls. */
class WorkerLine {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private failure: ContractError | null = null;
  private closing: Promise<void> | null = null;

  constructor(workerData: CacheWorkerData, transfer: MessagePort[] = []) {
    this.worker = startWorker(workerData.entry, { workerData, transferList: transfer, resourceLimits: CACHE_WORKER_LIMITS });
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

  call(op: CacheOpName, args: unknown): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new ContractError('cache_error', 'The cache is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args } satisfies CacheRequest, movedBuffers(args));
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

/**
 * Two worker threads per cache file: the writer (the sync's writes, the cache's own state, and the
 * file's migrations) and the reader (the query layer's `query:*` ops, on its own connection). In
 * WAL mode the reader answers from the last committed state while the writer writes, so a view never
 * waits behind a sync's transaction. The reader starts after the writer has opened (and migrated) the file.
 */
export class WorkerCacheClient implements CacheClient {
  private readonly writer: WorkerLine;
  private readonly reader: Promise<WorkerLine>;
  private closed = false;

  /**
   * `entry`: the cache worker's entry file (it composes the cache with the layers that read it);
   * `copy`: the reader's analytical copy settings (false: none, SQLite answers every query).
   */
  constructor(
    readonly path: string,
    private readonly entry: string,
    copy?: CacheWorkerData['copy'],
  ) {
    // The writer tells the reader what each commit changed, over a port of their own.
    const { port1, port2 } = new MessageChannel();
    this.writer = new WorkerLine({ path, role: 'writer', entry, changes: port1 }, [port1]);
    // The reader opens once the writer has migrated the file, at once: its copy follows every write from the first.
    this.reader = this.writer.call('read:ready', undefined).then(() => new WorkerLine({ path, role: 'reader', entry, changes: port2, copy }, [port2]));
    this.reader.catch(() => undefined);
  }

  call<K extends CacheOpName>(op: K, ...args: CacheOpArgs<K>): Promise<CacheOpOutput<K>> {
    if (this.closed) return Promise.reject(new ContractError('cache_error', 'The cache is closed'));
    const line = op.startsWith('query:') || op.startsWith('copy:') ? this.reader : Promise.resolve(this.writer);
    return line.then((l) => l.call(op, args[0])) as Promise<CacheOpOutput<K>>;
  }

  async close(): Promise<void> {
    this.closed = true;
    const reader = await this.reader.catch(() => null);
    await Promise.all([this.writer.close(), reader?.close()]);
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
