/**
 * The analytical copy as the app runs it: a reference market synced by the CLI into a cache, then
 * opened by cache clients (the real worker threads). The copy must end up mirroring the cache and
 * answer exactly what SQLite answers, whatever happened to its file: missing, damaged, or cut off
 * by a kill while it was being built; and it follows an incremental sync of a market that moved.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheClient } from '../../cache/cache-client';
import { WorkerCacheClient } from '../../cache/cache-client';
import { cliSync, startTestService, tempDir, type TestService } from '../../sync/test-support';
import { cacheWorkerEntry, openCache } from '../../workers/open-cache';

let service: TestService;
let dataDir: string;
let cacheFile: string;
const copyFile = () => `${cacheFile}.duckdb`;

/** The read model's answers a client gives (a mix of lists, sorts, text filters and aggregates). */
async function answers(cache: CacheClient): Promise<unknown[]> {
  const q = (op: string, input: unknown) => (cache.call as (op: string, args: unknown) => Promise<unknown>)(op, input);
  return Promise.all([
    q('query:credits.list', { per_page: 30, sort: ['-retirement_note', 'quantity'] }),
    q('query:credits.list', { per_page: 10, current_page: 3, registry: ['verra'], transaction_type: ['retirement'], beneficiary_search: 'A' }),
    q('query:credits.totals', { vintage_min: 2015 }),
    q('query:projects.list', { per_page: 20, sort: ['-issued'], search: 'fo' }),
    q('query:projects.facets', {}),
    q('query:buyers.list', { per_page: 20, sort: ['buyer_name'] }),
    q('query:charts.supplyDemand', { aggregation: 'quarterly' }),
    q('query:charts.creditsByTransactionDateAll', { freq: 'W', category: ['forest'] }),
  ]);
}

/** What SQLite alone answers (a client whose reader keeps no copy). */
async function sqliteAnswers(): Promise<unknown[]> {
  const cache = new WorkerCacheClient(cacheFile, cacheWorkerEntry(), false);
  try {
    return await answers(cache);
  } finally {
    await cache.close();
  }
}

/** Opens the cache, checks its first answers and, once the copy has caught up, that it is current and answers the same. */
async function expectCopyCatchesUp(expected: unknown[]): Promise<void> {
  const cache = openCache(cacheFile);
  try {
    // At once, whether the copy is there yet or SQLite answers meanwhile.
    expect(await answers(cache)).toEqual(expected);
    const status = await cache.call('copy:settled');
    expect(status).toMatchObject({ current: true, rebuilding: null });
    expect(await answers(cache)).toEqual(expected);
  } finally {
    await cache.close();
  }
}

beforeAll(async () => {
  service = await startTestService();
  dataDir = tempDir('copy');
  const synced = await cliSync(service, dataDir, { only: ['keyInfo', 'projects', 'credits'] });
  expect(synced.code, synced.stdout).toBe(0);
  expect(JSON.parse(synced.stdout).analyticalCopy).toEqual({ current: true });
  const dir = path.join(dataDir, 'cache');
  cacheFile = path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.sqlite'))!);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the analytical copy', () => {
  it('follows the sync that filled the cache: current when the sync ends, answering as SQLite does', async () => {
    expect(fs.statSync(copyFile()).size).toBeGreaterThan(0);
    await expectCopyCatchesUp(await sqliteAnswers());
  }, 60_000);

  it('is made again from the cache when its file is missing', async () => {
    const expected = await sqliteAnswers();
    fs.rmSync(copyFile(), { force: true });
    fs.rmSync(`${copyFile()}.wal`, { force: true });
    await expectCopyCatchesUp(expected);
  }, 60_000);

  it('is made again from the cache when its file is damaged', async () => {
    const expected = await sqliteAnswers();
    fs.writeFileSync(copyFile(), Buffer.alloc(64 * 1024, 0x5a));
    fs.rmSync(`${copyFile()}.wal`, { force: true });
    await expectCopyCatchesUp(expected);
  }, 60_000);

  it('killed while it is being built, it is built again at the next launch', async () => {
    const expected = await sqliteAnswers();
    for (const delayMs of [0, 60, 200]) {
      fs.rmSync(copyFile(), { force: true });
      fs.rmSync(`${copyFile()}.wal`, { force: true });
      // A process that opens the cache (its copy is then built from it), SIGKILLed soon after the copy's file appears.
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', `
        const { openCache } = require(${JSON.stringify(path.resolve(__dirname, '../../workers/open-cache.ts'))});
        const cache = openCache(${JSON.stringify(cacheFile)});
        cache.call('copy:settled').then(() => cache.close());`], { stdio: 'ignore' });
      const exited = new Promise<string | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (!fs.existsSync(copyFile()) && child.exitCode === null) return;
          clearInterval(poll);
          setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, delayMs);
        }, 5);
      });
      await exited;
      await expectCopyCatchesUp(expected);
    }
  }, 120_000);

  it('follows an incremental sync of a market that moved on', async () => {
    const db = path.join(tempDir('copy-market'), 'market.sqlite');
    const before = await startTestService(['--db', db]);
    const moved = tempDir('copy-moved');
    try {
      expect((await cliSync(before, moved, { only: ['keyInfo', 'projects', 'credits'] })).code).toBe(0);
    } finally {
      await before.stop();
    }
    const after = await startTestService(['--db', db, '--advance-days', '20']);
    try {
      const again = await cliSync(after, moved, { only: ['keyInfo', 'projects', 'credits'] });
      expect(again.code, again.stdout).toBe(0);
      expect(JSON.parse(again.stdout).analyticalCopy).toEqual({ current: true });
    } finally {
      await after.stop();
    }
    const dir = path.join(moved, 'cache');
    const file = path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.sqlite'))!);
    const withCopy = openCache(file);
    const withoutCopy = new WorkerCacheClient(file, cacheWorkerEntry(), false);
    try {
      expect(await withCopy.call('copy:status')).toMatchObject({ current: true });
      expect(await answers(withCopy)).toEqual(await answers(withoutCopy));
    } finally {
      await Promise.all([withCopy.close(), withoutCopy.close()]);
      fs.rmSync(moved, { recursive: true, force: true });
    }
  }, 180_000);
});
