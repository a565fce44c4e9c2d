/**
 * credits.list from the reader's columnar copy of the transactions (credit-columns.ts): the total is
 * the number of rows the filter selects, the page the first (offset + per_page) of them in the order
 * of ONE sort key (then the id), kept in a bounded heap; only the page's rows are then read from
 * SQLite, by id. Without the copy SQLite sorts every match of a sort by a column without an index
 * (a full read of the table for `-retirement_account`), or walks an index far when the filter
 * correlates with the order (issuances by quantity).
 *
 * The order is SQLite's own: each transaction's place in `ORDER BY <key> [COLLATE NOCASE]` (equal
 * values share a place; nulls have none and go last both ways). Integer keys (id, quantity, vintage)
 * place a row by its value, interned ones (project id, type, buyer) through their dictionary's
 * NOCASE order, the date through the copy's own date index: none needs an array of its own (at ten
 * times the default market the first sort by quantity took 1.2 s and by id 1.9 s, 21 MB each, and
 * now 0.1 s). Free-text keys (retirement account, beneficiary, reason, note) are read once per copy
 * from the table (seconds at that scale; credit-text-places.ts) and kept with the copy.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, parseSort } from '../../shared/api/params';
import { NO_VINTAGE, creditColumns, creditColumnsKey, creditColumnsStale, rowFilter, selectRows, type CreditColumns, type SortPlaces } from './credit-columns';
import type { CreditFilters } from './credit-filters';
import { CREDIT_SORT_COLUMNS } from './credit-sort';
import { dictionaryPlaces, freeTextPlaces, type CopyIds } from './credit-text-places';
import type { PageRequest } from './page-envelope';

/** The most rows a page may need for the heap; a deeper page is answered by SQL. */
const MAX_HEAP = 10_000;

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
 * Integers placed by their distance from the smallest (`none` and NaN are null), without the sort
 * numericPlaces needs (1.2–1.9 s for 5.3 million numbers), unless one is not an integer or the
 * distances do not fit.
 */
function offsetPlaces(values: Float64Array | Int32Array, none: number, span: number): SortPlaces | null {
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v || v === none) continue;
    if (!Number.isInteger(v)) return null;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  if (low > high) return { low: 0, none, of: values, last: -1 };
  return (high - low + 2) * span < Number.MAX_SAFE_INTEGER ? { low, none, of: values, last: high - low } : null;
}

/** A free-text key being placed elsewhere (sortPlaces then answers null, and keeps nothing). */
const PLACED_ELSEWHERE = Symbol('placed elsewhere');

/** Each transaction's place in SQLite's ascending order of a sort field, built once per copy (null: the copy cannot place it). */
function sortPlaces(db: Database.Database, cols: CreditColumns, field: string): SortPlaces | null {
  if (cols.places.has(field)) return cols.places.get(field)!;
  const column = CREDIT_SORT_COLUMNS[field];
  if (!column || column.natural) return null;
  const span = cols.maxId + 1;
  const places = ((): SortPlaces | null | typeof PLACED_ELSEWHERE => {
    switch (field) {
      case 'id':
        return offsetPlaces(cols.id, NaN, span) ?? numericPlaces(cols.id, () => false);
      case 'quantity':
        return offsetPlaces(cols.quantity, NaN, span) ?? numericPlaces(cols.quantity, (v) => v !== v);
      case 'vintage':
        return offsetPlaces(cols.vintage, NO_VINTAGE, span) ?? numericPlaces(cols.vintage, (v) => v === NO_VINTAGE);
      case 'transaction_date':
        return { place: cols.dateIndex, last: cols.dates.length - 1 };
      case 'project_id':
        return dictionaryPlaces(db, cols.projectIds, cols.project);
      case 'transaction_type':
        return dictionaryPlaces(db, cols.types, cols.type);
      case 'retirement_beneficiary_harmonized':
        return dictionaryPlaces(db, cols.harmonizedNames, cols.harmonized);
      default: {
        if (!column.text) return null;
        const place = placedElsewhere.get(db);
        if (!place) return freeTextPlaces(db, cols, column.sql);
        if (place(field, column.sql, cols) === 'placing') throw new PlacesComing(field);
        return PLACED_ELSEWHERE;
      }
    }
  })();
  // Being placed elsewhere: not kept, so the next sort by it asks again (see placeTextKeysElsewhere).
  if (places === PLACED_ELSEWHERE) return null;
  cols.places.set(field, places);
  return places;
}

/**
 * Asks for the places of a free-text key (`expression` of `credit_transactions c`) of the copy `cols`,
 * read elsewhere: 'placing' when they are being read for that key now (the query then waits for them).
 */
export type PlaceElsewhere = (field: string, expression: string, cols: CreditColumns) => 'placing' | void;

/**
 * Thrown where a sort needs the places of a free-text key being read elsewhere: the query may wait
 * for them (it only reads, so it can simply be asked again) while the connection answers others.
 */
