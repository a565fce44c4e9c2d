import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { creditTransactionSchema } from '../../shared/api';
import { rebuildRollups, refreshAggregates } from './aggregates';
import { buildCreditColumns, buildCreditColumnsInParts, creditColumnsKey, NO_VINTAGE, type CopiedPart, type KeptTransactions, type SortPlaces } from './credit-columns';
import { keptOrderBytes, keptOrderFile, keptOrders, keptTransactions, keptTransactionsBytes, keptTransactionsFile, MIN_KEPT_ROWS, orderOfKept, transactionsOfKept } from './credit-columns-kept';
import { freeTextPlaces } from './credit-text-places';
import { seededRandom } from './testing/synced-market';
import { credit, project, tinyMarket, writeCredits, writeProjects } from './testing/tiny-market';

/**
 * The transactions kept beside the cache for the next reader (credit-columns-kept.ts): a copy built
 * from the kept file is the copy a read of the table gives, the file is used only for the rows it
 * was read from (the rollups' key and the count), and a file that is damaged, cut short or of another
 * shape is ignored, never trusted.
 */

let dir: string;
let cacheFile: string;
let db: Database.Database;

const BUYERS = ['Acme', 'acme', "O'Brien", '100% Green_Co', '\u{1F331} Leaf Ltd', null];

