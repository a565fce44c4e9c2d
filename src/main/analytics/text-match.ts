/**
 * Text matching on the cache's own SQLite tables (outside the read model), by the one folding rule
 * (docs/text-matching.md): exact filters compare folded text, searches are literal substrings of it.
 * Every user value is a bound parameter, folded here; instr() has no wildcards, so `%`, `_`, quotes
 * and backslashes match themselves.
 */
import { foldCase, isAscii } from '../../shared/case-folding';
import { addClause, placeholders, type SqlWhere } from './sql-where';

/** `column` equals one of `values`, ignoring case. */
export function matchAnyExact(w: SqlWhere, column: string, values: readonly string[] | undefined): void {
  if (!values?.length) return;
  addClause(w, `fold(${column}) IN (${placeholders(values.length)})`, ...values.map(foldCase));
}

/** One of `columns` contains `needle` ignoring case. An empty needle filters nothing. */
export function matchSubstring(w: SqlWhere, columns: readonly string[], needle: string | undefined): void {
  if (needle === undefined || needle === '') return;
  const folded = foldCase(needle);
  addClause(w, `(${columns.map((c) => `instr(fold(${c}), ?) > 0`).join(' OR ')})`, ...columns.map(() => folded));
}

/**
 * SQL true when the identifier `column` (a project id) is `id` ignoring case, and its parameter: an
 * ASCII id (every registry's) by SQLite's NOCASE comparison (on ASCII text the same as the folding
 * rule), any other by the folding rule, as the reference service looks ids up (docs/text-matching.md).
 */
export const sameId = (column: string, id: string): [string, string] =>
  isAscii(id) ? [`${column} = ? COLLATE NOCASE`, id] : [`fold(${column}) = ?`, foldCase(id)];
