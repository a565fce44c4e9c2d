/** What an export reads: rows of the cache (as SQLite returns them) and the CSV columns drawn from them. */
import type { CsvColumnKind } from '../../shared/csv-safety';

export type CacheRow = Record<string, unknown>;

export interface CsvColumn {
  header: string;
  kind: CsvColumnKind;
  read(row: CacheRow): unknown;
}

export interface RowSource {
  /** Rows the export will hold (counted before writing, for progress). */
  total: number;
  rows: Iterable<CacheRow>;
}
