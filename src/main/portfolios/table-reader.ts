/**
 * A holdings file as rows of cells: CSV (comma, semicolon or tab; UTF-8 with or without a BOM;
 * UTF-16 LE or BE with its BOM, as Excel's "Unicode text" writes it) or XLSX (the first sheet, or
 * the one named). Cells are text, except the numbers a workbook holds as numbers.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ContractError } from '../../shared/errors';
import { checkFileSize, checkXlsxInflation } from './holdings-file-limits';

export type Cell = string | number | null;
export type TableRows = Cell[][];

export function isXlsx(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
}

/** The file's text: its BOM says UTF-16 LE, BE or UTF-8; without one it is UTF-8. */
export function decodeText(buf: Buffer): string {
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.subarray(2).toString('utf16le');
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The delimiter of the first non-empty line outside quotes: the most frequent of tab, semicolon and comma. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([['\t', 0], [';', 0], [',', 0]]);
  const sum = () => [...counts.values()].reduce((a, b) => a + b, 0);
  let quoted = false;
  for (let i = 0; i < text.length && i < 64_000; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (sum() > 0) break;
    } else if (!quoted && c !== undefined && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return (['\t', ';', ','] as const).reduce((best, d) => ((counts.get(d) ?? 0) > (counts.get(best) ?? 0) ? d : best), ',');
}

export function readCsv(buf: Buffer): TableRows {
  const text = decodeText(buf);
  try {
    return parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: false, trim: false }) as string[][];
  } catch (err) {
    throw new ContractError('invalid_input', `The file is not a table: ${(err as Error).message}`);
  }
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
  }
  return String(v);
}

export async function readXlsx(buf: Buffer, sheet?: string): Promise<TableRows> {
  checkXlsxInflation(buf);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch (err) {
    throw new ContractError('invalid_input', `The file is not a readable XLSX workbook: ${(err as Error).message}`);
  }
  const ws = sheet ? workbook.getWorksheet(sheet) : workbook.worksheets[0];
  if (!ws) throw new ContractError('invalid_input', sheet ? `The workbook has no sheet named "${sheet}".` : 'The workbook has no sheet.');
  const rows: TableRows = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: Cell[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(cellValue(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

/** Reads a holdings file of any supported kind, refusing one that is too large before parsing it. */
export async function readTable(buf: Buffer, options: { sheet?: string } = {}): Promise<TableRows> {
  checkFileSize(buf.length);
  return isXlsx(buf) ? readXlsx(buf, options.sheet) : readCsv(buf);
}
