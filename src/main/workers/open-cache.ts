/**
 * Where the cache worker's entry is (the built `cache-worker.js` beside the bundle, or this folder's
 * `cache-worker.ts` when running from the sources), and a cache client started with it.
 */
import path from 'node:path';
import { type CacheClient, WorkerCacheClient } from '../cache/cache-client';
import { locateWorkerEntry } from '../worker-thread';

export function cacheWorkerEntry(): string {
  return locateWorkerEntry([path.join(__dirname, 'cache-worker.js'), path.join(__dirname, 'cache-worker.ts')]);
}

/** A client of the cache file `file`, served by its own worker thread (created with the file when needed). */
export function openCache(file: string): CacheClient {
  return new WorkerCacheClient(file, cacheWorkerEntry());
}
