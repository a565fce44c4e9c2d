import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { buyerListQuery } from '../../shared/api/params';
import { refreshAggregates } from '../analytics/aggregates';
import { buildCreditColumns, creditColumnsKey, type BuiltCreditColumns, type SortPlaces } from '../analytics/credit-columns';
import { keptOrderBytes, keptOrderFile, keptTransactionsFile, MIN_KEPT_ROWS } from '../analytics/credit-columns-kept';
import { freeTextPlaces } from '../analytics/credit-text-places';
import { openQueryableCache } from '../analytics/schema';
import { credit, project, writeCredits, writeProjects } from '../analytics/testing/tiny-market';
import type { CacheWorkerData } from '../cache/cache-protocol';
import { startWorker } from '../worker-thread';

/**
 * The reader's columnar copy built by real threads, as the cache worker builds it: a `columns` thread
 * on its own read connection, sharing the transactions out to `columns-part` threads once a query
 * wants the copy (the signals it shares with its reader), each share's arrays moved back; and a
 * `places` thread reading the order of a free-text sort key for a copy from its ids.
 */

const ENTRY = path.join(__dirname, 'cache-worker.ts');
let dir: string;
let file: string;
let db: Database.Database;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-columns-threads-'));
  file = path.join(dir, 'cache.sqlite');
  db = openQueryableCache(file);
  writeProjects(db, ['VCS-1', 'vcs-1', 'GLD-2', 'ACR-3'].map((id, i) => project({ project_id: id, registry: ['verra', 'Verra', 'gold-standard', null][i]!, category: i % 2 ? 'forest' : 'Forest', country: 'Kenya' })));
  const buyers = ['Acme', 'acme', "O'Brien", null];
  writeCredits(db, Array.from({ length: 3000 }, (_, i) => credit({
    id: 5000 + i * (i % 7 === 0 ? 3 : 1),
    project_id: ['VCS-1', 'vcs-1', 'GLD-2', 'ACR-3', 'NOT-CACHED'][i % 5]!,
    quantity: i % 11 === 0 ? null : (i % 50) + 0.5,
    retirement_account: i % 3 === 0 ? null : `acc-${i % 40}${i % 2 ? 'X' : 'x'}`,
    vintage: i % 13 === 0 ? null : 2010 + (i % 15),
    transaction_date: i % 17 === 0 ? null : `20${10 + (i % 16)}-0${1 + (i % 9)}-1${i % 10}`,
    transaction_type: (['retirement', 'issuance', 'cancellation', 'Retirement'] as const)[i % 4],
    retirement_beneficiary_harmonized: buyers[i % 4],
  })));
  refreshAggregates(db, 'credits');
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What a reader tells a `columns` thread to do with its read once the copy is handed over (cache-worker.ts). */
const KEEP_WRITE = 1;
const KEEP_DROP = 2;

/**
 * The copy a `columns` thread hands over, and its signals once it has; with `keep` (the rows kept
 * from, and what the reader has told it already), once the thread has also ended by itself. The
 * reader is idle (a copy the kept transactions give may be loaded).
 */
async function built(wanted: boolean, keep?: { minKeptRows: number; tell: number }): Promise<{ built: BuiltCreditColumns | null; signals: number[] }> {
  const signals = new Int32Array(new SharedArrayBuffer(16));
  signals[0] = wanted ? 1 : 0;
  signals[2] = keep?.tell ?? 0;
  signals[3] = 1;
  const workerData: CacheWorkerData = { path: file, role: 'columns', entry: ENTRY, signals, minSharedRows: 0, minKeptRows: keep?.minKeptRows };
  const thread = startWorker(ENTRY, { workerData });
  const ended = new Promise<number>((resolve) => thread.once('exit', resolve));
  try {
    const copy = await new Promise<BuiltCreditColumns | null>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
    if (keep) expect(await ended).toBe(0);
    return { built: copy, signals: Array.from(signals) };
  } finally {
    await thread.terminate();
  }
}