export class PlacesComing extends Error {
  constructor(readonly field: string) {
    super(`the order of ${field} is being read for the columnar copy`);
  }
}

/** Connections whose free-text keys are placed away from them (another thread). */
const placedElsewhere = new WeakMap<Database.Database, PlaceElsewhere>();

/**
 * Places `db`'s free-text sort keys elsewhere from now on: the first sort by one (seconds at ten times
 * the default market: an ordered scan of 3.6 million accounts took 11 s) calls `place` (it should
 * start one placing at a time, then hand the result to adoptSortPlaces), and throws PlacesComing while
 * that key is being placed (or is answered by SQL when it is not, as while another key is), instead
 * of holding every query of the connection until the places are read (null: placed by the query
 * again). A sort by such a key answered by SQL took up to 3.5 s each at that scale, and a stream of
 * them beside the thread reading the places cost more than the wait.
 */
export function placeTextKeysElsewhere(db: Database.Database, place: PlaceElsewhere | null): void {
  if (place) placedElsewhere.set(db, place);
  else placedElsewhere.delete(db);
}

/**
 * Free-text keys whose places are read ahead while the reader is idle, the longest first: the
 * retirement account, nearly every value distinct, whose ordered scan takes 11–16 s at ten times the
 * default market (its places then hold 21 MB), where a first sort by it waited all that time.
 */
const PLACED_AHEAD = ['retirement_account'] as const;

/** Whether the places of `field` are read ahead (and so kept for the next reader: credit-columns-kept.ts). */
export const isPlacedAhead = (field: string): boolean => (PLACED_AHEAD as readonly string[]).includes(field);

/**
 * For a reader left idle: asks the placer (placeTextKeysElsewhere) for the places of the first key of
 * PLACED_AHEAD its current copy lacks, as a sort by it would, so that the first such sort finds them
 * read (or waits only for the rest of the reading). Nothing without a placer, or while the copy is
 * missing or stale (its build comes first: this never starts one).
 */
export function placeAhead(db: Database.Database): void {
  const place = placedElsewhere.get(db);
  if (!place || creditColumnsStale(db)) return;
  // Current: the copy held (null when the rollups are behind or the table cannot be copied).
  const cols = creditColumns(db);
  const field = cols && PLACED_AHEAD.find((f) => !cols.places.has(f));
  if (cols && field) place(field, CREDIT_SORT_COLUMNS[field]!.sql, cols);
}

/** The places of a free-text key of the copy whose ids are `ids`, read in one snapshot under the rollups' `key` (null: the data has moved on since). */
export function textKeyPlaces(db: Database.Database, key: string, expression: string, ids: CopyIds): { key: string; places: SortPlaces | null } | null {
  return db.transaction(() => (creditColumnsKey(db) === key ? { key, places: freeTextPlaces(db, ids, expression) } : null))();
}

/** The buffers of places' arrays, to move them to another thread. */
export function sortPlacesBuffers(places: SortPlaces): ArrayBuffer[] {
  return ['place' in places ? places.place : null, places.of].filter((a): a is Int32Array => a instanceof Int32Array).map((a) => a.buffer as ArrayBuffer);
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

/** Offers `v` to a max-heap holding the `wanted` smallest numbers so far; answers its new size. */
function offer(heap: Float64Array, size: number, wanted: number, v: number): number {
  if (size < wanted) {
    heapPush(heap, size, v);
    return size + 1;
  }
  if (v < heap[0]!) heapReplaceTop(heap, size, v);
  return size;
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
  const { last } = places;
  const { id } = cols;
  const heap = new Float64Array(Math.max(1, wanted));
  let size = 0;
  const { rows, count: total } = selectRows(cols, filter);
  // Each row's number: its place (nulls after every place), then its id. One loop per way of
  // reading a place (SortPlaces), each reading arrays of one or two kinds.
  if (!('of' in places) || places.of === undefined) {
    const { place } = places as { place: Int32Array };
    for (let j = 0; j < total; j++) {
      const i = rows[j]!;
      const p = place[i]!;
      size = offer(heap, size, wanted, (p < 0 ? nullPlace : descending ? last - p : p) * span + id[i]!);
    }
  } else if ('place' in places) {
    const { place, of } = places;
    for (let j = 0; j < total; j++) {
      const i = rows[j]!;
      const k = of[i]!;
      const p = k < 0 ? -1 : place[k]!;
      size = offer(heap, size, wanted, (p < 0 ? nullPlace : descending ? last - p : p) * span + id[i]!);
    }
  } else {
    const { of, low, none } = places;
    for (let j = 0; j < total; j++) {
      const i = rows[j]!;
      const x = of[i]!;
      const p = x !== x || x === none ? -1 : x - low;
      size = offer(heap, size, wanted, (p < 0 ? nullPlace : descending ? last - p : p) * span + id[i]!);
    }
  }
  const first = heap.subarray(0, size).sort();
  const ids = Array.from(first.subarray(req.offset, wanted), (v) => v % span);
  return { total, ids };
}
