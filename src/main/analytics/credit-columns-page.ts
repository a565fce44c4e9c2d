/**
 * credits.list from the reader's columnar copy of the transactions (credit-columns.ts): the total is
 * the number of rows the filter selects, the page the first (offset + per_page) of them in the order
 * of ONE sort key (then the id), kept in a bounded heap; only the page's rows are then read from
 * SQLite, by id. Without the copy SQLite sorts every match of a sort by a column without an index
 * (a full read of the table for `-retirement_account`), or walks an index far when the filter
 * correlates with the order (issuances by quantity).
 *
 * The order is SQLite's own: each transaction's place in `ORDER BY <key> [COLLATE NOCASE]` (equal
 * values share a place; nulls have none and go last both ways), read once per copy and key from an
 * ordered scan (an index walk for indexed keys, a sort for the others: about 1 s at 532,799
 * transactions), then kept with the copy.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, parseSort } from '../../shared/api/params';
import { foldNoCase } from '../../shared/nocase';
import { NO_VINTAGE, creditColumns, rowFilter, selectRows, vintageRange, type CreditColumns, type SortPlaces } from './credit-columns';
import type { CreditFilters } from './credit-filters';
import { CREDIT_SORT_COLUMNS } from './credit-sort';
import type { PageRequest } from './page-envelope';

/** The most rows a page may need for the heap; a deeper page is answered by SQL. */
const MAX_HEAP = 10_000;

/** The copy's row of a transaction id (-1: none): a dense table when the ids are, else a map. */
function rowsOfIds(cols: CreditColumns): (id: number) => number {
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

/** Places of numbers (`isNull`: no place): the rank among the distinct values, ascending. */
function numericPlaces(values: Float64Array | Int32Array, isNull: (v: number) => boolean): SortPlaces {
  const sorted = Float64Array.from(values).sort();
  // distinct non-null values, in place
  let m = 0;
  for (let k = 0; k < sorted.length; k++) {
    const v = sorted[k]!;
    if (!isNull(v) && (m === 0 || v !== sorted[m - 1])) sorted[m++] = v;
  }
  const distinct = sorted.subarray(0, m);
  const place = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (isNull(v)) {
      place[i] = -1;
      continue;
    }
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    place[i] = lo;
  }
  return { place, last: m - 1 };
}

/**
 * Places of the vintages (integers): each one's distance from the smallest, without the sort
 * numericPlaces needs (about 1 s for 5.3 million numbers), unless the distances do not fit.
 */
function vintagePlaces(cols: CreditColumns): SortPlaces {
  const { low, high } = vintageRange(cols);
  if (high - low > 2147483646) return numericPlaces(cols.vintage, (v) => v === NO_VINTAGE);
  return { place: cols.vintage.map((v) => (v === NO_VINTAGE ? -1 : v - low)), last: high - low };
}

/** Places of interned strings (`index` per row into `dictionary`, -1 or a null entry: no place), in SQLite's NOCASE order of the dictionary. */
function dictionaryPlaces(db: Database.Database, dictionary: ReadonlyArray<string | null>, index: ArrayLike<number>): SortPlaces {
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
  return { place: Int32Array.from({ length: index.length }, (_, i) => (index[i]! < 0 ? -1 : placeOf[index[i]!]!)), last };
}

/** Each transaction's place in SQLite's ascending order of a sort field, built once per copy (null: the copy cannot place it). */
function sortPlaces(db: Database.Database, cols: CreditColumns, field: string): SortPlaces | null {
  if (cols.places.has(field)) return cols.places.get(field)!;
  const column = CREDIT_SORT_COLUMNS[field];
  if (!column || column.natural) return null;
  const places = ((): SortPlaces | null => {
    switch (field) {
      case 'id':
        return numericPlaces(cols.id, () => false);
      case 'quantity':
        return numericPlaces(cols.quantity, (v) => v !== v);
      case 'vintage':
        return vintagePlaces(cols);
      case 'transaction_date':
        return { place: cols.dateIndex, last: cols.dates.length - 1 };
      case 'project_id':
        return dictionaryPlaces(db, cols.projectIds, cols.project);
      case 'transaction_type':
        return dictionaryPlaces(db, cols.types, cols.type);
      case 'retirement_beneficiary_harmonized':
        return dictionaryPlaces(db, cols.harmonizedNames, cols.harmonized);
      default:
        return scannedPlaces(db, cols, column.sql, column.text);
    }
  })();
  cols.places.set(field, places);
  return places;
}

