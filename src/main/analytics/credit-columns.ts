/**
 * An in-memory, columnar copy of the cached credit transactions, held per reader connection, for
 * first answers of filtered aggregations (buyers.list, the all-projects transaction-date chart and
 * supply-demand under project, project id or quantity filters) and of credits.list
 * (credit-columns-page.ts): a filter over every transaction in
 * typed arrays takes milliseconds where SQLite reads (and sorts) a large share of the table.
 *
 * Only what those answers need is kept: id, parent project, type, vintage, date (as the number
 * YYYYMMDD), quantity and the harmonized buyer name (interned), plus each cached project's
 * category, country and registry. About 49 bytes a transaction (26 MB at 532,799), and 4 more for the
 * list of rows an answer selects; built in one read
 * of the table in chunks of JSON text, one array per column (0.7–0.9 s at that scale on a busy 2-core machine).
 *
 * Freshness: the copy is used only while the credit rollups are current (agg_state: no write since
 * their rebuild) and is keyed by their rebuild; every write to the transactions marks them dirty and
 * every write of a project's id, category, country or registry marks the buyers rollup dirty (the
 * triggers of migration 100), and a published full pass rebuilds them in the transaction that
 * publishes it. So the copy is rebuilt exactly when its source rows may have changed, and while a
 * rollup is dirty every answer falls back to SQL. Project filters themselves are evaluated by SQL on
 * `projects` for each query, so the copy never holds them; it maps the rowids they select to its
 * projects (rowids stay put while the copy is current, and one it does not know sends the answer to SQL).
 *
 * An answer first narrows the rows to those its filter selects, one pass per term (selectRows),
 * then sums or ranks only those.
 *
 * Semantics are the SQL's: exact filters ignore ASCII case (NOCASE), a null matches no term, totals
 * skip null quantities (total()), bins and periods are computed by SQLite's own expressions for each
 * distinct date. A table the copy cannot represent exactly (a date not YYYY-MM-DD, a non-integer
 * vintage, a non-numeric quantity) is never copied: the answers stay with SQL.
 */
import type Database from 'better-sqlite3';
import { compareBinary, compareNoCase, foldNoCase } from '../../shared/nocase';
import { buyerKey, toBuyer, type BuyerSums } from './buyer-metrics';
import { dayNumber } from './market-calendar';
import { beneficiaryColumns, type CreditFilters } from './credit-filters';
import { containsSql } from './text-match';
import { hasProjectFilters, projectWhere, type ProjectFilters } from './project-filters';
import { whereSql, type SqlWhere } from './sql-where';
import { forgetAnswers, memoAnswer } from './query-memo';
import type { Buyer } from '../../shared/api/resources';
import { PROJECT_FILTER_KEYS, buyerFilterParams } from '../../shared/api/params';

/** The vintage of a transaction without one. */
export const NO_VINTAGE = -2147483648;
/** projectOfRowid: a cached project no transaction names. */
const PROJECT_WITHOUT_ROWS = -1;
/** projectOfRowid: a rowid no project had when the copy was built. */
const NO_PROJECT = -2;

type LabelColumn = 'category' | 'country' | 'registry';
const LABEL_COLUMNS: readonly LabelColumn[] = ['category', 'country', 'registry'];

/** One label column of the cached projects: per project its NOCASE class and exact value. */
interface Labels {
  /** Per project index: the class (index into `classes`, sorted by folded value), -1 when null or not cached. */
  classOf: Int32Array;
  /** Per project index: the value's rank among `values` (binary order). */
  valueOf: Int32Array;
  classes: string[];
  values: string[];
}

export interface CreditColumns {
  n: number;
  /** Per transaction: its id (a safe integer). */
  id: Float64Array;
  /** The smallest and largest id (0 when there are none). */
  minId: number;
  maxId: number;
  /** Per transaction: index into projectIds (a null project_id has its own index). */
  project: Int32Array;
  /** Per transaction: index into types. */
  type: Uint8Array;
  vintage: Int32Array;
  /** The distinct vintages (not NO_VINTAGE), ascending. */
  vintageValues: Int32Array;
  /** YYYYMMDD, 0 when null. */
  date: Int32Array;
  /** Per transaction: the index of its date in `dates`, -1 when null. */
  dateIndex: Int32Array;
  /** NaN when null. */
  quantity: Float64Array;
  /** Per transaction: its harmonized beneficiary name (index into harmonizedNames), -1 when null. */
  harmonized: Int32Array;
  harmonizedNames: string[];
  /** Per transaction: a retirement's buyer (index into buyerKeys), -1 for others and retirements without a harmonized name. */
  buyer: Int32Array;
  /** Per transaction with a buyer: its harmonized name's rank among buyerNames (binary order). */
  buyerName: Int32Array;
  /** The transactions with a buyer: the first `buyerRows` ones (the copy's rows are ordered by buyer, then project). */
  buyerRows: number;
  /** The rows of each buyer: `buyerRowStart[b] .. buyerRowStart[b + 1]`, ascending (buyerKeys.length + 1 entries). */
  buyerRowStart: Int32Array;
  projectIds: Array<string | null>;
  projectIndex: Map<string | null, number>;
  types: Array<string | null>;
  buyerKeys: string[];
  buyerNames: string[];
  /** Per project index: 1 when the project is cached (an exact id in `projects`). */
  cached: Uint8Array;
  /**
   * Per rowid of `projects`: its project index, PROJECT_WITHOUT_ROWS when no transaction names it,
   * NO_PROJECT when no project had that rowid (null when the rowids are too sparse for an array).
   * Project filters select rowids, integers SQLite hands over far faster than ids to look up.
   */
  projectOfRowid: Int32Array | null;
  labels: Record<LabelColumn, Labels>;
  /** Distinct non-null dates (YYYYMMDD), ascending. */
  dates: Int32Array;
  /** Per expression (a bin start or a period): per distinct date its value's index into `values` (ascending). */
  derived: Map<string, DateValues>;
  /** Per sort expression: each transaction's place in SQLite's order of it (credit-columns-page.ts), built when first needed. */
  places: Map<string, SortPlaces | null>;
  /** The rows of each project index: `projectRows[projectRowStart[p] .. projectRowStart[p + 1])`, ascending. */
  projectRowStart: Int32Array;
  projectRows: Int32Array;
}

/** An expression's value per distinct date: `slot[dateIndex]` is the value's index into the ascending `values`. */
export interface DateValues {
  slot: Int32Array;
  values: string[];
}

/**
 * Each transaction's place in the ascending order of a sort expression: equal values share a place,
 * null has none (-1). Read as `place[i]` (one number per transaction, for orders only SQLite can
 * tell), `place[of[i]]` (per value of an interned column: a negative `of[i]` is null), or
 * `of[i] - low` (integers placed by their value: NaN and `none` are null), so an order the copy's
 * own columns give costs no array of its own (about 21 MB and up to 1.9 s each at ten times the
 * default market).
 */
export type SortPlaces =
  | { place: Int32Array; of?: undefined; last: number }
  | { place: Int32Array; of: ArrayLike<number>; last: number }
  | { low: number; none: number; of: ArrayLike<number>; last: number };

/** The copy of each connection, with the freshness key it was built under (null: the table cannot be copied exactly). */
const copies = new WeakMap<Database.Database, { key: string; columns: CreditColumns | null }>();

/** The rebuild of the rollups the copy follows, or null when one of them is dirty or missing. */
export function creditColumnsKey(db: Database.Database): string | null {
  const rows = db.prepare(`SELECT name, dirty, refreshed_at, source_rows, refresh_ms FROM agg_state
      WHERE name IN ('credit_counts', 'buyer_projects', 'buyers') ORDER BY name`).all() as Array<{ dirty: number }>;
  if (rows.length !== 3 || rows.some((r) => r.dirty !== 0)) return null;
  return JSON.stringify(rows);
}

export const dateNumber = (date: string): number => Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
export const dateString = (d: number): string =>
  `${String(Math.floor(d / 10000)).padStart(4, '0')}-${String(Math.floor(d / 100) % 100).padStart(2, '0')}-${String(d % 100).padStart(2, '0')}`;
const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

