/**
 * Streams rows into a CSV file with csv-stringify (quoting and escaping are the library's): header
 * row of the columns' names, CRLF line ends (RFC 4180), UTF-8 with an optional byte-order mark.
 * Backpressure is honoured (memory stays flat whatever the row count); progress is reported at most
 * every `progressEvery` rows, and `isCancelled` is polled between rows.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { csvCell } from '../../shared/csv-safety';
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

/** One CSV record (cells in column order) for a cache row. */
export function csvRecord(columns: readonly CsvColumn[], row: CacheRow): string[] {
  return columns.map((c) => csvCell(c.kind, c.read(row)));
}

/** Writes every row; resolves with the row count once `out` is finished. Throws ExportCancelled when cancelled. */
export async function writeCsv(
  rows: Iterable<CacheRow>,
  columns: readonly CsvColumn[],
  out: Writable,
  options: { bom: boolean } & WriteHooks,
): Promise<number> {
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: options.bom,
    record_delimiter: 'windows',
  });
  const done = pipeline(stringifier, out);
  const every = options.progressEvery ?? 5000;
  let count = 0;
  let failure: unknown = null;
  done.catch((err: unknown) => {
    failure = err;
  });
  try {
    for (const row of rows) {
      if (failure) throw failure;
      if (options.isCancelled?.()) throw new ExportCancelled();
      if (!stringifier.write(csvRecord(columns, row))) await Promise.race([once(stringifier, 'drain'), done]);
      count++;
      if (count % every === 0) options.onProgress?.(count);
    }
  } catch (err) {
    stringifier.destroy(err instanceof Error ? err : new Error(String(err)));
    await done.catch(() => undefined);
    throw err;
  }
  stringifier.end();
  await done;
  options.onProgress?.(count);
  return count;
}
