/**
 * The transactions as the reader's columnar copy reads them (credit-columns.ts), kept in a file beside
 * the cache, so that a reader opened later (the app's next launch) loads them in 1.3–1.9 s instead of
 * reading millions of rows from the table: at ten times the default market that read takes 6.7–7.7 s
 * of one core (4.3–4.4 s of both once a query wants the copy), and first answers meanwhile come by
 * SQL. The `columns` thread writes the file once its reader idles, and loads it once its reader idles
 * or a query wants the copy (cache-worker.ts).
 *
 * A file stands for one rebuild of the rollups (the copy's freshness key, which every write to the
 * transactions or the projects' labels changes). A build loads it only in a snapshot that sees that
 * key and as many transactions as the file holds; any other file (another key or count, a format this
 * code does not write, a truncated or damaged file, an index out of its dictionary) is ignored, the
 * copy is read from the table, and what it read is kept in its place.
 *
 * Written under a name of its own and renamed over the old file, so a reader finds the old file or
 * the new, never part of one; a write cut short (the app quit meanwhile) leaves a `.partial-…` file
 * that a later write removes.
 *
 * Layout: 8 bytes of magic (`CDCOPY01`), the header's length (4 bytes, little-endian), the header
 * (deflated JSON: key, count, dictionaries and each blob's length), then each column deflated, its
 * values little-endian (a machine of the other byte order keeps none). The dates, quantities and
 * vintages are stored byte plane by byte plane (every value's first byte, then every second, ...) and
 * the ids as differences from the one before, which deflate reads as runs: at ten times the default
 * market the 5.3 million transactions take 34 MB (6.4 bytes each) of the 176 MB they fill in memory.
 *
 * Only tables of a million transactions or more are kept (`MIN_KEPT_ROWS`): below that a copy is read
 * in under a second, and the file would cost disk for less.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { CopiedPart, KeptTransactions, SortPlaces } from './credit-columns';

/** Tables with fewer transactions are not kept (see above). */
export const MIN_KEPT_ROWS = 1_000_000;

const MAGIC = Buffer.from('CDCOPY01', 'latin1');
const FORMAT_VERSION = 1;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Deflate's fastest level: at ten times the default market 1.0 s for the columns, against 2–3 s at the default level for a tenth less. */
const DEFLATE = { level: 1 } as const;
/** A partial file older than this is a write that was cut short (a write takes seconds). */
const PARTIAL_STALE_MS = 10 * 60_000;

type ColumnName = 'id' | 'project' | 'type' | 'vintage' | 'date' | 'quantity' | 'harmonized';
type ColumnArray = Float64Array | Int32Array | Uint8Array;

/**
 * The kept columns, in the file's order, each with its array type and whether it is stored plane by
 * plane: at ten times the default market that stores the dates in 6.3 MB instead of 9.9, the
 * quantities in 11.1 instead of 15.1 and the vintages in 3.1 instead of 3.8; the other columns deflate
 * as well either way (the ids' differences are nearly all 1; a project's transactions come together).
 */
const COLUMNS: ReadonlyArray<{ name: ColumnName; of: { new (buffer: ArrayBuffer): ColumnArray; BYTES_PER_ELEMENT: number }; planes: boolean }> = [
  { name: 'id', of: Float64Array, planes: false },
  { name: 'project', of: Int32Array, planes: false },
  { name: 'type', of: Uint8Array, planes: false },
  { name: 'vintage', of: Int32Array, planes: true },
  { name: 'date', of: Int32Array, planes: true },
  { name: 'quantity', of: Float64Array, planes: true },
  { name: 'harmonized', of: Int32Array, planes: false },
];

/** The file's header: what the transactions were read under, and their dictionaries as read. */
type Header = { version: number; key: string; count: number } & Pick<CopiedPart, 'projectIds' | 'types' | 'names' | 'dates'>;

/** The file beside `cacheFile` that keeps its transactions as the copy reads them. */
export function keptTransactionsFile(cacheFile: string): string {
  return `${cacheFile}.credit-copy`;
}

/**
 * `values` (their bytes little-endian, 4 or 8 a value) plane by plane: every value's first byte,
 * then every second, .... Read and written a 32-bit word at a time (byte by byte it took 0.46 s for
 * the columns at ten times the default market).
 */