function intern<T>(map: Map<T, number>, list: T[], value: T): number {
  let i = map.get(value);
  if (i === undefined) {
    i = list.length;
    map.set(value, i);
    list.push(value);
  }
  return i;
}

/** Ranks of `values` in binary order. */
function ranks(values: readonly string[]): { sorted: string[]; rank: Int32Array } {
  const order = values.map((_, i) => i).sort((a, b) => compareBinary(values[a]!, values[b]!));
  const rank = new Int32Array(values.length);
  order.forEach((i, r) => (rank[i] = r));
  return { sorted: order.map((i) => values[i]!), rank };
}

/** 0, 1, ..., n - 1 (a loop: `Int32Array.from` would call a function per value). */
function identity(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}

/**
 * `column` reordered so that the value at i moves to `placeOf[i]`: in place, through `scratch` (as
 * long, of the same kind), or, without one, into a new array (`column` left as it was). Reading in
 * order and writing each value to its place is quicker than reading each place's value from wherever
 * it is (at ten times the default market about 0.025 s a column against 0.10 s, most columns being
 * read from random places that way).
 */
function permute<T extends Float64Array | Int32Array | Uint8Array>(column: T, placeOf: Int32Array, scratch: T | null): T {
  const to = scratch ?? (new (column.constructor as new (length: number) => T)(column.length));
  for (let i = 0; i < placeOf.length; i++) to[placeOf[i]!] = column[i]!;
  if (!scratch) return to;
  column.set(scratch);
  return column;
}

/** Where each row goes in `order` (the row at order[j] goes to j). */
function placesOf(order: Int32Array): Int32Array {
  const placeOf = new Int32Array(order.length);
  for (let j = 0; j < order.length; j++) placeOf[order[j]!] = j;
  return placeOf;
}

/** Where each key's rows begin once `rows` are ordered by `key[row]` (integers in [0, keys)); `keys + 1` entries, the last the count. */
function keyStarts(rows: Int32Array, key: ArrayLike<number>, keys: number): Int32Array {
  const start = new Int32Array(keys + 1);
  for (let j = 0; j < rows.length; j++) {
    const at = key[rows[j]!]! + 1;
    start[at] = start[at]! + 1;
  }
  for (let c = 0; c < keys; c++) start[c + 1] = start[c + 1]! + start[c]!;
  return start;
}

/** `rows` stably reordered by `key[row]` (integers in [0, keys)). */
function countingSort(rows: Int32Array, key: ArrayLike<number>, keys: number): Int32Array {
  const start = keyStarts(rows, key, keys);
  const out = new Int32Array(rows.length);
  for (let j = 0; j < rows.length; j++) {
    const at = key[rows[j]!]!;
    out[start[at]!] = rows[j]!;
    start[at] = start[at]! + 1;
  }
  return out;
}

/** Each project rowid's project index (see CreditColumns.projectOfRowid), or null when the rowids are too sparse for an array. */
function rowidIndex(projects: readonly CachedProject[], indexOf: Int32Array): Int32Array | null {
  const last = projects.reduce((m, p) => Math.max(m, p[0]), 0);
  if (last > 4 * projects.length + 1024) return null;
  const of = new Int32Array(last + 1).fill(NO_PROJECT);
  projects.forEach((p, r) => (of[p[0]] = indexOf[r]!));
  return of;
}

/** A cached project as the copy reads it: rowid, id, then its labels in LABEL_COLUMNS' order. */
type CachedProject = [rowid: number, projectId: string | null, category: string | null, country: string | null, registry: string | null];

/** The values build() reads of each transaction row by row, in id order (the date as YYYYMMDD, 0 when null, -1 when not a YYYY-MM-DD text). */
export const COPIED = `id, project_id, transaction_type, vintage,
  CASE WHEN transaction_date IS NULL THEN 0
    WHEN typeof(transaction_date) = 'text' AND transaction_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
      THEN CAST(replace(transaction_date, '-', '') AS INTEGER)
    ELSE -1 END AS date_number,
  quantity, retirement_beneficiary_harmonized`;

/** The columns build() reads, in that order. */
const COPIED_COLUMNS = ['id', 'project_id', 'transaction_type', 'vintage', 'transaction_date', 'quantity', 'retirement_beneficiary_harmonized'] as const;
const DATE_COLUMN = COPIED_COLUMNS.indexOf('transaction_date');

/**
 * Transactions read per chunk of JSON text: at ten times the default market one read took 5.6–5.9 s
 * in chunks of 10,000, 5.6–6.0 s of 5,000, 5.9–6.1 s of 2,000 and 6.3–6.6 s of 50,000 (each chunk's
 * arrays then outgrow the young generation).
 */
const CHUNK_ROWS = 10_000;

/** Copied values of `count` transactions, one array per column (the date as in COPIED). */
interface CopiedChunk {
  count: number;
  columns: unknown[][];
}

/** A stored date as COPIED reads it, remembered per distinct text (SQLite's CASE cost 1.4 s of 4.4 at ten times the default market). */
export function storedDate(value: unknown, known: Map<string, number>): number {
  if (value === null) return 0;
  if (typeof value !== 'string') return -1;
  let d = known.get(value);
  if (d === undefined) {
    d = DATE_FORMAT.test(value) ? dateNumber(value) : -1;
    known.set(value, d);
  }
  return d;
}

/** A share of the transactions by id: `from` (inclusive) up to `to` (exclusive); null: unbounded. */
export interface CopiedRange {
  from: number | null;
  to: number | null;
}
const EVERY_ID: CopiedRange = { from: null, to: null };
/** The bounds a range's statements bind: ids are integers (the rowid), so `id > from - 1` is `id >= from`. */
const bounds = (range: CopiedRange): [number, number] => [range.from === null ? -Infinity : range.from - 1, range.to ?? Infinity];

/**
 * Every transaction's copied values in `range`, in id order, as SQLite writes them into one JSON array
 * per column a chunk at a time: at ten times the default market 4.4 s, where better-sqlite3's row
 * iterator took 7.8 s, and 5.7 s with an array per row (5.3 million arrays to build and parse). JSON
 * holds every value the copy accepts (a blob makes SQLite refuse it; the caller then reads row by row).
 */
function* chunkedColumns(db: Database.Database, chunkRows: number, range: CopiedRange, afterChunk?: AfterChunk): Generator<CopiedChunk> {
  const chunk = db.prepare(`SELECT max(id), count(*), ${COPIED_COLUMNS.map((c) => `json_group_array(${c})`).join(', ')}
    FROM (SELECT ${COPIED_COLUMNS.join(', ')} FROM credit_transactions WHERE id > ? AND id < ? ORDER BY id LIMIT ?)`).raw();
  const known = new Map<string, number>();
  let [after] = bounds(range);
  let rows = 0;
  for (;;) {
    // The range's end is read again for each chunk: afterChunk may have given the rest of it away.
    const [last, count, ...texts] = chunk.get(after, bounds(range)[1], chunkRows) as [number, number, ...string[]];
    if (!count) return;
    const columns = texts.map((text) => JSON.parse(text) as unknown[]);
    const dates = columns[DATE_COLUMN]!;
    for (let k = 0; k < count; k++) dates[k] = storedDate(dates[k], known);
    yield { count, columns };
    after = last;
    rows += count;
    afterChunk?.(last, rows);
  }
}

/** The same, read row by row (any value SQLite holds), a chunk of columns at a time. */
function* rowColumns(db: Database.Database, chunkRows: number, range: CopiedRange): Generator<CopiedChunk> {
  let columns: unknown[][] = COPIED_COLUMNS.map(() => []);
  const rows = db.prepare(`SELECT ${COPIED} FROM credit_transactions WHERE id > ? AND id < ? ORDER BY id`).raw().iterate(...bounds(range)) as IterableIterator<unknown[]>;
  for (const row of rows) {
    row.forEach((value, c) => columns[c]!.push(value));
    if (columns[0]!.length === chunkRows) {
      yield { count: chunkRows, columns };
      columns = COPIED_COLUMNS.map(() => []);
    }
  }
  if (columns[0]!.length) yield { count: columns[0]!.length, columns };
}

/**
 * The transactions of one range as read, in id order: the first `count` values of each array (they may
 * be longer), the interned columns indexing dictionaries of the part's own, each in the order its
 * values first appear.
 */
