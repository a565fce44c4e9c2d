/**
 * CSV text of a table held in memory (the renderer's lists, the CLI's screened holdings), in the
 * dialect of every export (RFC 4180, as src/main/export streams it with csv-stringify): records end
 * with CRLF; a field holding a CR, an LF, a comma or a double quote is quoted, its quotes doubled;
 * an empty text is written `""` and a missing value as nothing; cells follow csv-safety's rules
 * (formulas neutralised, lists joined with `;`). A header row of the columns' names; a UTF-8
 * byte-order mark when asked (Excel reads the file as UTF-8 then).
 */
import { recordCell, UTF8_BOM, type CsvColumnKind } from './csv-safety';

/** One column of a table: its header, its kind, and how a row gives its value. */
export interface CsvTextColumn<T> {
  name: string;
  kind: CsvColumnKind;
  value: (row: T) => unknown;
}

/** A field in the dialect: null (a missing value) is nothing; '' (an empty text) is `""`. */
export function csvField(cell: string | null): string {
  if (cell === null) return '';
  return cell === '' || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The table as CSV text, header first. */
export function csvText<T>(columns: ReadonlyArray<CsvTextColumn<T>>, rows: Iterable<T>, options: { bom?: boolean } = {}): string {
  const lines = [columns.map((c) => csvField(c.name)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => csvField(recordCell(c.kind, c.value(row)))).join(','));
  }
  return `${options.bom ? UTF8_BOM : ''}${lines.join('\r\n')}\r\n`;
}