function toPlanes(values: ColumnArray): Uint8Array {
  const width = values.BYTES_PER_ELEMENT;
  const words = new Uint32Array(values.buffer, values.byteOffset, values.byteLength / 4);
  const n = values.length;
  const planes = new Uint8Array(values.byteLength);
  // A value's 32-bit words, each to four planes: word w of value k is words[k * step + w].
  const step = width / 4;
  for (let w = 0; w < step; w++) {
    const p0 = 4 * w * n;
    const p1 = p0 + n;
    const p2 = p1 + n;
    const p3 = p2 + n;
    for (let k = 0, at = w; k < n; k++, at += step) {
      const word = words[at]!;
      planes[p0 + k] = word;
      planes[p1 + k] = word >>> 8;
      planes[p2 + k] = word >>> 16;
      planes[p3 + k] = word >>> 24;
    }
  }
  return planes;
}

/** The values toPlanes stored (`width` bytes each), in a buffer of their own. */
function fromPlanes(planes: Uint8Array, width: number): ArrayBuffer {
  const n = planes.length / width;
  const words = new Uint32Array(planes.length / 4);
  const step = width / 4;
  for (let w = 0; w < step; w++) {
    const p0 = 4 * w * n;
    const p1 = p0 + n;
    const p2 = p1 + n;
    const p3 = p2 + n;
    for (let k = 0, at = w; k < n; k++, at += step) {
      words[at] = planes[p0 + k]! | (planes[p1 + k]! << 8) | (planes[p2 + k]! << 16) | (planes[p3 + k]! << 24);
    }
  }
  return words.buffer;
}

/** Each id less the one before (the first as it is): safe integers, so their running sum gives them back exactly. */
function differences(id: Float64Array): Float64Array {
  const out = new Float64Array(id.length);
  let before = 0;
  for (let k = 0; k < id.length; k++) {
    out[k] = id[k]! - before;
    before = id[k]!;
  }
  return out;
}

function runningSum(values: Float64Array): void {
  for (let k = 1; k < values.length; k++) values[k] = values[k - 1]! + values[k]!;
}

/** A column's values deflated, plane by plane or as they are. */
function deflatedColumn(values: ColumnArray, planes: boolean): Buffer {
  return zlib.deflateSync(planes ? toPlanes(values) : new Uint8Array(values.buffer, values.byteOffset, values.byteLength), DEFLATE);
}

/** The `count` values of type `of` that deflatedColumn stored in `blob` (null: not that many; a damaged blob throws). */
function inflatedColumn<T extends ColumnArray>(blob: Buffer, of: { new (buffer: ArrayBuffer): T; BYTES_PER_ELEMENT: number }, count: number, byPlane: boolean): T | null {
  // Inflated into one buffer of the column's length (in 16 KB pieces, then joined, it took a tenth of a load more).
  const planes = zlib.inflateSync(blob, { chunkSize: Math.max(64, count * of.BYTES_PER_ELEMENT) });
  if (planes.length !== count * of.BYTES_PER_ELEMENT) return null;
  // Used where they were inflated when that buffer is theirs alone (a Buffer may share a pool), else copied.
  const own = planes.byteOffset === 0 && planes.buffer.byteLength === planes.length;
  return new of(byPlane ? fromPlanes(planes, of.BYTES_PER_ELEMENT) : own ? planes.buffer : new Uint8Array(planes).buffer);
}

/** A file's bytes: `magic`, the header's length (4 bytes, little-endian), the header (deflated JSON, each blob's length added as `blobs`), the blobs. */
function framed(magic: Buffer, header: object, blobs: Buffer[]): Buffer[] {
  const headerBytes = zlib.deflateSync(Buffer.from(JSON.stringify({ ...header, blobs: blobs.map((b) => b.length) })), DEFLATE);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return [magic, length, headerBytes, ...blobs];
}

