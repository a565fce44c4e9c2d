/**
 * The screened holdings as one CSV table, the same from the Portfolio view and from `screen --csv`:
 * a line per holding with what the file said, the cached project it matched, and its flags (rule
 * ids joined with `;`, their sentences with ` | `).
 */
import type { HoldingRow } from './contract';
import { csvText, type CsvTextColumn } from './csv-text';

export const SCREENED_HOLDING_COLUMNS: ReadonlyArray<CsvTextColumn<HoldingRow>> = [
  { name: 'row', kind: 'number', value: (h) => h.row },
  { name: 'project_id', kind: 'text', value: (h) => h.project_id },
  { name: 'matched_project', kind: 'text', value: (h) => h.project_ref },
  { name: 'project_name', kind: 'text', value: (h) => h.project_name },
  { name: 'registry', kind: 'text', value: (h) => h.registry },
  { name: 'vintage', kind: 'number', value: (h) => h.vintage },
  { name: 'quantity', kind: 'number', value: (h) => h.quantity },
  { name: 'status', kind: 'text', value: (h) => h.status },
  { name: 'serial', kind: 'text', value: (h) => h.serial },
  { name: 'note', kind: 'text', value: (h) => h.note },
  { name: 'flags', kind: 'list', value: (h) => h.flags.map((f) => f.rule) },
  { name: 'findings', kind: 'text', value: (h) => (h.flags.length ? h.flags.map((f) => f.message).join(' | ') : null) },
];

/** The holdings as CSV with a UTF-8 byte-order mark. */
export function screenedHoldingsCsv(holdings: Iterable<HoldingRow>): string {
  return csvText(SCREENED_HOLDING_COLUMNS, holdings, { bom: true });
}