/** Each transaction's place in SQLite's ascending order of `expression` (text: NOCASE), from an ordered scan; null when the scan does not match the copy. */
function scannedPlaces(db: Database.Database, cols: CreditColumns, expression: string, text: boolean): SortPlaces | null {
  const key = `${expression}${text ? ' COLLATE NOCASE' : ''}`;
  const rowOfId = rowsOfIds(cols);
  const place = new Int32Array(cols.n).fill(-2);
  let last = -1;
  let previous: unknown = undefined;
  let seen = 0;
  let ok = true;
  for (const [id, value] of db.prepare(`SELECT c.id, ${expression} FROM credit_transactions c ORDER BY ${key}`).raw().iterate() as IterableIterator<[number, unknown]>) {
    const row = rowOfId(id);
    if (row < 0 || place[row] !== -2) {
      ok = false;
      break;
    }
    seen++;
    if (value === null) {
      place[row] = -1;
      continue;
    }
    const same = previous !== undefined && (text && typeof value === 'string' && typeof previous === 'string' ? foldNoCase(value) === foldNoCase(previous) : value === previous);
    if (!same) last++;
    previous = value;
    place[row] = last;
  }
  return ok && seen === cols.n ? { place, last } : null;
}

/** A max-heap of numbers in a Float64Array (the largest at 0). */
function heapPush(heap: Float64Array, size: number, v: number): void {
  let i = size;
  heap[i] = v;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]! >= v) break;
    heap[i] = heap[parent]!;
    heap[parent] = v;
    i = parent;
  }
}

function heapReplaceTop(heap: Float64Array, size: number, v: number): void {
  let i = 0;
  heap[0] = v;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let largest = i;
    if (l < size && heap[l]! > heap[largest]!) largest = l;
    if (r < size && heap[r]! > heap[largest]!) largest = r;
    if (largest === i) return;
    heap[i] = heap[largest]!;
    heap[largest] = v;
    i = largest;
  }
}

export interface ColumnsPage {
  total: number;
  /** The page's transaction ids, in the list's order. */
  ids: number[];
}

/**
 * The total and the page's ids of credits.list for `q` from the copy, or null when it does not
 * answer: no copy (or not current), a filter it does not hold (beneficiary search, one buyer), more
 * than one sort key, or a page deeper than the heap.
 */
export function creditPageFromColumns(db: Database.Database, q: CreditFilters & { sort?: string[] }, req: PageRequest): ColumnsPage | null {
  let keys;
  try {
    keys = parseSort(q.sort, Object.keys(CREDIT_SORT_COLUMNS), DEFAULT_SORT.credits);
  } catch {
    return null; // the SQL path refuses it
  }
  const wanted = req.offset + req.perPage;
  if (keys.length !== 1 || wanted > MAX_HEAP) return null;
  const cols = creditColumns(db);
  const filter = cols && rowFilter(db, cols, q, true);
  if (!filter) return null;
  const { field, descending } = keys[0]!;
  const places = sortPlaces(db, cols, field);
  if (!places) return null;
  // One number per row: its place in the list's order (nulls last), then its id; exact below 2^53.
  const span = cols.maxId + 1;
  if ((places.last + 2) * span >= Number.MAX_SAFE_INTEGER || cols.minId < 0) return null;
  const nullPlace = places.last + 1;
  const heap = new Float64Array(Math.max(1, wanted));
  let size = 0;
  const { place } = places;
  const { rows, count: total } = selectRows(cols, filter);
  for (let j = 0; j < total; j++) {
    const i = rows[j]!;
    const p = place[i]!;
    const v = (p < 0 ? nullPlace : descending ? places.last - p : p) * span + cols.id[i]!;
    if (size < wanted) heapPush(heap, size++, v);
    else if (v < heap[0]!) heapReplaceTop(heap, size, v);
  }
  const first = heap.subarray(0, size).sort();
  const ids = Array.from(first.subarray(req.offset, wanted), (v) => v % span);
  return { total, ids };
}