export interface CopiedPart {
  count: number;
  id: Float64Array;
  project: Int32Array;
  type: Uint8Array;
  vintage: Int32Array;
  /** YYYYMMDD, 0 when null. */
  date: Int32Array;
  quantity: Float64Array;
  /** Index into names, -1 when null. */
  harmonized: Int32Array;
  projectIds: Array<string | null>;
  types: Array<string | null>;
  names: string[];
  /** The distinct non-null dates. */
  dates: number[];
}

/** Room for `rows` transactions. */
function emptyPart(rows: number): CopiedPart {
  return {
    count: 0, id: new Float64Array(rows), project: new Int32Array(rows), type: new Uint8Array(rows), vintage: new Int32Array(rows), date: new Int32Array(rows),
    quantity: new Float64Array(rows), harmonized: new Int32Array(rows), projectIds: [], types: [], names: [], dates: [],
  };
}

/** The first `part.count` transactions of `part` in arrays of exactly `rows` (at least as many). */
function sized(part: CopiedPart, rows: number): CopiedPart {
  if (part.id.length === rows) return part;
  const room = emptyPart(rows);
  for (const column of ['id', 'project', 'type', 'vintage', 'date', 'quantity', 'harmonized'] as const) room[column].set(part[column].subarray(0, part.count));
  return { ...part, ...room, count: part.count, projectIds: part.projectIds, types: part.types, names: part.names, dates: part.dates };
}

/** `part` with room for at least `rows` transactions (half as much again, so a part read in many chunks grows a few times). */
function withRoom(part: CopiedPart, rows: number): CopiedPart {
  if (rows <= part.id.length) return part;
  return sized(part, Math.max(rows, Math.ceil(part.id.length * 1.5)));
}

/** Whether SQLite refused to write a value into JSON: a blob, which JSON cannot hold. */
export const isBlobInJson = (err: unknown): boolean => err instanceof Error && /JSON cannot hold BLOB/i.test(err.message);

/** Told after each chunk read in JSON: the last id read, and the rows read so far. */
type AfterChunk = (lastId: number, rows: number) => void;

/** A range read in JSON chunks, else (a value JSON cannot hold) row by row; null when a value cannot be copied exactly. */
function readPart(db: Database.Database, range: CopiedRange, chunkRows: number, room: number, rowByRow: boolean, afterChunk?: AfterChunk): CopiedPart | null {
  if (rowByRow) return partOf(rowColumns(db, chunkRows, range), room);
  try {
    return partOf(chunkedColumns(db, chunkRows, range, afterChunk), room);
  } catch (err) {
    if (!isBlobInJson(err)) throw err;
    return partOf(rowColumns(db, chunkRows, range), room);
  }
}

function partOf(chunks: Iterable<CopiedChunk>, room: number): CopiedPart | null {
  let part = emptyPart(room);
  const projectIndex = new Map<string | null, number>();
  const typeIndex = new Map<string | null, number>();
  const nameIndex = new Map<string, number>();
  const { projectIds, types, names } = part;
  const dates = new Set<number>();
  let i = 0;
  // A transaction's project and type are most often the previous one's (few types; a project's rows come together).
  let lastProject: string | null | undefined;
  let lastProjectIndex = -1;
  let lastType: string | null | undefined;
  let lastTypeIndex = -1;
  for (const { count, columns } of chunks) {
    part.count = i;
    part = withRoom(part, i + count);
    const { id, project, type, vintage, date, quantity, harmonized } = part;
    const [ids, ps, ts, vs, ds, qs, bs] = columns as [unknown[], Array<string | null>, Array<string | null>, unknown[], number[], unknown[], unknown[]];
    for (let k = 0; k < count; k++) {
      const rowId = ids[k];
      if (typeof rowId !== 'number' || !Number.isSafeInteger(rowId)) return null;
      id[i] = rowId;
      const p = ps[k]!;
      if (p !== lastProject) {
        lastProject = p;
        lastProjectIndex = intern(projectIndex, projectIds, p);
      }
      project[i] = lastProjectIndex;
      const t = ts[k]!;
      if (t !== lastType) {
        lastType = t;
        lastTypeIndex = intern(typeIndex, types, t);
        if (lastTypeIndex > 255) return null;
      }
      type[i] = lastTypeIndex;
      const v = vs[k];
      if (v === null) vintage[i] = NO_VINTAGE;
      else if (typeof v === 'number' && Number.isInteger(v) && v > NO_VINTAGE && v <= 2147483647) vintage[i] = v;
      else return null;
      const d = ds[k]!;
      if (d < 0) return null;
      date[i] = d;
      if (d > 0) dates.add(d);
      const q = qs[k];
      if (q === null) quantity[i] = NaN;
      else if (typeof q === 'number') quantity[i] = q;
      else return null;
      const b = bs[k];
      harmonized[i] = typeof b === 'string' ? intern(nameIndex, names, b) : b === null ? -1 : -2;
      if (harmonized[i] === -2) return null;
      i++;
    }
  }
  part.count = i;
  part.dates = [...dates];
  return part;
}

/** Each value of `dictionary` interned into the whole copy's (`index`, `list`): its index there. */
function internAll<T>(dictionary: readonly T[], index: Map<T, number>, list: T[]): Int32Array {
  const to = new Int32Array(dictionary.length);
  dictionary.forEach((value, k) => (to[k] = intern(index, list, value)));
  return to;
}

/**
 * The copy from its parts, in id order (each part's ids above the one before's): the first part's
 * arrays, with room for all `n` transactions, take the others' rows, their interned values mapped to
 * the whole copy's dictionaries. Interning each part's dictionary in order keeps every dictionary in
 * the order its values first appear in the whole table, so the copy is the one a single read gives.
 */
function assemble(db: Database.Database, n: number, parts: readonly CopiedPart[], keep?: (read: CopiedPart) => void): CreditColumns | null {
  if (parts.reduce((rows, part) => rows + part.count, 0) !== n) return null;
  const first = parts[0]!;
  const whole = sized(first, n);
  const { id, project, type, vintage, date, quantity, harmonized, projectIds, types, names } = whole;
  const projectIndex = new Map(projectIds.map((p, k) => [p, k]));
  const typeIndex = new Map(types.map((t, k) => [t, k]));
  const nameIndex = new Map(names.map((b, k) => [b, k]));
  const dates = new Set(first.dates);
  let i = first.count;
  for (const part of parts.slice(1)) {
    const projectOf = internAll(part.projectIds, projectIndex, projectIds);
    const typeOf = internAll(part.types, typeIndex, types);
    if (types.length > 256) return null;
    const nameOf = internAll(part.names, nameIndex, names);
    const rows = part.count;
    id.set(part.id.subarray(0, rows), i);
    vintage.set(part.vintage.subarray(0, rows), i);
    date.set(part.date.subarray(0, rows), i);
    quantity.set(part.quantity.subarray(0, rows), i);
    for (let k = 0; k < rows; k++, i++) {
      project[i] = projectOf[part.project[k]!]!;
      type[i] = typeOf[part.type[k]!]!;
      const b = part.harmonized[k]!;
      harmonized[i] = b < 0 ? b : nameOf[b]!;
    }
    for (const d of part.dates) dates.add(d);
  }
  // What is kept is the table as read: the copy then reorders it into arrays of its own.
  const columns = columnsOf(db, n, whole, projectIndex, dates, keep !== undefined);
  if (columns && keep) keep({ ...whole, count: n, dates: [...dates] });
  return columns;
}

