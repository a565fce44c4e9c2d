/**
 * What goes into a CSV cell, decided once for every export (CSV files, both hosts, the CLI).
 *
 * - Formula neutralisation (OWASP "CSV injection"): a text cell whose first character is `=`, `+`,
 *   `-`, `@`, a tab or a carriage return is prefixed with `'`, so a spreadsheet shows it as text
 *   instead of running it. A NUMBER column keeps plain numbers (`-12`, `3.5`) as numbers; anything
 *   in it that is not a plain number is neutralised like text.
 * - Array fields are joined with `;` (ARRAY_SEPARATOR), elements in the service's order, e.g.
 *   `sdg_goals` = `3;7;13`. An element that itself contains `;` is kept as is (documented limitation).
 * - Booleans are `true` / `false`; null and missing values are the empty cell.
 * - Objects (e.g. `loss_by_year`) are written as compact JSON, then neutralised like text.
 * Quoting and escaping are the CSV library's job (csv-stringify), never done here.
 */

export const ARRAY_SEPARATOR = ';';

/** The kinds of column an export declares; they decide how a value becomes a cell. */
export type CsvColumnKind = 'text' | 'number' | 'boolean' | 'list' | 'json';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/;

/** True when a spreadsheet would read the text as a formula (or a command via DDE). */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Prefixes `'` to text a spreadsheet would run as a formula; other text is returned unchanged. */
export function neutraliseText(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}

/** A number column's cell: plain finite numbers stay numeric (negatives included); the rest is neutralised text. */
export function numberCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return value.toString();
  const text = String(value);
  return PLAIN_NUMBER.test(text.trim()) ? text.trim() : neutraliseText(text);
}

/** A text column's cell. */
export function textCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return neutraliseText(typeof value === 'string' ? value : String(value));
}

/** A boolean as stored: true / false, SQLite's 1 / 0 (also as text); null for anything else. */
export function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1 || value === '0' || value === '1') return Number(value) === 1;
  return null;
}

/** A boolean column's cell: `true` / `false` (SQLite's 0/1 included), empty for null. */
export function booleanCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const b = booleanOf(value);
  return b === null ? textCell(value) : b ? 'true' : 'false';
}

/** An array's elements (a single value is one) joined with `;`, objects as JSON, nulls left out. */
export function joinList(value: unknown): string {
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join(ARRAY_SEPARATOR);
}

/** An array column's cell: elements joined with `;`; the joined text is neutralised as a whole. */
export function listCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return neutraliseText(joinList(value));
}

/** An object column's cell: compact JSON, neutralised (JSON never starts with a formula character, but keep the rule total). */
export function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return neutraliseText(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The cell for a value in a column of the given kind. */
export function csvCell(kind: CsvColumnKind, value: unknown): string {
  switch (kind) {
    case 'number':
      return numberCell(value);
    case 'boolean':
      return booleanCell(value);
    case 'list':
      return listCell(value);
    case 'json':
      return jsonCell(value);
    default:
      return textCell(value);
  }
}

/**
 * A record's field for a value in a column of the given kind: null for a missing value (written as
 * nothing), '' only for an empty text (written `""`).
 */
export function recordCell(kind: CsvColumnKind, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const cell = csvCell(kind, value);
  return cell === '' && kind !== 'text' ? null : cell;
}

/** The UTF-8 byte-order mark Excel looks for to read a CSV as UTF-8. */
export const UTF8_BOM = '\uFEFF';
