/**
 * Streams rows into an XLSX workbook (one sheet, the columns' names as a bold, frozen header row)
 * with exceljs's streaming writer, so memory holds a few rows whatever the row count. Cells keep
 * their type: numbers are numbers, booleans booleans, lists joined with `;`, objects compact JSON,
 * text as written — a text cell is never read as a formula by a spreadsheet, so nothing is prefixed.
 * What the format cannot hold is said, never silently changed:
 * - a sheet holds at most XLSX_MAX_ROWS rows under its header: a larger export is refused before
 *   anything is written;
 * - a cell holds at most XLSX_MAX_CELL characters: a longer text is cut there and counted;
 * - XML cannot carry control characters other than tab, CR and LF: each becomes U+FFFD, counted;
 * - XML reads every line end (CRLF, a lone CR) as LF: line ends are written as LF, as a reader
 *   would see them anyway.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { booleanOf, joinList } from '../../shared/csv-safety';
import { ContractError } from '../../shared/errors';
import { ExportCancelled, type WriteHooks } from './csv-writer';
import type { CacheRow, CsvColumn } from './row-source';

/** Excel's limits: 1,048,576 rows a sheet (one is the header), 32,767 characters a cell. */
export const XLSX_MAX_ROWS = 1_048_575;
export const XLSX_MAX_CELL = 32_767;
/** Rows written between turns of the event loop (see writeXlsx). */
const YIELD_ROWS = 20;
/** At most this many altered cells are named one by one (all are counted). */
const NAMED_CHANGES = 20;

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 cannot hold
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** What the workbook could not hold as it was: cells cut or with characters replaced. */
export interface XlsxChanges {
  cells: number;
  /** The first of them, e.g. `sheet row 13, retirement_note: cut to 32,767 of 100,000 characters`. */
  examples: string[];
}

export class XlsxTooManyRows extends ContractError {
  constructor(rows: number) {
    super('invalid_input', `An XLSX sheet holds at most ${XLSX_MAX_ROWS.toLocaleString('en-US')} rows and this export has ${rows.toLocaleString('en-US')}: export CSV, or narrow the filters`);
  }
}

type Cell = string | number | boolean | null;

function textOf(kind: CsvColumn['kind'], value: unknown): Cell {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? (Number.isFinite(value) ? value : null) : typeof value === 'bigint' ? Number(value) : String(value);
    case 'boolean':
      return booleanOf(value) ?? String(value);
    case 'list':
      return joinList(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

/** The cell a workbook can hold for `value`, and what had to change (null: nothing). */
export function xlsxCell(kind: CsvColumn['kind'], value: unknown): { cell: Cell; change: string | null } {
  const cell = textOf(kind, value);
  if (typeof cell !== 'string') return { cell, change: null };
  const lines = cell.replace(/\r\n?/g, '\n');
  let text = lines.replace(NOT_XML, '\uFFFD');
  const changes: string[] = [];
  if (text !== lines) changes.push('control characters replaced');
  if (text.length > XLSX_MAX_CELL) {
    changes.push(`cut to ${XLSX_MAX_CELL.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters`);
    text = text.slice(0, XLSX_MAX_CELL);
    // never end on half of a surrogate pair
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  return { cell: text, change: changes.length ? changes.join(', ') : null };
}

/** Writes every row to `out` as a workbook; resolves with the row count and the cells changed. */
export async function writeXlsx(
  rows: Iterable<CacheRow>,
  columns: readonly CsvColumn[],
  out: Writable,
  options: { total: number; sheetName: string } & WriteHooks,
): Promise<{ rows: number; changes: XlsxChanges }> {
  if (options.total > XLSX_MAX_ROWS) throw new XlsxTooManyRows(options.total);
  const finished = once(out, 'finish');
  finished.catch(() => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Carbon Desk';
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  const every = options.progressEvery ?? 5000;
  const changes: XlsxChanges = { cells: 0, examples: [] };
  let count = 0;
  for (const row of rows) {
    if (options.isCancelled?.()) throw new ExportCancelled();
    count++;
    if (count > XLSX_MAX_ROWS) throw new XlsxTooManyRows(count);
    const cells = columns.map((c) => {
      const { cell, change } = xlsxCell(c.kind, c.read(row));
      if (change) {
        changes.cells++;
        if (changes.examples.length < NAMED_CHANGES) changes.examples.push(`sheet row ${count + 1}, ${c.header}: ${change}`);
      }
      return cell;
    });
    sheet.addRow(cells).commit();
    if (count % every === 0) options.onProgress?.(count);
    if (count % YIELD_ROWS === 0) {
      // The rows are read synchronously: without a turn of the event loop the zip's deflate (on
      // libuv's threads) never runs and the committed rows pile up in memory.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    }
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  options.onProgress?.(count);
  return { rows: count, changes };
}