/** The distinct vintages (not NO_VINTAGE), ascending. */
function distinctVintages(vintage: Int32Array): Int32Array {
  let low = Infinity;
  let high = -Infinity;
  for (let j = 0; j < vintage.length; j++) {
    const v = vintage[j]!;
    if (v === NO_VINTAGE) continue;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  if (low > high) return new Int32Array(0);
  // Marks by value when the vintages span at most a million years (a megabyte), else a set.
  if (high - low < 1 << 20) {
    const seen = new Uint8Array(high - low + 1);
    for (let j = 0; j < vintage.length; j++) if (vintage[j] !== NO_VINTAGE) seen[vintage[j]! - low] = 1;
    const values: number[] = [];
    seen.forEach((mark, k) => mark && values.push(low + k));
    return Int32Array.from(values);
  }
  const values = new Set<number>();
  for (let j = 0; j < vintage.length; j++) if (vintage[j] !== NO_VINTAGE) values.add(vintage[j]!);
  return Int32Array.from(values).sort();
}

/** Each transaction's index into `dates` (its distinct dates, ascending), -1 for none (0). */
function dateIndexes(date: Int32Array, dates: Int32Array): Int32Array {
  const index = new Int32Array(date.length);
  const low = dates[0] ?? 0;
  const span = dates.length ? dates[dates.length - 1]! - low + 1 : 0;
  // A table by date number when the dates span at most a few centuries of YYYYMMDD (an array of 4 MB at most), else a map.
  if (span <= 1 << 20) {
    const slot = new Int32Array(span);
    dates.forEach((d, k) => (slot[d - low] = k));
    for (let j = 0; j < date.length; j++) index[j] = date[j] === 0 ? -1 : slot[date[j]! - low]!;
    return index;
  }
  const slot = new Map<number, number>();
  dates.forEach((d, k) => slot.set(d, k));
  for (let j = 0; j < date.length; j++) index[j] = date[j] === 0 ? -1 : slot.get(date[j]!)!;
  return index;
}

/**
 * The copy of the transactions read (`read`, all `n` of them, in id order, in arrays exactly that
 * long): its arrays become the copy's, reordered in place, or with `leaveRead` the copy's are new ones
 * and `read`'s stay as read.
 */
function columnsOf(
  db: Database.Database, n: number, read: CopiedPart, projectIndex: Map<string | null, number>, dates: ReadonlySet<number>, leaveRead = false,
): CreditColumns | null {
  const { projectIds, types, names } = read;
  // Every date a calendar date SQLite reads as itself (its bins and periods are then the SQL's).
  const dateList = Int32Array.from([...dates].sort((a, b) => a - b));
  const vintageValues = distinctVintages(read.vintage);
  const invalid = db.prepare('SELECT count(*) FROM json_each(?) WHERE date(value) IS NOT value')
    .pluck().get(JSON.stringify([...dateList].map(dateString))) as number;
  if (invalid > 0) return null;

  // Buyers: names grouped by their key (ASCII case folded, as NOCASE); each name's binary rank.
  const { sorted: buyerNames, rank: nameRank } = ranks(names);
  const keyIndex = new Map<string, number>();
  const buyerKeys: string[] = [];
  const keyOfName = names.map((name) => intern(keyIndex, buyerKeys, buyerKey(name)));
  const retirement = types.indexOf('retirement');
  // Rows in (buyer, project) order, those without a buyer last: a buyer's sums are then added up in one
  // stretch (the order of a sum of integers does not change it). Only the seven columns read from
  // the table are reordered; the date index, buyer and buyer name are then derived from the rows in
  // their new order (three reorders fewer).
  const buyerOrLast = new Int32Array(n);
  let buyerRows = 0;
  for (let j = 0; j < n; j++) {
    const b = read.harmonized[j]!;
    const isBuyer = b >= 0 && read.type[j] === retirement;
    buyerOrLast[j] = isBuyer ? keyOfName[b]! : buyerKeys.length;
    if (isBuyer) buyerRows++;
  }
  const placeOf = placesOf(countingSort(countingSort(identity(n), read.project, projectIds.length), buyerOrLast, buyerKeys.length + 1));
  const doubles = leaveRead ? null : new Float64Array(n);
  const integers = leaveRead ? null : buyerOrLast;
  const id = permute(read.id, placeOf, doubles);
  const quantity = permute(read.quantity, placeOf, doubles);
  const project = permute(read.project, placeOf, integers);
  const vintage = permute(read.vintage, placeOf, integers);
  const date = permute(read.date, placeOf, integers);
  const harmonized = permute(read.harmonized, placeOf, integers);
  const type = permute(read.type, placeOf, leaveRead ? null : new Uint8Array(n));
  const dateIndex = dateIndexes(date, dateList);
  const buyer = new Int32Array(n);
  const buyerName = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const b = harmonized[j]!;
    if (b >= 0 && type[j] === retirement) {
      buyerName[j] = nameRank[b]!;
      buyer[j] = keyOfName[b]!;
    } else {
      buyer[j] = -1;
    }
  }
  // Per project its rows, so a filter of a few projects reads only theirs.
  const rowsByProject = countingSort(identity(n), project, projectIds.length);
  const projectRowStart = keyStarts(rowsByProject, project, projectIds.length);
  const buyerRowStart = keyStarts(identity(buyerRows), buyer, buyerKeys.length);

  const cached = new Uint8Array(projectIds.length);
  const projectRows = db.prepare('SELECT rowid, project_id, category, country, registry FROM projects').raw().all() as CachedProject[];
  // Each cached project's index in the copy (PROJECT_WITHOUT_ROWS: no transaction names it).
  const indexOf = Int32Array.from(projectRows, (p) => projectIndex.get(p[1]) ?? PROJECT_WITHOUT_ROWS);
  const projectOfRowid = rowidIndex(projectRows, indexOf);
  const labels = {} as Record<LabelColumn, Labels>;
  LABEL_COLUMNS.forEach((column, c) => {
    const values = [...new Set(projectRows.map((p) => p[2 + c]).filter((v): v is string => typeof v === 'string'))];
    const { sorted, rank } = ranks(values);
    const valueRank = new Map(values.map((v, k) => [v, rank[k]!]));
    const classes = [...new Set(values.map(foldNoCase))].sort(compareNoCase);
    const classIndex = new Map(classes.map((cls, k) => [cls, k]));
    const classOf = new Int32Array(projectIds.length).fill(-1);
    const valueOf = new Int32Array(projectIds.length);
    projectRows.forEach((p, r) => {
      const k = indexOf[r]!;
      if (k < 0) return;
      cached[k] = 1;
      const value = p[2 + c];
      if (typeof value !== 'string') return;
      classOf[k] = classIndex.get(foldNoCase(value))!;
      valueOf[k] = valueRank.get(value)!;
    });
    labels[column] = { classOf, valueOf, classes, values: sorted };
  });
  let minId = Infinity;
  let maxId = -Infinity;
  for (let j = 0; j < n; j++) {
    if (id[j]! < minId) minId = id[j]!;
    if (id[j]! > maxId) maxId = id[j]!;
  }
  return {
    n, id, minId: n ? minId : 0, maxId: n ? maxId : 0, project, type, vintage, vintageValues, date, dateIndex, quantity, harmonized, harmonizedNames: names, buyer, buyerName, buyerRows, buyerRowStart, projectIds, projectIndex, types, buyerKeys, buyerNames,
    cached, projectOfRowid, labels, dates: dateList, derived: new Map(), places: new Map(), projectRowStart, projectRows: rowsByProject,
  };
}

/** A copy as built: the freshness key it stands for, and the columns (null: the table cannot be copied exactly). */
export interface BuiltCreditColumns {
  key: string;
  columns: CreditColumns | null;
}

/**
 * Thrown where a query asks for the copy while the one being built elsewhere is about to arrive (only
 * its assembly is left): the query may wait for it rather than race it by SQL (see
 * buildCreditColumnsElsewhere). A query reads only, so it can simply be asked again.
 */
export class CopyDueSoon extends Error {
  constructor() {
    super('the columnar copy of the transactions is about to arrive');
  }
}

/** What a connection that builds its copies elsewhere is told when a query needs one: 'soon' when the build under way is about to end. */
export type BuildElsewhere = () => 'soon' | void;

/** Connections whose copies are built away from them (another thread): this starts such a build. */
const buildsElsewhere = new WeakMap<Database.Database, BuildElsewhere>();

/**
 * Builds `db`'s copies elsewhere from now on: when a query needs a copy that is missing or stale,
 * `start` is called (it should start one build at a time, then hand the result to
 * adoptCreditColumns) and the query answers by SQL meanwhile, instead of waiting for the build; or,
 * when `start` answers 'soon' (the build under way is all but done), the query throws CopyDueSoon
 * (null: built by the query again).
 */
export function buildCreditColumnsElsewhere(db: Database.Database, start: BuildElsewhere | null): void {
  if (start) buildsElsewhere.set(db, start);
  else buildsElsewhere.delete(db);
}