/** The header and blobs of a file `framed` under `magic`, or null when it is none (a damaged header throws). */
function unframed(bytes: Buffer, magic: Buffer): { header: Record<string, unknown>; blobs: Buffer[] } | null {
  if (!LITTLE_ENDIAN || bytes.length < magic.length + 4 || !bytes.subarray(0, magic.length).equals(magic)) return null;
  const headerEnd = magic.length + 4 + bytes.readUInt32LE(magic.length);
  const header = JSON.parse(zlib.inflateSync(bytes.subarray(magic.length + 4, headerEnd)).toString()) as Record<string, unknown>;
  const lengths = header.blobs;
  if (!Array.isArray(lengths) || !lengths.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const blobs: Buffer[] = [];
  let at = headerEnd;
  for (const n of lengths as number[]) {
    blobs.push(bytes.subarray(at, at + n));
    at += n;
  }
  return at === bytes.length ? { header, blobs } : null;
}

/** The file's bytes for the transactions `read` under `key` (their arrays exactly `read.count` long). */
export function keptTransactionsBytes(key: string, read: CopiedPart): Buffer[] {
  const columns = COLUMNS.map(({ name, planes }) => deflatedColumn(name === 'id' ? differences(read.id) : read[name], planes));
  const header: Header = { version: FORMAT_VERSION, key, count: read.count, projectIds: read.projectIds, types: read.types, names: read.names, dates: read.dates };
  return framed(MAGIC, header, columns);
}

/** Whether every interned value of `read` indexes its dictionary (a file this code wrote always does). */
function indexesHold(read: CopiedPart): boolean {
  const { project, type, harmonized } = read;
  const projects = read.projectIds.length;
  const types = read.types.length;
  const names = read.names.length;
  for (let k = 0; k < read.count; k++) {
    if (project[k]! < 0 || project[k]! >= projects || type[k]! >= types || harmonized[k]! < -1 || harmonized[k]! >= names) return false;
  }
  return true;
}

/** The transactions a file's `bytes` keep when they were read under `key` and number `count`, else null. */
export function transactionsOfKept(bytes: Buffer, key: string, count: number): CopiedPart | null {
  const file = unframed(bytes, MAGIC);
  if (!file) return null;
  const header = file.header as unknown as Header;
  if (header.version !== FORMAT_VERSION || header.key !== key || header.count !== count || file.blobs.length !== COLUMNS.length) return null;
  const arrays = {} as Record<ColumnName, ColumnArray>;
  for (const [c, { name, of, planes }] of COLUMNS.entries()) {
    const column = inflatedColumn(file.blobs[c]!, of, count, planes);
    if (!column) return null;
    arrays[name] = column;
  }
  runningSum(arrays.id as Float64Array);
  const read: CopiedPart = {
    count, id: arrays.id as Float64Array, project: arrays.project as Int32Array, type: arrays.type as Uint8Array, vintage: arrays.vintage as Int32Array,
    date: arrays.date as Int32Array, quantity: arrays.quantity as Float64Array, harmonized: arrays.harmonized as Int32Array,
    projectIds: header.projectIds, types: header.types, names: header.names, dates: header.dates,
  };
  return indexesHold(read) ? read : null;
}

/** Removes the partial files of writes cut short beside `target`. */
function sweepPartials(target: string): void {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}.partial-`;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const file = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > PARTIAL_STALE_MS) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: left.
    }
  }
}

/** Writes `bytes` as the file `target` (see above): a partial file of its own, then renamed. */
async function replaceFile(target: string, bytes: Buffer[]): Promise<void> {
  const partial = `${target}.partial-${process.pid}-${threadId}-${Date.now()}`;
  try {
    await fs.promises.writeFile(partial, Buffer.concat(bytes));
    await fs.promises.rename(partial, target);
  } catch (err) {
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
  sweepPartials(target);
}

/** The kept transactions of one cache file, as a build reads and keeps them; `written` writes what was kept. */
export interface KeptTransactionsFile extends KeptTransactions {
  /** Whether a build told it transactions to keep (`written` would write them). */
  keeping(): boolean;
  /** Writes the transactions told to `keep` (encoding them: about 1.5 s at ten times the default market); resolves once written or failed. */
  written(): Promise<void>;
}

/** The transactions kept beside `cacheFile` (tables of at least `minRows` transactions are kept). */
export function keptTransactions(cacheFile: string, minRows = MIN_KEPT_ROWS): KeptTransactionsFile {
  const target = keptTransactionsFile(cacheFile);
  let toKeep: { key: string; read: CopiedPart } | null = null;
  // The file's bytes as `holds` read them, for the `read` that follows (the file is read once). Bytes
  // the file no longer holds are still the rows of the key they name, which `read` checks.
  let looked: Buffer | null = null;
  return {
    holds: (key) => {
      try {
        const bytes = fs.readFileSync(target);
        const file = unframed(bytes, MAGIC);
        const holds = file !== null && file.header.version === FORMAT_VERSION && file.header.key === key;
        looked = holds ? bytes : null;
        return holds;
      } catch {
        looked = null;
        return false;
      }
    },
    read: (key, n) => {
      const bytes = looked;
      looked = null;
      try {
        return transactionsOfKept(bytes ?? fs.readFileSync(target), key, n);
      } catch {
        // None kept, or not readable: the copy is read from the table (and kept again).
        return null;
      }
    },
    // Stored little-endian as in memory: a machine of the other byte order keeps none.
    keeps: (n) => LITTLE_ENDIAN && n >= minRows,
    keep: (key, read) => {
      toKeep = { key, read };
    },
    keeping: () => toKeep !== null,
    written: async () => {
      const kept = toKeep;
      toKeep = null;
      if (!kept) return;
      try {
        await replaceFile(target, keptTransactionsBytes(kept.key, kept.read));
      } catch {
        // Not kept (a full disk, a folder not writable): the next reader reads the table, as without the file.
      }
    },
  };
}

/**
 * The order of a free-text sort key, kept the same way (`<cache>.credit-order-<field>`): the places a
 * `places` thread read for a copy (credit-text-places.ts; at ten times the default market the
 * accounts' take an ordered scan of about 7 s), loaded by the next reader's `places` thread for a copy
 * of the same rows. A copy's row order follows from its rows alone (credit-columns.ts), so places kept
 * for the rollups' key, the sort expression, the count and the copy's ids in its row order (a hash of
 * them) are the places of any copy with those; any other file is ignored.
 */
const ORDER_MAGIC = Buffer.from('CDORDER1', 'latin1');
const ORDER_VERSION = 1;

interface OrderHeader {
  version: number;
  key: string;
  expression: string;
  count: number;
  idsHash: number;
  last: number;
  /** Whether the places are per distinct value (`place[of[i]]`): then a second blob holds `of`. */
  interned: boolean;
  /** How many places the first blob holds. */
  places: number;
}

/** The file beside `cacheFile` that keeps the order of the credit sort key `field`. */
export function keptOrderFile(cacheFile: string, field: string): string {
  return `${cacheFile}.credit-order-${field}`;
}

/** A hash of a copy's ids in its row order (FNV-1a over their low and high 32 bits). */
function idsHash(id: Float64Array): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) {
    const v = id[k]!;
    h = Math.imul(h ^ v, 0x01000193);
    h = Math.imul(h ^ (v / 4294967296), 0x01000193);
  }
  return h >>> 0;
}

/** The file's bytes for the places of `expression` in the copy whose ids (in row order) are `id`, or null for places not kept this way (by value). */
export function keptOrderBytes(key: string, expression: string, id: Float64Array, places: SortPlaces): Buffer[] | null {
  if (!('place' in places) || !(places.place instanceof Int32Array) || (places.of !== undefined && !(places.of instanceof Int32Array))) return null;
  const interned = places.of !== undefined;
  const header: OrderHeader = { version: ORDER_VERSION, key, expression, count: id.length, idsHash: idsHash(id), last: places.last, interned, places: places.place.length };
  const blobs = [deflatedColumn(places.place, true), ...(interned ? [deflatedColumn(places.of as Int32Array, true)] : [])];
  return framed(ORDER_MAGIC, header, blobs);
}

/** The places a file's `bytes` keep for `expression` in the copy whose ids (in row order) are `id`, under `key`, else null. */
export function orderOfKept(bytes: Buffer, key: string, expression: string, id: Float64Array): SortPlaces | null {
  const file = unframed(bytes, ORDER_MAGIC);
  if (!file) return null;
  const header = file.header as unknown as OrderHeader;
  if (header.version !== ORDER_VERSION || header.key !== key || header.expression !== expression || header.count !== id.length) return null;
  if (file.blobs.length !== (header.interned ? 2 : 1) || !Number.isSafeInteger(header.places) || !Number.isSafeInteger(header.last) || header.idsHash !== idsHash(id)) return null;
  const place = inflatedColumn(file.blobs[0]!, Int32Array, header.places, true);
  if (!place) return null;
  // Every place within [-1, last] and, interned, every value index within the places.
  for (let k = 0; k < place.length; k++) if (place[k]! < -1 || place[k]! > header.last) return null;
  if (!header.interned) return place.length === id.length ? { place, last: header.last } : null;
  const of = inflatedColumn(file.blobs[1]!, Int32Array, id.length, true);
  if (!of) return null;
  for (let k = 0; k < of.length; k++) if (of[k]! >= place.length) return null;
  return { place, of, last: header.last };
}

/** The orders kept beside `cacheFile` (for copies of at least `minRows` transactions). */
export function keptOrders(cacheFile: string, minRows = MIN_KEPT_ROWS) {
  return {
    /** The places of `field` (sorted by `expression`) kept for the copy whose ids are `id`, read under `key`, or null. */
    read: (field: string, key: string, expression: string, id: Float64Array): SortPlaces | null => {
      try {
        return orderOfKept(fs.readFileSync(keptOrderFile(cacheFile, field)), key, expression, id);
      } catch {
        return null;
      }
    },
    /** Whether the places of a copy of `n` transactions are kept. */
    keeps: (n: number): boolean => LITTLE_ENDIAN && n >= minRows,
    /** Keeps `places` (arrays no one else changes meanwhile); resolves once written or failed. */
    write: async (field: string, key: string, expression: string, id: Float64Array, places: SortPlaces): Promise<void> => {
      try {
        const bytes = keptOrderBytes(key, expression, id, places);
        if (bytes) await replaceFile(keptOrderFile(cacheFile, field), bytes);
      } catch {
        // Not kept: the next reader reads the order from the table, as without the file.
      }
    },
  };
}
