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
import { isBlobInJson, type CreditColumns, type SortPlaces } from './credit-columns';

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

/** Rows of a free-text key handed to JavaScript at a time, as one JSON array per column. */
export const TEXT_CHUNK_ROWS = 16_384;

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
 * meets twice: the ordered scan then decides). Read in chunks of JSON arrays, as the ordered scan is:
 * at ten times the default market the beneficiaries 6.2 -> 3.2 s, the notes 3.8 -> 1.9 s and the
 * reasons 3.2 -> 1.4 s against a row at a time.
 */
export function internedPlaces(db: Database.Database, cols: CopyIds, expression: string, sample = SAMPLE_VALUES, rowOfId = rowsOfIds(cols), chunkRows = TEXT_CHUNK_ROWS): SortPlaces | null {
  const of = new Int32Array(cols.n).fill(-1);
  const dictionary = new Map<string, number>();
  const chunk = db.prepare(`SELECT max(id), count(*), json_group_array(id), json_group_array(value)
    FROM (SELECT c.id AS id, ${expression} AS value FROM credit_transactions c WHERE c.id > ? AND ${expression} IS NOT NULL ORDER BY c.id LIMIT ?)`).raw();
  let read = 0;
  let check = sample;
  let after = -Infinity;
  try {
    for (;;) {
      const [lastId, count, idsJson, valuesJson] = chunk.get(after, chunkRows) as [number, number, string, string];
      if (!count) break;
      after = lastId;
      const ids = JSON.parse(idsJson) as number[];
      const values = JSON.parse(valuesJson) as unknown[];
      for (let i = 0; i < count; i++) {
        const row = rowOfId(ids[i]!);
        const value = values[i];
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
    }
  } catch (err) {
    if (isBlobInJson(err)) return null;
    throw err;
  }
  return dictionaryPlaces(db, [...dictionary.keys()], of);
}

/** The connection's temporary table of an ordered scan (dropped once read). */
const ORDER_SCAN = 'credit_order_scan';

/**
 * Places from an ordered scan of the rows where `expression` is not null (the others have none: at
 * ten times the default market the scan of the retirement notes took 3.4 s instead of 7.2 s); null
 * when the scan meets a transaction the copy does not hold, or one twice, or a blob.
 *
 * SQLite sorts the rows once into a temporary table of the connection (rows inserted in the sort's
 * order), which is then read in chunks, one JSON array per column, the texts folded by `lower()`. At
 * ten times the default market (3.6 million accounts) 10.2-10.5 s read a row at a time and folded in
 * JavaScript, 7.1-7.3 s so. With one sort thread as well (`PRAGMA threads`) it took 5.1 s, but the
 * thread takes the core the reader's other answers need: in the cold bench at that scale (the first
 * launch after a sync) their p95 rose, projects 26 -> 34 ms and credits 51 -> 71 ms, so none. The
 * temporary table is the connection's own (the cache file is not written), so a reader's
 * `query_only` is lifted for it and put back.
 */
export function orderedPlaces(db: Database.Database, cols: CopyIds, expression: string, rowOfId = rowsOfIds(cols), chunkRows = TEXT_CHUNK_ROWS): SortPlaces | null {
  const queryOnly = db.pragma('query_only', { simple: true }) === 1;
  if (queryOnly) db.pragma('query_only = OFF');
  try {
    db.exec(`DROP TABLE IF EXISTS temp.${ORDER_SCAN};
      CREATE TEMP TABLE ${ORDER_SCAN} AS SELECT c.id AS id,
        CASE WHEN typeof(${expression}) = 'text' THEN lower(${expression}) ELSE ${expression} END AS folded FROM credit_transactions c
      WHERE ${expression} IS NOT NULL ORDER BY ${expression} COLLATE NOCASE`);
    const chunk = db.prepare(`SELECT json_group_array(id), json_group_array(folded) FROM temp.${ORDER_SCAN} WHERE rowid > ? AND rowid <= ?`).raw();
    const rows = (db.prepare(`SELECT max(rowid) FROM temp.${ORDER_SCAN}`).pluck().get() as number | null) ?? 0;
    const place = new Int32Array(cols.n).fill(-1);
    const seen = new Uint8Array(cols.n);
    let last = -1;
    let previous: unknown = undefined;
    for (let from = 0; from < rows; from += chunkRows) {
      const [idsJson, foldedJson] = chunk.get(from, from + chunkRows) as [string, string];
      const ids = JSON.parse(idsJson) as number[];
      const folded = JSON.parse(foldedJson) as unknown[];
      for (let i = 0; i < ids.length; i++) {
        const row = rowOfId(ids[i]!);
        if (row < 0 || seen[row]) return null;
        seen[row] = 1;
        // Equal values share a place: NOCASE-equal texts too (folded by SQLite's lower(), which folds
        // the ASCII capitals only, as NOCASE does).
        if (folded[i] !== previous) last++;
        previous = folded[i];
        place[row] = last;
      }
    }
    return { place, last };
  } catch (err) {
    // A blob, which JSON cannot hold: no places (the sort is then answered by SQL).
    if (isBlobInJson(err)) return null;
    throw err;
  } finally {
    db.exec(`DROP TABLE IF EXISTS temp.${ORDER_SCAN}`);
    if (queryOnly) db.pragma('query_only = ON');
  }
}