/**
 * The copy of `db`'s transactions, built now in one read snapshot (`chunkRows` transactions read at a
 * time; `rowByRow`: as when a value JSON cannot hold makes SQLite refuse the chunks): the key and the
 * rows it stands for (null: a rollup is not current).
 */
export function buildCreditColumns(db: Database.Database, chunkRows = CHUNK_ROWS, rowByRow = false): BuiltCreditColumns | null {
  return db.transaction(() => {
    const key = creditColumnsKey(db);
    if (key === null) return null;
    const n = transactionCount(db);
    const part = readPart(db, EVERY_ID, chunkRows, n, rowByRow);
    return { key, columns: part && assemble(db, n, [part]) };
  })();
}

const transactionCount = (db: Database.Database): number => db.prepare('SELECT count(*) FROM credit_transactions').pluck().get() as number;

/** A range read by another connection (another thread) in a snapshot of its own, and the rollups' key it was read under. */
export interface CopiedPartRead {
  /** null: a rollup was not current. */
  key: string | null;
  /** null: a value of the range cannot be copied exactly. */
  part: CopiedPart | null;
}

/** A range for another connection to read, with room for the rows it is expected to hold. */
export interface CopiedPartRequest {
  range: CopiedRange;
  rows: number;
}

/** The transactions a request names, read in one snapshot (see CopiedPartRead). */
export function readCreditColumnsPart(db: Database.Database, { range, rows }: CopiedPartRequest, chunkRows = CHUNK_ROWS): CopiedPartRead {
  return db.transaction(() => {
    const key = creditColumnsKey(db);
    return { key, part: key === null ? null : readPart(db, range, chunkRows, rows, false) };
  })();
}

/** The buffers of a part's arrays, to move it to another thread instead of copying it. */
export function copiedPartBuffers(part: CopiedPart): ArrayBuffer[] {
  return [...new Set([part.id, part.project, part.type, part.vintage, part.date, part.quantity, part.harmonized].map((a) => a.buffer as ArrayBuffer))];
}

/** The ids from `low` to `high` in `parts` ranges of about equal width (the last unbounded above). */
function idRanges(low: number, high: number, parts: number): CopiedRange[] {
  const cut = (k: number) => low + Math.floor(((high - low + 1) * k) / parts);
  return Array.from({ length: parts }, (_, k) => ({ from: cut(k), to: k === parts - 1 ? null : cut(k + 1) }));
}

/**
 * Fewer transactions left than this are read where they are, not shared: a thread's start costs more
 * than half of their reading. At the default market (532,799) a build shared between two threads took
 * 1.03–1.05 s against 0.85–0.87 s read by one; at ten times it, 4.3–4.4 s against 6.2–6.6 s.
 */
const MIN_SHARED_ROWS = 1_000_000;

/**
 * The transactions as read for an earlier copy, kept between readers (credit-columns-kept.ts): a build
 * loads them instead of reading the table when they were read under the rollups' key its snapshot
 * sees (the same rows), and keeps what it reads otherwise.
 */
export interface KeptTransactions {
  /** Whether transactions read under `key` are kept (a look at what is kept, not yet a load). */
  holds(key: string): boolean;
  /** Every transaction read under `key` (all `n` of them, in id order), or null when none are kept for it. */
  read(key: string, n: number): CopiedPart | null;
  /** Whether a table of `n` transactions is kept (the copy is then built into arrays of its own, leaving what was read to `keep`). */
  keeps(n: number): boolean;
  /** Told the transactions read under `key`, in arrays of their own, once they made a copy. */
  keep(key: string, read: CopiedPart): void;
}

export interface PartsOptions {
  /** Whether a query wants the copy now (the rest is then shared out); default: from the start. */
  hurried?: () => boolean;
  /** Told when every part is read and only the copy's assembly is left (about a quarter of a build). */
  assembling?: () => void;
  /** Transactions read per chunk. */
  chunkRows?: number;
  /** Fewer transactions left than this are not shared (tests share a small table). */
  minSharedRows?: number;
  /** The transactions kept between readers: loaded when they stand for this snapshot's rows, else kept once read. */
  kept?: KeptTransactions;
  /**
   * When the kept transactions stand for the rows now: resolves once the copy is to be loaded from
   * them (a query wants it, or the reader idles), so that the load does not compete with a burst of
   * first answers that do not need it (default: at once). A copy read from the table starts at once.
   */
  loadWhen?: () => Promise<void>;
}

/**
 * The copy built in this connection's snapshot, reading the transactions in id order, and from the
 * moment `hurried()` (a query wants the copy) sharing what is left of them out among `parts` readers:
 * this one keeps the first share, `readElsewhere` reads each other at the same time (another thread,
 * on its own connection). A build nobody waits for takes one core, so the queries keep the others.
 *
 * The parts are one table when each was read under the rollups' key this snapshot sees: every write to
 * the transactions or the projects' labels marks a rollup dirty, and only a rebuild makes it current
 * again, under a key of its own. So null (no copy) when a part was read under another key, as when a
 * rollup is not current; a share that cannot be read elsewhere is read here.
 */
export async function buildCreditColumnsInParts(
  db: Database.Database,
  parts: number,
  readElsewhere: (request: CopiedPartRequest) => Promise<CopiedPartRead>,
  { hurried = () => true, assembling = () => undefined, chunkRows = CHUNK_ROWS, minSharedRows = MIN_SHARED_ROWS, kept, loadWhen }: PartsOptions = {},
): Promise<BuiltCreditColumns | null> {
  // Waited for outside a snapshot (a snapshot held open would keep the writer's log from being checkpointed).
  if (kept && loadWhen) {
    const current = creditColumnsKey(db);
    if (current !== null && kept.holds(current)) await loadWhen();
  }
  db.exec('BEGIN');
  try {
    const key = creditColumnsKey(db);
    if (key === null) return null;
    const n = transactionCount(db);
    const keptRead = kept?.read(key, n) ?? null;
    if (keptRead) {
      assembling();
      return { key, columns: assemble(db, n, [keptRead]) };
    }
    // Two statements: SQLite reads min() or max() of the rowid at once, both together by a scan.
    const low = db.prepare('SELECT min(id) FROM credit_transactions').pluck().get() as number | null;
    const high = db.prepare('SELECT max(id) FROM credit_transactions').pluck().get() as number | null;
    const mine: CopiedRange = { ...EVERY_ID };
    let shared: Array<Promise<CopiedPartRead>> | null = null;
    const share = (after: number, read: number): void => {
      if (shared || parts < 2 || high === null || n - read < minSharedRows || !hurried()) return;
      const [first, ...theirs] = idRanges(after + 1, high, parts);
      mine.to = first!.to;
      // Room for an even share of the rows left (for ids as dense as a range is wide, exactly its rows).
      const each = Math.ceil((n - read) / parts);
      shared = theirs.map((range) => {
        const rows = Math.min(each, range.to === null ? each : range.to - range.from!);
        return readElsewhere({ range, rows }).catch(() => ({ key, part: readPart(db, range, chunkRows, rows, false) }));
      });
    };
    if (low !== null) share(low - 1, 0);
    const first = readPart(db, mine, chunkRows, n, false, share);
    // (Assigned by share(), which TypeScript does not follow.)
    const others = await Promise.all((shared as Array<Promise<CopiedPartRead>> | null) ?? []);
    if (others.some((read) => read.key !== key)) return null;
    assembling();
    const read = others.map((r) => r.part);
    const keep = kept?.keeps(n) ? (whole: CopiedPart) => kept.keep(key, whole) : undefined;
    return { key, columns: first && read.every((part) => part !== null) ? assemble(db, n, [first, ...(read as CopiedPart[])], keep) : null };
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
  }
}

/** The buffers of a copy's arrays, to move it to another thread instead of copying it. */
export function creditColumnsBuffers(cols: CreditColumns): ArrayBuffer[] {
  const arrays = [
    ...Object.values(cols), ...Object.values(cols.labels).flatMap((l) => [l.classOf, l.valueOf]),
  ].filter((v): v is ArrayBufferView => ArrayBuffer.isView(v));
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** Keeps `built` as `db`'s copy; answers remembered from the copy it replaces go (a buyer list's tops read its copy). */
function keepCopy(db: Database.Database, built: BuiltCreditColumns): void {
  forgetAnswers(db);
  copies.set(db, built);
}

