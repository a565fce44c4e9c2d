/**
 * Streams rows into a CSV file with csv-stringify in the dialect every reader agrees on (RFC 4180):
 * records end with CRLF; a field holding a CR, an LF (alone or as CRLF), a comma or a double quote is
 * quoted, its quotes doubled, so Python's csv, pandas and Excel read as many records as were written;
 * an empty text is written `""` and a missing value (null) as nothing. Header row of the columns'
 * names; UTF-8 with an optional byte-order mark.
 * Rows are stringified in batches of BATCH_ROWS (one library call and one write per batch, far
 * cheaper than a stream write per row) and written with backpressure, so memory holds one batch
 * whatever the row count. Progress is reported every `progressEvery` rows; `isCancelled` is polled
 * before every row.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { recordCell } from '../../shared/csv-safety';
import type { CacheRow, CsvColumn } from './csv-tables';

export interface WriteHooks {
  onProgress?(rows: number): void;
  isCancelled?(): boolean;
  progressEvery?: number;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

export const BATCH_ROWS = 500;
/**
 * csv-stringify's options for that dialect. With `record_delimiter` set, the library quotes only
 * fields holding the whole delimiter unless `quote_record_delimiter` is on: a lone LF or CR would
 * go out unquoted, and every reader but one told "CRLF only" would split the record there.
 */
export const CSV_DIALECT = { record_delimiter: '\r\n', quote_record_delimiter: true, quoted_match: /^$/ } as const;

/**
 * One CSV record (cells in column order) for a cache row: null for a missing value (written as
 * nothing), '' only for an empty text (written `""`).
 */
export function csvRecord(columns: readonly CsvColumn[], row: CacheRow): Array<string | null> {
  return columns.map((c) => recordCell(c.kind, c.read(row)));
}

/** Writes `text`, waiting for the stream to drain when its buffer is full (rejects on a stream error). */
async function writeChunk(out: Writable, text: string): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every row; resolves with the row count once `out` is finished. Throws ExportCancelled when cancelled. */
export async function writeCsv(
  rows: Iterable<CacheRow>,
  columns: readonly CsvColumn[],
  out: Writable,
  options: { bom: boolean } & WriteHooks,
): Promise<number> {
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  finished.catch(() => undefined);
  const every = options.progressEvery ?? 5000;
  let count = 0;
  let batch: Array<Array<string | null>> = [];
  await writeChunk(out, stringify([], { header: true, columns: columns.map((c) => c.header), bom: options.bom, ...CSV_DIALECT }));
  for (const row of rows) {
    if (options.isCancelled?.()) throw new ExportCancelled();
    batch.push(csvRecord(columns, row));
    count++;
    if (batch.length === BATCH_ROWS) {
      await writeChunk(out, stringify(batch, CSV_DIALECT));
      batch = [];
    }
    if (count % every === 0) options.onProgress?.(count);
  }
  if (batch.length) await writeChunk(out, stringify(batch, CSV_DIALECT));
  out.end();
  await finished;
  options.onProgress?.(count);
  return count;
}
