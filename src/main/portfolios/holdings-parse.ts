/**
 * The holdings of a table: the header row found, each later row read into a holding or listed with
 * its row number and the reason it was not understood. Empty rows are no holdings and are skipped.
 */
import { type ColumnMapping, type HoldingField, type MappingResult, mapColumns } from './holding-columns';
import { holdingProjectKey } from './project-ref';
import { readQuantity } from './quantity';
import type { Cell, TableRows } from './table-reader';

export interface ParsedHolding {
  /** The row of the table, the first row being 1. */
  row: number;
  project_id: string;
  /** The key the project is looked up by (see project-ref.ts). */
  project_key: string;
  vintage: number | null;
  quantity: number;
  registry: string | null;
  serial: string | null;
  status: 'held' | 'retired';
  note: string | null;
}

export interface RejectedRow {
  row: number;
  value: string;
  reason: string;
}

export interface ParsedHoldings extends MappingResult {
  headers: string[];
  /** The row holding the headers (1-based); rows above it are titles. */
  header_row: number;
  holdings: ParsedHolding[];
  rejected: RejectedRow[];
}

const HEADER_SEARCH_ROWS = 10;

const text = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c).trim());
const isEmptyRow = (r: Cell[]) => r.every((c) => text(c) === '');

export function parseHoldings(rows: TableRows, override: Partial<Record<HoldingField, string>> = {}): ParsedHoldings {
  let headerIndex = -1;
  let found: MappingResult | null = null;
  let seen = 0;
  for (let i = 0; i < rows.length && seen < HEADER_SEARCH_ROWS; i++) {
    const r = rows[i] ?? [];
    if (isEmptyRow(r)) continue;
    seen++;
    const m = mapColumns(r.map(text), override);
    if (headerIndex < 0) { headerIndex = i; found = m; }
    if (m.missing.length === 0) { headerIndex = i; found = m; break; }
  }
  if (headerIndex < 0 || !found) {
    return { headers: [], header_row: 0, mapping: mapColumns([]).mapping, missing: ['project_id', 'quantity'], holdings: [], rejected: [] };
  }
  const headers = (rows[headerIndex] ?? []).map(text);
  const result: ParsedHoldings = { ...found, headers, header_row: headerIndex + 1, holdings: [], rejected: [] };
  if (found.missing.length > 0) return result;
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const r = rows[i] ?? [];
    if (isEmptyRow(r)) continue;
    const read = readRow(r, i + 1, found.mapping);
    if ('reason' in read) result.rejected.push(read);
    else result.holdings.push(read);
  }
  return result;
}

function readRow(r: Cell[], row: number, m: ColumnMapping): ParsedHolding | RejectedRow {
  const at = (f: HoldingField): Cell | undefined => (m[f] === null ? undefined : r[m[f] as number]);
  const id = text(at('project_id'));
  const value = r.map(text).filter((c) => c !== '').join(' | ');
  if (id === '') return { row, value, reason: 'no project id' };
  const q = readQuantity(typeof at('quantity') === 'number' ? at('quantity') : text(at('quantity')));
  if (!q.ok) return { row, value, reason: q.reason };
  const vRaw = at('vintage');
  let vintage: number | null = null;
  if (text(vRaw) !== '') {
    const v = typeof vRaw === 'number' ? vRaw : Number(text(vRaw));
    if (!Number.isInteger(v) || v < 1900 || v > 2200) return { row, value, reason: `vintage "${text(vRaw)}" is not a year` };
    vintage = v;
  }
  const statusText = text(at('status')).toLowerCase();
  if (statusText !== '' && statusText !== 'held' && statusText !== 'retired') {
    return { row, value, reason: `status "${text(at('status'))}" is neither held nor retired` };
  }
  const registry = text(at('registry')) || null;
  return {
    row,
    project_id: id,
    project_key: holdingProjectKey(id, registry),
    vintage,
    quantity: q.value,
    registry,
    serial: text(at('serial')) || null,
    status: statusText === 'retired' ? 'retired' : 'held',
    note: text(at('note')) || null,
  };
}