/** Keeps a copy built elsewhere (its own connection to the same file) when it stands for the rollups `db` sees now. */
export function adoptCreditColumns(db: Database.Database, built: BuiltCreditColumns | null): boolean {
  if (!built || built.key !== creditColumnsKey(db)) return false;
  keepCopy(db, built);
  return built.columns !== null;
}

/** Keeps the places of `field` placed elsewhere with `db`'s copy when that copy stands for `key` (the same rows). */
export function adoptSortPlaces(db: Database.Database, key: string, field: string, places: SortPlaces | null): boolean {
  const held = copies.get(db);
  if (!held?.columns || held.key !== key) return false;
  held.columns.places.set(field, places);
  return true;
}

/** Whether `db` has no copy for its current rollups although one could be built now. */
export function creditColumnsStale(db: Database.Database): boolean {
  const key = creditColumnsKey(db);
  return key !== null && copies.get(db)?.key !== key;
}

/**
 * The columnar copy of `db`'s credit transactions when its source rows are current, else null. A
 * missing or stale copy is built now, or, for a connection that builds them elsewhere, asked for
 * (null until it arrives: the query answers by SQL; CopyDueSoon when it is about to).
 */
export function creditColumns(db: Database.Database): CreditColumns | null {
  const key = creditColumnsKey(db);
  if (key === null) return null;
  const held = copies.get(db);
  if (held?.key === key) return held.columns;
  copies.delete(db);
  const elsewhere = buildsElsewhere.get(db);
  if (elsewhere) {
    if (elsewhere() === 'soon') throw new CopyDueSoon();
    return null;
  }
  const fresh = buildCreditColumns(db);
  if (!fresh) return null;
  keepCopy(db, fresh);
  return fresh.columns;
}

/**
 * Per distinct date, the value of the SQL expression `sql(d)` (a bin start or a period of the
 * date `d`), computed by SQLite once per copy and expression.
 */
export function derivedOfDates(db: Database.Database, cols: CreditColumns, sql: (d: string) => string): DateValues {
  const expression = sql('value');
  const hit = cols.derived.get(expression);
  if (hit) return hit;
  const rows = db.prepare(`SELECT ${expression} FROM json_each(?) ORDER BY key`).pluck()
    .all(JSON.stringify([...cols.dates].map(dateString))) as string[];
  const values = [...new Set(rows)].sort();
  const position = new Map(values.map((v, k) => [v, k]));
  const derived = { slot: Int32Array.from(rows, (v) => position.get(v)!), values };
  cols.derived.set(expression, derived);
  return derived;
}

/** A compiled row filter: every term ANDed; a null matches no term. */
export interface RowFilter {
  projects: Uint8Array | null;
  /** Per harmonized name (index into harmonizedNames): 1 when the beneficiary search finds it. */
  names: Uint8Array | null;
  types: Uint8Array | null;
  vintages: Set<number> | null;
  vintageMin: number | null;
  vintageMax: number | null;
  dateFrom: number | null;
  dateTo: number | null;
  quantityMin: number | null;
  quantityMax: number | null;
}

/** The inputs rowFilter answers (groups P and C, project ids, the project search) or that select no rows (sort, paging, bins, buyer filters). */
const KNOWN_KEYS = new Set<string>([
  ...PROJECT_FILTER_KEYS, 'search', 'project_id', 'transaction_type', 'vintage', 'vintage_min', 'vintage_max', 'transaction_date_from',
  'transaction_date_to', 'quantity_min', 'quantity_max', 'beneficiary_search', 'beneficiary_search_fields',
  'sort', 'current_page', 'per_page', 'freq', 'aggregation', ...Object.keys(buyerFilterParams),
]);

/**
 * `q`'s groups P (with `search` as the project search when `projectSearch`), C and the project ids as
 * a row filter, or null when a term is not one the copy answers (a beneficiary search, one buyer).
 */
export function rowFilter(db: Database.Database, cols: CreditColumns, q: CreditFilters, projectSearch: boolean): RowFilter | null {
  if (q.buyer !== undefined) return null;
  const search = q.beneficiary_search !== undefined && q.beneficiary_search !== '';
  // A search of the harmonized name alone (the default field) is a mask of the distinct names.
  const searched = beneficiaryColumns(q.beneficiary_search_fields, 'c');
  if (search && !(searched.length === 1 && searched[0] === 'c.retirement_beneficiary_harmonized')) return null;
  // A filter this copy does not know (added to creditWhere later) declines: SQL answers it.
  if (Object.entries(q).some(([k, v]) => v !== undefined && !KNOWN_KEYS.has(k))) return null;
  const f: RowFilter = {
    projects: null, names: null, types: null, vintages: null, vintageMin: q.vintage_min ?? null, vintageMax: q.vintage_max ?? null,
    dateFrom: null, dateTo: null, quantityMin: q.quantity_min ?? null, quantityMax: q.quantity_max ?? null,
  };
  for (const [bound, value] of [['dateFrom', q.transaction_date_from], ['dateTo', q.transaction_date_to]] as const) {
    if (value === undefined) continue;
    if (!DATE_FORMAT.test(value)) return null;
    f[bound] = dateNumber(value);
  }
  if (q.vintage?.length) f.vintages = new Set(q.vintage);
  if (search) {
    const found = db.prepare(`SELECT key FROM json_each(?) WHERE ${containsSql('value')}`).pluck()
      .all(JSON.stringify(cols.harmonizedNames), q.beneficiary_search) as number[];
    f.names = new Uint8Array(cols.harmonizedNames.length);
    for (const k of found) f.names[k] = 1;
  }
  if (q.transaction_type?.length) {
    const wanted = new Set(q.transaction_type.map(foldNoCase));
    f.types = Uint8Array.from(cols.types, (t) => (t !== null && wanted.has(foldNoCase(t)) ? 1 : 0));
  }
  const projectFilters: ProjectFilters = projectSearch ? q : { ...q, search: undefined };
  if (q.project_id?.length) {
    const wanted = new Set(q.project_id.map(foldNoCase));
    f.projects = Uint8Array.from(cols.projectIds, (p) => (p !== null && wanted.has(foldNoCase(p)) ? 1 : 0));
  }
  if (hasProjectFilters(projectFilters)) {
    const chosen = chosenProjects(db, cols, projectFilters);
    if (!chosen) return null;
    // (the remembered mask is shared: the project ids narrow their own)
    if (f.projects) for (let k = 0; k < chosen.length; k++) f.projects[k] = chosen[k]! & f.projects[k]!;
    else f.projects = chosen;
  }
  return f;
}

/**
 * Per project index, 1 when the project matches `q`'s group P (evaluated by SQL on `projects`), or
 * null when a matching project was not there when the copy was built (SQL answers then).
 */
function chosenProjects(db: Database.Database, cols: CreditColumns, q: ProjectFilters): Uint8Array | null {
  const w = projectWhere(q, 'fp');
  // Remembered until the data changes: a user changing the transaction filters keeps the project ones.
  return memoAnswer(db, ['credit-columns:projects', w.clauses, w.params], () => projectMask(db, cols, w));
}

function projectMask(db: Database.Database, cols: CreditColumns, w: SqlWhere): Uint8Array | null {
  const chosen = new Uint8Array(cols.projectIds.length);
  const of = cols.projectOfRowid;
  if (of) {
    // Rowids stay put while the copy is current: inserting or deleting a project marks it stale.
    const rowids = db.prepare(`SELECT fp.rowid FROM projects fp ${whereSql(w)}`).pluck().all(...w.params) as number[];
    for (const r of rowids) {
      const k = r < of.length ? of[r]! : NO_PROJECT;
      if (k === NO_PROJECT) return null;
      if (k !== PROJECT_WITHOUT_ROWS) chosen[k] = 1;
    }
    return chosen;
  }
  const ids = db.prepare(`SELECT fp.project_id FROM projects fp ${whereSql(w)}`).pluck().all(...w.params) as string[];
  for (const id of ids) {
    const k = cols.projectIndex.get(id);
    if (k !== undefined) chosen[k] = 1;
  }
  return chosen;
}

