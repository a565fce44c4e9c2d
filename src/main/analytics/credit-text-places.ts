/**
 * Places of text sort keys in SQLite's NOCASE order, for the heap of credit-columns-page.ts: each
 * transaction's place is its value's rank among the distinct values (NOCASE-equal texts share one;
 * nulls have none). SQLite orders the values, so the order is exactly that of `ORDER BY <key>
 * COLLATE NOCASE` (JavaScript's `<` on strings differs past the Basic Multilingual Plane).
 *
 * An interned column of the copy (project id, type, buyer) has a small dictionary: only it is
 * ordered. A free-text key (retirement account, beneficiary, reason, note) is read from the table:
 * interned while read in the table's own order when its values repeat (at ten times the default
 * market: 13 reasons, 79,122 beneficiaries and 247,340 notes among 1.6-3.5 million values), so SQLite
 * orders the distinct values only; when they hardly repeat (accounts: 3.1 million distinct among 3.6
 * million) an ordered scan of the rows is cheaper than a dictionary of them all.
 */
import type Database from 'better-sqlite3';
import { foldNoCase } from '../../shared/nocase';
import type { CreditColumns, SortPlaces } from './credit-columns';

/** What the places of a free-text key need of the copy: its transactions' ids, in its row order. */
export type CopyIds = Pick<CreditColumns, 'n' | 'id' | 'minId' | 'maxId'>;

/**
 * When the values read give up interning (the ordered scan then reads the key): more than this share
 * of them distinct at a check (after `SAMPLE_VALUES`, then at every doubling), or more distinct values
 * than `MOST_VALUES`, whose dictionary would cost more than the scan. At ten times the default market
 * the first checks find 100% of the accounts distinct (interned whole, they took 17.8 s and 1.3 GB
 * more against 10.8 s for the scan), 72% of the beneficiaries and 34% of the notes, falling to 2% and
 * 16% over all.
 */
export const SAMPLE_VALUES = 16_384;
const MOST_DISTINCT = 0.8;
const MOST_VALUES = 2 ** 19;

/** The copy's row of a transaction id (-1: none): a dense table when the ids are, else a map. */
function rowsOfIds(cols: CopyIds): (id: number) => number {
  const { maxId } = cols;
  if (maxId <= 4 * cols.n + 1024 && cols.minId >= 0) {
    const table = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < cols.n; i++) table[cols.id[i]!] = i;
    return (id) => (Number.isInteger(id) && id >= 0 && id <= maxId ? table[id]! : -1);
  }
  const map = new Map<number, number>();
  for (let i = 0; i < cols.n; i++) map.set(cols.id[i]!, i);
  return (id) => map.get(id) ?? -1;
}

/** Places of the values of an interned column (`index` per row into `dictionary`, negative or a null entry: no place), in SQLite's NOCASE order of the dictionary. */
export function dictionaryPlaces(db: Database.Database, dictionary: ReadonlyArray<string | null>, index: ArrayLike<number>): SortPlaces {
  const order = db.prepare('SELECT key, value FROM json_each(?) WHERE value IS NOT NULL ORDER BY value COLLATE NOCASE').raw()
    .all(JSON.stringify(dictionary)) as Array<[number, string]>;
  const placeOf = new Int32Array(dictionary.length).fill(-1);
  let last = -1;
  let previous: string | undefined;
  for (const [k, value] of order) {
    const folded = foldNoCase(value);
    if (folded !== previous) last++;
    previous = folded;
    placeOf[k] = last;
  }
  return { place: placeOf, of: index, last };
}

/**
 * Places of a free-text `expression` of `credit_transactions c` (see the module's comment); null when
 * a read meets a transaction the copy does not hold, or one twice. `sample`: values read before the
 * first check (tests make it small).
 */
export function freeTextPlaces(db: Database.Database, cols: CopyIds, expression: string, sample = SAMPLE_VALUES): SortPlaces | null {
  const rowOfId = rowsOfIds(cols);
  return internedPlaces(db, cols, expression, sample, rowOfId) ?? orderedPlaces(db, cols, expression, rowOfId);
}

/**
 * Places from the rows read in the table's order, each value interned; null when the read gives up
 * (a value that is not text, most values read distinct at a check, a transaction the copy lacks or
 * meets twice: the ordered scan then decides).
 */
export function internedPlaces(db: Database.Database, cols: CopyIds, expression: string, sample = SAMPLE_VALUES, rowOfId = rowsOfIds(cols)): SortPlaces | null {
  const of = new Int32Array(cols.n).fill(-1);
  const dictionary = new Map<string, number>();
  let read = 0;
  let check = sample;
  for (const [id, value] of db.prepare(`SELECT c.id, ${expression} FROM credit_transactions c WHERE ${expression} IS NOT NULL`).raw().iterate() as IterableIterator<[number, unknown]>) {
    const row = rowOfId(id);
    if (row < 0 || of[row] !== -1 || typeof value !== 'string') return null;
    let k = dictionary.get(value);
    if (k === undefined) {
      if (dictionary.size === MOST_VALUES) return null;
      dictionary.set(value, (k = dictionary.size));
    }
    of[row] = k;
    if (++read === check) {
      if (dictionary.size > MOST_DISTINCT * read) return null;
      check *= 2;
    }
  }
  return dictionaryPlaces(db, [...dictionary.keys()], of);
}

/**
 * Places from an ordered scan of the rows where `expression` is not null (the others have none: at
 * ten times the default market the scan of the retirement notes took 3.4 s instead of 7.2 s); null
 * when the scan meets a transaction the copy does not hold, or one twice.
 */
export function orderedPlaces(db: Database.Database, cols: CopyIds, expression: string, rowOfId = rowsOfIds(cols)): SortPlaces | null {
  const place = new Int32Array(cols.n).fill(-1);
  const seen = new Uint8Array(cols.n);
  let last = -1;
  let previous: unknown = undefined;
  for (const [id, value] of db.prepare(`SELECT c.id, ${expression} FROM credit_transactions c WHERE ${expression} IS NOT NULL ORDER BY ${expression} COLLATE NOCASE`).raw().iterate() as IterableIterator<[number, unknown]>) {
    const row = rowOfId(id);
    if (row < 0 || seen[row]) return null;
    seen[row] = 1;
    // Equal values share a place: NOCASE-equal texts too (the previous value kept folded).
    const compared = typeof value === 'string' ? foldNoCase(value) : value;
    if (compared !== previous) last++;
    previous = compared;
    place[row] = last;
  }
  return { place, last };
}
