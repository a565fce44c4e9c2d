import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { refreshAggregates } from '../analytics/aggregates';
import { buildCreditColumns, creditColumnsKey, type BuiltCreditColumns, type SortPlaces } from '../analytics/credit-columns';
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

/** The copy a `columns` thread hands over, and its signals once it has. */
async function built(wanted: boolean): Promise<{ built: BuiltCreditColumns | null; signals: number[] }> {
  const signals = new Int32Array(new SharedArrayBuffer(8));
  signals[0] = wanted ? 1 : 0;
  const workerData: CacheWorkerData = { path: file, role: 'columns', entry: ENTRY, signals, minSharedRows: 0 };
  const thread = startWorker(ENTRY, { workerData });
  try {
    const copy = await new Promise<BuiltCreditColumns | null>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
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
    expect(wanted.signals).toEqual([1, 1]);
    const unwanted = await built(false);
    expect(unwanted.built).toEqual(whole);
    expect(unwanted.signals).toEqual([0, 1]);
  }, 60_000);

  it('a `places` thread reads the places of a free-text key for a copy from its ids, as the reader would itself, and none under another key', async () => {
    const cols = buildCreditColumns(db)!.columns!;
    const place = async (key: string) => {
      const workerData: CacheWorkerData = { path: file, role: 'places', entry: ENTRY, places: { expression: 'c.retirement_account', key, ids: { n: cols.n, id: cols.id, minId: cols.minId, maxId: cols.maxId } } };
      const thread = startWorker(ENTRY, { workerData });
      try {
        return await new Promise<{ key: string; places: SortPlaces | null } | null>((resolve, reject) => {
          thread.once('message', resolve);
          thread.once('error', reject);
        });
      } finally {
        await thread.terminate();
      }
    };
    const key = creditColumnsKey(db)!;
    const placed = await place(key);
    expect(placed).toEqual({ key, places: freeTextPlaces(db, cols, 'c.retirement_account') });
    expect(placed!.places).not.toBeNull();
    expect(await place('rebuilt since')).toBeNull();
  }, 60_000);
});