describe('the columnar copy built by threads', () => {
  it('is the copy one read in this thread gives, wanted (shared out to a `columns-part` thread) or not, and says when only its assembly was left', async () => {
    const whole = buildCreditColumns(db)!;
    expect(whole.columns!.n).toBe(3000);
    const wanted = await built(true);
    expect(wanted.built).toEqual(whole);
    expect(wanted.signals).toEqual([1, 1, 0, 1]);
    const unwanted = await built(false);
    expect(unwanted.built).toEqual(whole);
    expect(unwanted.signals).toEqual([0, 1, 0, 1]);
  }, 60_000);

  it('keeps what it read beside the cache once the copy is handed over and its reader idles, and a later `columns` thread loads the same copy from it', async () => {
    const whole = buildCreditColumns(db)!;
    const kept = keptTransactionsFile(file);
    expect(fs.existsSync(kept)).toBe(false);
    // Below the rows kept by default: nothing is.
    await built(false, { minKeptRows: MIN_KEPT_ROWS, tell: KEEP_WRITE });
    expect(fs.existsSync(kept)).toBe(false);
    // Told to drop it: nothing is kept.
    await built(false, { minKeptRows: 0, tell: KEEP_DROP });
    expect(fs.existsSync(kept)).toBe(false);
    expect((await built(true, { minKeptRows: 0, tell: KEEP_WRITE })).built).toEqual(whole);
    const written = fs.statSync(kept);
    // Loaded (the file unchanged), wanted or not, telling its reader at once that only the assembly is left.
    expect(await built(false, { minKeptRows: 0, tell: 0 })).toEqual({ built: whole, signals: [0, 1, 0, 1] });
    expect(await built(true, { minKeptRows: 0, tell: 0 })).toEqual({ built: whole, signals: [1, 1, 0, 1] });
    expect(fs.statSync(kept).mtimeMs).toBe(written.mtimeMs);
    // A file not written for these rows is ignored (the table read) and replaced.
    fs.writeFileSync(kept, 'not a kept copy');
    expect((await built(false, { minKeptRows: 0, tell: KEEP_WRITE })).built).toEqual(whole);
    expect(fs.statSync(kept).size).toBe(written.size);
    fs.rmSync(kept);
  }, 60_000);

  it('a `columns` thread with a read to keep waits, holding it, until its reader says to write it or drop it', async () => {
    const kept = keptTransactionsFile(file);
    for (const tell of [KEEP_DROP, KEEP_WRITE]) {
      const signals = new Int32Array(new SharedArrayBuffer(16));
      const thread = startWorker(ENTRY, { workerData: { path: file, role: 'columns', entry: ENTRY, signals, minSharedRows: 0, minKeptRows: 0 } satisfies CacheWorkerData });
      let exited = false;
      const ended = new Promise<number>((resolve) => thread.once('exit', (code) => resolve(code)));
      void ended.then(() => (exited = true));
      await new Promise((resolve) => thread.once('message', resolve));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(exited).toBe(false);
      expect(fs.existsSync(kept)).toBe(false);
      signals[2] = tell;
      expect(await ended).toBe(0);
      expect(fs.existsSync(kept)).toBe(tell === KEEP_WRITE);
    }
    fs.rmSync(kept);
  }, 60_000);

  it('a copy the kept transactions give is loaded only once its reader idles or a query wants it; one read from the table starts at once', async () => {
    const whole = buildCreditColumns(db)!;
    const kept = keptTransactionsFile(file);
    await built(false, { minKeptRows: 0, tell: KEEP_WRITE });
    expect(fs.existsSync(kept)).toBe(true);
    for (const go of [0, 3]) {
      const signals = new Int32Array(new SharedArrayBuffer(16));
      const thread = startWorker(ENTRY, { workerData: { path: file, role: 'columns', entry: ENTRY, signals, minSharedRows: 0, minKeptRows: 0 } satisfies CacheWorkerData });
      let handed: BuiltCreditColumns | null | undefined;
      const message = new Promise<void>((resolve) => thread.once('message', (copy: BuiltCreditColumns | null) => resolve(void (handed = copy))));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(handed).toBeUndefined();
      expect(signals[1]).toBe(0);
      // A query wants it ([0]) or the reader idles ([3]).
      signals[go] = 1;
      await message;
      expect(handed).toEqual(whole);
      await thread.terminate();
    }
    // No file for these rows: read from the table at once, unwanted.
    fs.rmSync(kept);
    const signals = new Int32Array(new SharedArrayBuffer(16));
    const thread = startWorker(ENTRY, { workerData: { path: file, role: 'columns', entry: ENTRY, signals, minSharedRows: 0 } satisfies CacheWorkerData });
    expect(await new Promise((resolve) => thread.once('message', resolve))).toEqual(whole);
    await thread.terminate();
  }, 60_000);

  it('a reader has its `columns` thread keep the read once the reader idles after the copy arrives', async () => {
    const kept = keptTransactionsFile(file);
    const reader = startWorker(ENTRY, { workerData: { path: file, role: 'reader', entry: ENTRY, minKeptRows: 0 } satisfies CacheWorkerData });
    try {
      const answer = new Promise((resolve) => reader.once('message', resolve));
      reader.postMessage({ id: 1, op: 'query:buyers.list', args: buyerListQuery.parse({}) });
      expect(await answer).toMatchObject({ id: 1, ok: true });
      const until = Date.now() + 20_000;
      while (!fs.existsSync(kept) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fs.existsSync(kept)).toBe(true);
    } finally {
      const closed = new Promise((resolve) => reader.once('message', resolve));
      reader.postMessage({ id: 2, op: 'close' });
      await closed;
      await reader.terminate();
      fs.rmSync(kept, { force: true });
    }
  }, 60_000);

  it('a `places` thread reads the places of a free-text key for a copy from its ids, as the reader would itself, and none under another key', async () => {
    const cols = buildCreditColumns(db)!.columns!;
    const expression = 'c.retirement_account';
    /** The places a `places` thread hands over; with `minKeptRows` (its order kept), once it has ended by itself. */
    const place = async (key: string, minKeptRows?: number, id = cols.id) => {
      const ids = { n: cols.n, id, minId: cols.minId, maxId: cols.maxId };
      const workerData: CacheWorkerData = { path: file, role: 'places', entry: ENTRY, minKeptRows, places: { field: 'retirement_account', expression, key, keep: minKeptRows !== undefined, ids } };
      const thread = startWorker(ENTRY, { workerData });
      const ended = new Promise<number>((resolve) => thread.once('exit', resolve));
      try {
        const placed = await new Promise<{ key: string; places: SortPlaces | null } | null>((resolve, reject) => {
          thread.once('message', resolve);
          thread.once('error', reject);
        });
        if (minKeptRows !== undefined) expect(await ended).toBe(0);
        return placed;
      } finally {
        await thread.terminate();
      }
    };
    const key = creditColumnsKey(db)!;
    const placed = await place(key);
    const read = freeTextPlaces(db, cols, expression)!;
    expect(placed).toEqual({ key, places: read });
    expect(read).not.toBeNull();
    expect(await place('rebuilt since')).toBeNull();

    // Kept for the next reader (below the rows kept by default: not), and loaded from the file by the next thread.
    const kept = keptOrderFile(file, 'retirement_account');
    expect(await place(key, MIN_KEPT_ROWS)).toEqual({ key, places: read });
    expect(fs.existsSync(kept)).toBe(false);
    expect(await place(key, 0)).toEqual({ key, places: read });
    expect(fs.existsSync(kept)).toBe(true);
    // What the file keeps is what is loaded: places written there by hand come back.
    if (!('place' in read)) throw new Error('the accounts are placed by an array of places');
    const reversed = { ...read, place: read.place.map((p) => (p < 0 ? p : read.last - p)) };
    fs.writeFileSync(kept, Buffer.concat(keptOrderBytes(key, expression, cols.id, reversed)!));
    expect(await place(key, 0)).toEqual({ key, places: reversed });
    // For a copy whose rows are in another order, the file is ignored (and replaced).
    const otherOrder = cols.id.slice().reverse();
    expect(await place(key, 0, otherOrder)).toEqual({ key, places: freeTextPlaces(db, { ...cols, id: otherOrder }, expression) });
    expect(await place(key, 0)).toEqual({ key, places: read });
    fs.rmSync(kept);
  }, 60_000);
});