/** The share of all rows above which reading the chosen projects' rows one by one is no cheaper than reading every row. */
const FEW_ROWS = 0.25;

/**
 * The rows `f` can select, in no particular order: those of the projects it chooses when they are
 * few (a quarter of the rows or less), else null (every row is a candidate). The answers that read
 * them add integers, take extremes or keep a bounded heap, so the order does not change them.
 */
export function candidateRows(cols: CreditColumns, f: RowFilter): Int32Array | null {
  if (f.projects === null) return null;
  const { projectRowStart: start, projectRows } = cols;
  let total = 0;
  for (let p = 0; p < f.projects.length; p++) if (f.projects[p]) total += start[p + 1]! - start[p]!;
  if (total > cols.n * FEW_ROWS) return null;
  const rows = new Int32Array(total);
  let at = 0;
  for (let p = 0; p < f.projects.length; p++) {
    if (!f.projects[p]) continue;
    rows.set(projectRows.subarray(start[p]!, start[p + 1]!), at);
    at += start[p + 1]! - start[p]!;
  }
  return rows;
}

/** `f` narrowed to the transaction types `wanted` accepts. */
function withTypes(cols: CreditColumns, f: RowFilter, wanted: (type: string | null) => boolean): RowFilter {
  return { ...f, types: Uint8Array.from(cols.types, (t, k) => (wanted(t) && (f.types === null || f.types[k] === 1) ? 1 : 0)) };
}

/** A reader's scratch list of rows per copy, reused by each answer (they run one at a time). */
const scratch = new WeakMap<CreditColumns, Int32Array>();

/** The copy's smallest and largest vintage (high < low when no transaction has one). */
function vintageRange(cols: CreditColumns): { low: number; high: number } {
  const values = cols.vintageValues;
  return values.length ? { low: values[0]!, high: values[values.length - 1]! } : { low: 0, high: -1 };
}

/** Per vintage from the copy's smallest, 1 when `f` selects it (null: `f` has no vintage term). */
function vintageMask(cols: CreditColumns, f: RowFilter): { mask: Uint8Array; low: number } | null {
  if (f.vintages === null && f.vintageMin === null && f.vintageMax === null) return null;
  const { low, high } = vintageRange(cols);
  const mask = new Uint8Array(Math.max(0, high - low + 1));
  for (const v of cols.vintageValues) {
    if ((f.vintages === null || f.vintages.has(v)) && (f.vintageMin === null || v >= f.vintageMin) && (f.vintageMax === null || v <= f.vintageMax)) mask[v - low] = 1;
  }
  return { mask, low };
}

/**
 * The rows `f` selects below row `below`, as `rows[0 .. count)`: ascending when every row is a
 * candidate, else in candidateRows' order. One pass per term of the filter, each narrowing the list
 * in place (a tight loop over one column is several times faster than every term tested row by row:
 * a type-and-vintage filter over 5.3 million rows 138 -> 26 ms). The list is the copy's scratch:
 * read it before the next answer.
 */
export function selectRows(cols: CreditColumns, f: RowFilter, below = cols.n): { rows: Int32Array; count: number } {
  const candidates = candidateRows(cols, f);
  let rows = scratch.get(cols);
  if (!rows) scratch.set(cols, (rows = new Int32Array(cols.n)));
  let m = 0;
  if (candidates) {
    for (let j = 0; j < candidates.length; j++) if (candidates[j]! < below) rows[m++] = candidates[j]!;
  } else {
    for (; m < below; m++) rows[m] = m;
  }
  // Each term's loop is written out: a test passed as a function would be a call per row.
  const { project, type, harmonized, vintage, date, quantity } = cols;
  if (f.types !== null) {
    const types = f.types;
    let k = 0;
    for (let j = 0; j < m; j++) if (types[type[rows[j]!]!] === 1) rows[k++] = rows[j]!;
    m = k;
  }
  if (f.projects !== null && !candidates) {
    const projects = f.projects;
    let k = 0;
    for (let j = 0; j < m; j++) if (projects[project[rows[j]!]!] === 1) rows[k++] = rows[j]!;
    m = k;
  }
  if (f.names !== null) {
    const names = f.names;
    let k = 0;
    for (let j = 0; j < m; j++) {
      const h = harmonized[rows[j]!]!;
      if (h >= 0 && names[h] === 1) rows[k++] = rows[j]!;
    }
    m = k;
  }
  const vintages = vintageMask(cols, f);
  if (vintages !== null) {
    const { mask, low } = vintages;
    const span = mask.length;
    let k = 0;
    for (let j = 0; j < m; j++) {
      const at = vintage[rows[j]!]! - low;
      if (at >= 0 && at < span && mask[at] === 1) rows[k++] = rows[j]!;
    }
    m = k;
  }
  if (f.dateFrom !== null || f.dateTo !== null) {
    const from = Math.max(1, f.dateFrom ?? 1);
    const to = f.dateTo ?? 2147483647;
    let k = 0;
    for (let j = 0; j < m; j++) {
      const d = date[rows[j]!]!;
      if (d >= from && d <= to) rows[k++] = rows[j]!;
    }
    m = k;
  }
  if (f.quantityMin !== null || f.quantityMax !== null) {
    const min = f.quantityMin ?? -Infinity;
    const max = f.quantityMax ?? Infinity;
    let k = 0;
    for (let j = 0; j < m; j++) {
      const q = quantity[rows[j]!]!;
      if (q >= min && q <= max) rows[k++] = rows[j]!;
    }
    m = k;
  }
  return { rows, count: m };
}

/** Whether `f` selects transaction `i`. */
export function rowMatches(cols: CreditColumns, f: RowFilter, i: number): boolean {
  if (f.projects !== null && f.projects[cols.project[i]!] === 0) return false;
  if (f.names !== null) {
    const h = cols.harmonized[i]!;
    if (h < 0 || f.names[h] === 0) return false;
  }
  if (f.types !== null && f.types[cols.type[i]!] === 0) return false;
  if (f.vintages !== null || f.vintageMin !== null || f.vintageMax !== null) {
    const v = cols.vintage[i]!;
    if (v === NO_VINTAGE || (f.vintages !== null && !f.vintages.has(v)) || (f.vintageMin !== null && v < f.vintageMin) || (f.vintageMax !== null && v > f.vintageMax)) return false;
  }
  if (f.dateFrom !== null || f.dateTo !== null) {
    const d = cols.date[i]!;
    if (d === 0 || (f.dateFrom !== null && d < f.dateFrom) || (f.dateTo !== null && d > f.dateTo)) return false;
  }
  if (f.quantityMin !== null && !(cols.quantity[i]! >= f.quantityMin)) return false;
  return f.quantityMax === null || cols.quantity[i]! <= f.quantityMax;
}

/** A label column's top per buyer under construction: volume and smallest value per class. */
interface TopSums {
  labels: Labels;
  volume: Float64Array;
  value: Int32Array;
}

const topSums = (labels: Labels): TopSums => {
  const classes = Math.max(1, labels.classes.length);
  return { labels, volume: new Float64Array(classes), value: new Int32Array(classes).fill(-1) };
};

function addTop(top: TopSums, p: number, quantity: number): void {
  const c = top.labels.classOf[p]!;
  if (c < 0) return;
  top.volume[c] = top.volume[c]! + quantity;
  const v = top.labels.valueOf[p]!;
  if (top.value[c] === -1 || v < top.value[c]!) top.value[c] = v;
}

/** The top so far: the class with the largest volume (ties: the class that sorts first), as its smallest value; then cleared. */
function takeTop(top: TopSums): string | null {
  let best = -1;
  for (let c = 0; c < top.value.length; c++) {
    if (top.value[c] !== -1 && (best === -1 || top.volume[c]! > top.volume[best]!)) best = c;
  }
  const label = best === -1 ? null : top.labels.values[top.value[best]!]!;
  top.volume.fill(0);
  top.value.fill(-1);
  return label;
}

/** Buyers summed from the copy, their top category, country and registry filled in on demand. */
export interface BuyersOfRows {
  /** Every buyer, with null tops until `withTops` fills them. */
  buyers: Buyer[];
  /** `page` (some of `buyers`) with their tops filled in (each buyer's once). */
  withTops: (page: Buyer[]) => Buyer[];
}