/** A market with sparse ids, nulls in every column, fractions, a transaction of no project and ids past 2^32. */
function writeMarket(firstId: number, count: number, seed: number): void {
  const r = seededRandom(seed);
  writeCredits(db, Array.from({ length: count }, (_, i) => {
    const fields = {
      id: i === count - 1 ? 2 ** 40 + firstId : firstId + i * (i % 5 === 0 ? 7 : 1),
      quantity: r.chance(0.05) ? null : r.chance(0.2) ? r.int(1, 9_000) + 0.25 : r.int(1, 60),
      vintage: r.chance(0.1) ? null : r.int(2012, 2024),
      transaction_date: r.chance(0.05) ? null : `20${r.int(10, 26)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      transaction_type: r.pick(['issuance', 'retirement', 'Retirement', 'cancellation', null] as const),
      retirement_beneficiary_harmonized: r.pick(BUYERS),
    };
    if (i % 97 === 0) return creditTransactionSchema.parse({ ...fields, projects: [] });
    return credit({ ...fields, project_id: r.pick(['VCS-1', 'vcs-1', 'GLD-2', 'NOT-CACHED']) });
  }));
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-kept-copy-'));
  cacheFile = path.join(dir, 'cache.sqlite');
  db = tinyMarket();
  db.exec('DELETE FROM credit_transactions');
  writeProjects(db, [project({ project_id: 'VCS-1', registry: 'verra', category: 'forest' }), project({ project_id: 'GLD-2', registry: 'gold-standard', category: null })]);
  writeMarket(10_000, 1_500, 5);
  rebuildRollups(db);
});

afterEach(() => {
  for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { force: true });
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A kept store that counts the files it loaded. */
function counted(minRows = 0) {
  const kept = keptTransactions(cacheFile, minRows);
  const counts = { loaded: 0, missed: 0 };
  return {
    counts,
    kept: {
      ...kept,
      read: (key: string, n: number) => {
        const read = kept.read(key, n);
        counts[read ? 'loaded' : 'missed']++;
        return read;
      },
    },
  };
}

const noElsewhere = () => Promise.reject(new Error('read here'));
const build = (kept: KeptTransactions) => buildCreditColumnsInParts(db, 1, noElsewhere, { chunkRows: 97, kept });

/** The transactions a build read (`keep` told them), as the file would keep them. */
async function readByBuild(): Promise<{ key: string; read: CopiedPart }> {
  let told: { key: string; read: CopiedPart } | null = null;
  await build({ holds: () => false, read: () => null, keeps: () => true, keep: (key, read) => (told = { key, read }) });
  expect(told).not.toBeNull();
  return told!;
}

describe('the transactions kept for the next reader', () => {
  it('a copy loaded from the kept file is the copy a read of the table gives, and loading reads nothing of the table but its key and count', async () => {
    const fresh = buildCreditColumns(db)!;
    expect(fresh.columns!.n).toBe(1_500);
    const first = counted();
    expect(await build(first.kept)).toEqual(fresh);
    expect(first.counts).toEqual({ loaded: 0, missed: 1 });
    expect(fs.existsSync(keptTransactionsFile(cacheFile))).toBe(false);
    await first.kept.written();
    expect(fs.existsSync(keptTransactionsFile(cacheFile))).toBe(true);

    const second = counted();
    expect(await build(second.kept)).toEqual(fresh);
    expect(second.counts).toEqual({ loaded: 1, missed: 0 });
    // Loaded, nothing is kept again.
    const before = fs.statSync(keptTransactionsFile(cacheFile)).mtimeMs;
    await second.kept.written();
    expect(fs.statSync(keptTransactionsFile(cacheFile)).mtimeMs).toBe(before);
    // Every value as read, ids past 2^32, nulls (NaN quantity, no vintage, no name) and fractions included.
    const { key, read } = await readByBuild();
    const loaded = transactionsOfKept(Buffer.concat(keptTransactionsBytes(key, read)), key, read.count)!;
    expect(loaded).toEqual(read);
    expect(Math.max(...loaded.id)).toBe(2 ** 40 + 10_000);
    expect(loaded.quantity.some(Number.isNaN)).toBe(true);
    expect(loaded.quantity.some((q) => q % 1 === 0.25)).toBe(true);
    expect(loaded.vintage).toContain(NO_VINTAGE);
    expect(loaded.harmonized).toContain(-1);
    // Any string a dictionary may hold (SQLite gives none with a lone surrogate, JSON keeps one as an escape).
    const odd = { ...read, names: read.names.map((name, k) => (k === 0 ? '\uD800 lone "quoted" \\ %' : name)) };
    expect(transactionsOfKept(Buffer.concat(keptTransactionsBytes(key, odd)), key, read.count)).toEqual(odd);
  });

  it('is used only for the rows it was read from: after a write its key differs, the table is read and kept again', async () => {
    const first = counted();
    await build(first.kept);
    await first.kept.written();
    const oldKey = creditColumnsKey(db);
    writeMarket(50_000, 40, 9);
    refreshAggregates(db, 'credits');
    expect(creditColumnsKey(db)).not.toBe(oldKey);
    const fresh = buildCreditColumns(db)!;
    const after = counted();
    expect(await build(after.kept)).toEqual(fresh);
    expect(after.counts).toEqual({ loaded: 0, missed: 1 });
    await after.kept.written();
    const again = counted();
    expect(await build(again.kept)).toEqual(fresh);
    expect(again.counts).toEqual({ loaded: 1, missed: 0 });
    // While a rollup is dirty there is no copy, kept or read.
    db.prepare('UPDATE credit_transactions SET quantity = 1 WHERE id = 10001').run();
    expect(await build(counted().kept)).toBeNull();
    refreshAggregates(db, 'credits');
  });

  it('ignores a file of another key, count or format, cut short, damaged, or with an index out of its dictionary', async () => {
    const { key, read } = await readByBuild();
    const bytes = Buffer.concat(keptTransactionsBytes(key, read));
    expect(transactionsOfKept(bytes, key, read.count)).toEqual(read);
    expect(transactionsOfKept(bytes, `${key} `, read.count)).toBeNull();
    expect(transactionsOfKept(bytes, key, read.count + 1)).toBeNull();
    const otherMagic = Buffer.from(bytes);
    otherMagic.write('CDCOPY99', 0, 'latin1');
    expect(transactionsOfKept(otherMagic, key, read.count)).toBeNull();
    // Cut short, or longer than its columns.
    expect(transactionsOfKept(bytes.subarray(0, bytes.length - 10), key, read.count)).toBeNull();
    expect(transactionsOfKept(Buffer.concat([bytes, Buffer.from([0])]), key, read.count)).toBeNull();
    // A byte changed in the last column: deflate's checksum fails.
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 6] = damaged[damaged.length - 6]! ^ 0xff;
    expect(() => transactionsOfKept(damaged, key, read.count)).toThrow();
    // A name index past the names it keeps.
    const fewerNames = Buffer.concat(keptTransactionsBytes(key, { ...read, names: read.names.slice(0, 1) }));
    expect(transactionsOfKept(fewerNames, key, read.count)).toBeNull();

    // As a build meets them in the file: ignored, the table read instead (and kept again).
    const fresh = buildCreditColumns(db)!;
    for (const file of [damaged, bytes.subarray(0, 20), Buffer.alloc(0), fewerNames]) {
      fs.writeFileSync(keptTransactionsFile(cacheFile), file);
      const store = counted();
      expect(await build(store.kept)).toEqual(fresh);
      expect(store.counts).toEqual({ loaded: 0, missed: 1 });
    }
  });

  it('keeps tables of a million transactions or more only (by default), and sweeps the partial files of writes cut short', async () => {
    expect(MIN_KEPT_ROWS).toBe(1_000_000);
    const small = keptTransactions(cacheFile);
    expect(small.keeps(1_500)).toBe(false);
    expect(small.keeps(MIN_KEPT_ROWS)).toBe(true);
    await build(small);
    await small.written();
    expect(fs.existsSync(keptTransactionsFile(cacheFile))).toBe(false);

    const target = keptTransactionsFile(cacheFile);
    const old = `${target}.partial-1-0-1`;
    const recent = `${target}.partial-2-0-2`;
    fs.writeFileSync(old, 'cut short');
    fs.writeFileSync(recent, 'being written');
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    const store = counted();
    await build(store.kept);
    await store.kept.written();
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(target), path.basename(recent)].sort());
  });

  it('a write that fails loses nothing: no file, no partial, and the next build reads the table', async () => {
    // A folder where the file would go: the rename fails.
    fs.mkdirSync(keptTransactionsFile(cacheFile));
    const store = counted();
    await build(store.kept);
    await expect(store.kept.written()).resolves.toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([path.basename(keptTransactionsFile(cacheFile))]);
    fs.rmdirSync(keptTransactionsFile(cacheFile));
    const next = counted();
    expect(await build(next.kept)).toEqual(buildCreditColumns(db));
    expect(next.counts).toEqual({ loaded: 0, missed: 1 });
  });
});

describe('the order of a free-text sort key kept for the next reader', () => {
  it('gives back the places kept, per transaction or per distinct value, only for the same key, expression and copy rows in the same order', () => {
    const cols = buildCreditColumns(db)!.columns!;
    const key = creditColumnsKey(db)!;
    const { id, n } = cols;
    const perValue = freeTextPlaces(db, cols, 'c.retirement_beneficiary_harmonized')!;
    expect(perValue.of).toBeInstanceOf(Int32Array);
    const perRow: SortPlaces = { place: Int32Array.from({ length: n }, (_, k) => (k % 9 === 0 ? -1 : (k * 7919) % 1000)), last: 999 };
    for (const [expression, places] of [['c.retirement_beneficiary_harmonized', perValue], ['c.retirement_account', perRow]] as const) {
      const bytes = Buffer.concat(keptOrderBytes(key, expression, id, places)!);
      expect(orderOfKept(bytes, key, expression, id)).toEqual(places);
      expect(orderOfKept(bytes, `${key} `, expression, id)).toBeNull();
      expect(orderOfKept(bytes, key, 'c.retirement_note', id)).toBeNull();
      expect(orderOfKept(bytes, key, expression, id.subarray(1))).toBeNull();
      // The same ids, two rows swapped: another copy order.
      const swapped = id.slice();
      [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
      expect(orderOfKept(bytes, key, expression, swapped)).toBeNull();
      expect(orderOfKept(bytes.subarray(0, bytes.length - 1), key, expression, id)).toBeNull();
    }
    // A place beyond the last, or a value index beyond the places: not trusted.
    const beyond = Buffer.concat(keptOrderBytes(key, 'x', id, { ...perRow, last: 10 })!);
    expect(orderOfKept(beyond, key, 'x', id)).toBeNull();
    if (!('place' in perValue)) throw new Error('names are placed per distinct value');
    expect(perValue.place.length).toBeGreaterThan(2);
    const fewerValues = Buffer.concat(keptOrderBytes(key, 'x', id, { ...perValue, place: perValue.place.slice(0, 1) })!);
    expect(orderOfKept(fewerValues, key, 'x', id)).toBeNull();
    // Places by value (a number key) are not kept this way.
    expect(keptOrderBytes(key, 'x', id, { low: 0, none: -1, of: cols.vintage, last: 10 })).toBeNull();
  });

  it('is written beside the cache under the field name and read back by it; a missing or foreign file reads as none', async () => {
    const cols = buildCreditColumns(db)!.columns!;
    const key = creditColumnsKey(db)!;
    const places = freeTextPlaces(db, cols, 'c.retirement_account')!;
    const orders = keptOrders(cacheFile, 0);
    expect(orders.read('retirement_account', key, 'c.retirement_account', cols.id)).toBeNull();
    await orders.write('retirement_account', key, 'c.retirement_account', cols.id, places);
    expect(fs.existsSync(keptOrderFile(cacheFile, 'retirement_account'))).toBe(true);
    expect(orders.read('retirement_account', key, 'c.retirement_account', cols.id)).toEqual(places);
    expect(orders.read('retirement_note', key, 'c.retirement_account', cols.id)).toBeNull();
    fs.writeFileSync(keptOrderFile(cacheFile, 'retirement_account'), Buffer.concat(keptTransactionsBytes(key, (await readByBuild()).read)));
    expect(orders.read('retirement_account', key, 'c.retirement_account', cols.id)).toBeNull();
    expect(keptOrders(cacheFile).keeps(cols.n)).toBe(false);
    expect(orders.keeps(cols.n)).toBe(true);
  });
});
