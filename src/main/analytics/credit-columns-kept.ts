/**
 * The transactions as the reader's columnar copy reads them (credit-columns.ts), kept in a file beside
 * the cache, so that a reader opened later (the app's next launch) loads them in about a second
 * instead of reading millions of rows from the table: at ten times the default market the copy's
 * read takes 4–8 s of both cores, and every first answer meanwhile comes by SQL.
 *
 * A file stands for one rebuild of the rollups (the copy's freshness key, which every write to the
 * transactions or the projects' labels changes). A build loads it only in a snapshot that sees that
 * key and as many transactions as the file holds; any other file (another key or count, a format this
 * code does not write, a truncated or damaged file, an index out of its dictionary)
 * is ignored, the copy is read from the table, and what it read is kept in its place.
 *
 * Written under a name of its own and renamed over the old file, so a reader finds the old file or
 * the new, never part of one; a write cut short (the app quit meanwhile) leaves a `.partial-…` file
 * that a later write removes.
 *
 * Layout: 8 bytes `CDCOPY01`, the header's length (4 bytes, little-endian), the header (deflated JSON:
 * key, count, dictionaries and each column's length), then each column deflated, its values
 * little-endian (a machine of the other byte order keeps none). A column's bytes are stored plane by plane (every value's first byte, then every second, ...) and the
 * ids as differences from the one before, which deflate reads as runs: in id order at ten times the
 * default market the 5.3 million transactions take about 32 MB (6 bytes each) of the 176 MB they
 * fill in memory.
 *
 * Only tables of a million transactions or more are kept (`MIN_KEPT_ROWS`): below that a copy is read
 * in under a second, and the file would cost disk for less.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { CopiedPart, KeptTransactions } from './credit-columns';

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

interface Header {
  version: number;
  key: string;
  count: number;
  projectIds: Array<string | null>;
  types: Array<string | null>;
  names: string[];
  dates: number[];
  /** Each column's deflated length in bytes, in COLUMNS' order. */
  columns: number[];
}

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

/** The file's bytes for the transactions `read` under `key` (their arrays exactly `read.count` long). */
export function keptTransactionsBytes(key: string, read: CopiedPart): Buffer[] {
  const columns = COLUMNS.map(({ name, planes }) => {
    const values = name === 'id' ? differences(read.id) : read[name];
    return zlib.deflateSync(planes ? toPlanes(values) : new Uint8Array(values.buffer, values.byteOffset, values.byteLength), DEFLATE);
  });
  const header: Header = {
    version: FORMAT_VERSION, key, count: read.count,
    projectIds: read.projectIds, types: read.types, names: read.names, dates: read.dates, columns: columns.map((c) => c.length),
  };
  const headerBytes = zlib.deflateSync(Buffer.from(JSON.stringify(header)), DEFLATE);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return [MAGIC, length, headerBytes, ...columns];
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
  if (!LITTLE_ENDIAN || bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const headerEnd = MAGIC.length + 4 + bytes.readUInt32LE(MAGIC.length);
  const header = JSON.parse(zlib.inflateSync(bytes.subarray(MAGIC.length + 4, headerEnd)).toString()) as Header;
  if (header.version !== FORMAT_VERSION || header.key !== key || header.count !== count) return null;
  if (!Array.isArray(header.columns) || header.columns.length !== COLUMNS.length) return null;
  const arrays = {} as Record<ColumnName, ColumnArray>;
  let at = headerEnd;
  for (const [c, { name, of, planes: byPlane }] of COLUMNS.entries()) {
    // Inflated into one buffer of the column's length (in 16 KB pieces, then joined, it took a tenth of a load more).
    const planes = zlib.inflateSync(bytes.subarray(at, at + header.columns[c]!), { chunkSize: Math.max(64, count * of.BYTES_PER_ELEMENT) });
    at += header.columns[c]!;
    if (planes.length !== count * of.BYTES_PER_ELEMENT) return null;
    // Used where they were inflated when that buffer is theirs alone (a Buffer may share a pool), else copied.
    const own = planes.byteOffset === 0 && planes.buffer.byteLength === planes.length;
    arrays[name] = new of(byPlane ? fromPlanes(planes, of.BYTES_PER_ELEMENT) : own ? planes.buffer : new Uint8Array(planes).buffer);
  }
  if (at !== bytes.length) return null;
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
  return {
    read: (key, n) => {
      try {
        return transactionsOfKept(fs.readFileSync(target), key, n);
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