/**
 * Every buyer of the retirements `f` selects, as the SQL fold of (buyer, project) sums answers
 * (buyers.ts, foldBuyerPairs): totals and windows per buyer (ASCII case folded), its name the
 * smallest of its harmonized names, first / last purchase the extreme dates, the top category,
 * country and registry the NOCASE class with the largest volume over the transactions whose project
 * is cached (ties: the class that sorts first), shown as the class's smallest value among them.
 *
 * The tops are no sort key and no filter, so they are summed only for the buyers a page shows (from
 * each buyer's rows, in the same order): three of them for every row cost more than the rest of the sums.
 */
export function buyersOfRows(cols: CreditColumns, f: RowFilter, today: string, from12: string, from60: string): BuyersOfRows {
  const k = cols.buyerKeys.length;
  const volume = new Float64Array(k);
  const count = new Float64Array(k);
  const volume12 = new Float64Array(k);
  const count12 = new Float64Array(k);
  const volume60 = new Float64Array(k);
  const count60 = new Float64Array(k);
  const first = new Int32Array(k).fill(2147483647);
  const last = new Int32Array(k);
  const name = new Int32Array(k).fill(2147483647);
  const t = dateNumber(today);
  const f12 = dateNumber(from12);
  const f60 = dateNumber(from60);
  const { buyerRows, buyer, quantity, date, buyerName } = cols;
  const dayOf = new Map<string, number>();
  const day = (d: string): number => {
    let v = dayOf.get(d);
    if (v === undefined) dayOf.set(d, (v = dayNumber(d)));
    return v;
  };
  const { rows, count: selected } = selectRows(cols, f, buyerRows);
  // A buyer's selected rows mostly come in one stretch (the copy's rows are in buyer order): its sums
  // are kept in locals and added to the buyer's once the stretch ends.
  let current = -1;
  let vol = 0;
  let cnt = 0;
  let v12 = 0;
  let c12 = 0;
  let v60 = 0;
  let c60 = 0;
  let lo = 2147483647;
  let hi = 0;
  let nm = 2147483647;
  for (let j = 0; j <= selected; j++) {
    const i = j < selected ? rows[j]! : -1;
    const b = i < 0 ? -1 : buyer[i]!;
    if (b !== current) {
      if (current >= 0) {
        volume[current] = volume[current]! + vol;
        count[current] = count[current]! + cnt;
        volume12[current] = volume12[current]! + v12;
        count12[current] = count12[current]! + c12;
        volume60[current] = volume60[current]! + v60;
        count60[current] = count60[current]! + c60;
        if (lo < first[current]!) first[current] = lo;
        if (hi > last[current]!) last[current] = hi;
        if (nm < name[current]!) name[current] = nm;
      }
      if (i < 0) break;
      current = b;
      vol = cnt = v12 = c12 = v60 = c60 = hi = 0;
      lo = nm = 2147483647;
    }
    const q = quantity[i]!;
    const qv = q === q ? q : 0;
    vol += qv;
    cnt++;
    const d = date[i]!;
    if (d !== 0) {
      if (d < lo) lo = d;
      if (d > hi) hi = d;
      if (d <= t && d >= f12) {
        v12 += qv;
        c12++;
        if (d >= f60) {
          v60 += qv;
          c60++;
        }
      }
    }
    if (buyerName[i]! < nm) nm = buyerName[i]!;
  }
  const texts = new Map<number, string>();
  const text = (d: number): string => {
    let v = texts.get(d);
    if (v === undefined) texts.set(d, (v = dateString(d)));
    return v;
  };
  const buyers: Buyer[] = [];
  const keyOf = new Map<Buyer, number>();
  const none = { top_category: null, top_country: null, top_registry: null };
  for (let b = 0; b < k; b++) {
    if (count[b] === 0) continue;
    const sums: BuyerSums = {
      buyer_name: cols.buyerNames[name[b]!]!,
      total_volume: volume[b]!,
      total_transactions: count[b]!,
      volume_12m: volume12[b]!,
      transactions_12m: count12[b]!,
      volume_60d: volume60[b]!,
      transactions_60d: count60[b]!,
      first_purchase: last[b] === 0 ? null : text(first[b]!),
      last_purchase: last[b] === 0 ? null : text(last[b]!),
    };
    const one = toBuyer(sums, none, today, day);
    keyOf.set(one, b);
    buyers.push(one);
  }
  const tops = { category: topSums(cols.labels.category), country: topSums(cols.labels.country), registry: topSums(cols.labels.registry) };
  const withTops = (page: Buyer[]): Buyer[] => {
    for (const one of page) {
      const b = keyOf.get(one);
      if (b === undefined) continue;
      keyOf.delete(one);
      for (let i = cols.buyerRowStart[b]!; i < cols.buyerRowStart[b + 1]!; i++) {
        const p = cols.project[i]!;
        if (cols.cached[p] === 0 || !rowMatches(cols, f, i)) continue;
        const q = quantity[i]!;
        const qv = q === q ? q : 0;
        addTop(tops.category, p, qv);
        addTop(tops.country, p, qv);
        addTop(tops.registry, p, qv);
      }
      one.top_category = takeTop(tops.category);
      one.top_country = takeTop(tops.country);
      one.top_registry = takeTop(tops.registry);
    }
    return page;
  };
  return { buyers, withTops };
}

/**
 * The retired quantity per project category of the transactions `f` selects whose type is exactly
 * 'retirement' and whose project is cached with a category, grouped as the SQL groups them (by the
 * exact value, ordered ignoring ASCII case, then by value). A null quantity counts its category in
 * and adds nothing (total()).
 */
export function retiredByCategoryOfRows(cols: CreditColumns, f: RowFilter): Array<{ category: string; retired: number }> {
  const { classOf, valueOf, values } = cols.labels.category;
  const sums = new Float64Array(values.length);
  const present = new Uint8Array(values.length);
  const { rows, count } = selectRows(cols, withTypes(cols, f, (t) => t === 'retirement'));
  for (let j = 0; j < count; j++) {
    const i = rows[j]!;
    const p = cols.project[i]!;
    if (classOf[p]! < 0) continue;
    const v = valueOf[p]!;
    present[v] = 1;
    const q = cols.quantity[i]!;
    if (q === q) sums[v] = sums[v]! + q;
  }
  const found: number[] = [];
  for (let v = 0; v < values.length; v++) if (present[v]) found.push(v);
  // `values` is in binary order, so ties of the NOCASE order keep it.
  found.sort((a, b) => compareNoCase(values[a]!, values[b]!) || a - b);
  return found.map((v) => ({ category: values[v]!, retired: sums[v]! }));
}

/**
 * Quantities of the transactions `f` selects with a date, summed per value of `derived` (a bin start
 * or period per date): one total per `kinds` entry (the transactions whose type is exactly that
 * entry; null: every type), ascending by value, only values some selected transaction falls in.
 */
export function sumsByDate(
  cols: CreditColumns, f: RowFilter, derived: DateValues, kinds: ReadonlyArray<string | null>,
): Array<{ value: string; totals: number[] }> {
  const m = derived.values.length;
  const sums = kinds.map(() => new Float64Array(m));
  const present = new Uint8Array(m);
  // Per type index: which kinds it adds to.
  const kindsOfType = cols.types.map((t) => kinds.flatMap((kind, k) => (kind === null || kind === t ? [k] : [])));
  const { dateIndex, type, quantity } = cols;
  const slotOf = derived.slot;
  const { rows, count } = selectRows(cols, withTypes(cols, f, (t) => kinds.some((kind) => kind === null || kind === t)));
  for (let j = 0; j < count; j++) {
    const i = rows[j]!;
    const d = dateIndex[i]!;
    if (d < 0) continue;
    const addTo = kindsOfType[type[i]!]!;
    const slot = slotOf[d]!;
    present[slot] = 1;
    const q = quantity[i]!;
    if (q !== q) continue;
    for (let k = 0; k < addTo.length; k++) {
      const into = sums[addTo[k]!]!;
      into[slot] = into[slot]! + q;
    }
  }
  const out: Array<{ value: string; totals: number[] }> = [];
  for (let s = 0; s < m; s++) if (present[s]) out.push({ value: derived.values[s]!, totals: sums.map((x) => x[s]!) });
  return out;
}
