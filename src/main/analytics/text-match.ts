/**
 * How user text matches cached text, with the service's semantics (docs/api-assumptions.md):
 * string filters are case-insensitive and exact; `search` and `beneficiary_search` are
 * case-insensitive substrings. `%`, `_`, quotes and backslashes in user input are literal: the
 * needle is a bound parameter and matched with instr(), which has no wildcards at all.
 * Case folding is SQLite's (ASCII letters), the same as the NOCASE collation the exact filters use.
 */
import { addClause, placeholders, type SqlWhere } from './sql-where';

/** `column` equals one of `values`, ignoring case. */
export function matchAnyExact(w: SqlWhere, column: string, values: readonly string[] | undefined): void {
  if (!values?.length) return;
  addClause(w, `${column} COLLATE NOCASE IN (${placeholders(values.length)})`, ...values);
}

/** SQL that is true when `column` contains `?` (one bound parameter) as a substring, ignoring case. */
export const containsSql = (column: string): string => `instr(lower(${column}), lower(?)) > 0`;

/** One of `columns` contains `needle` as a substring, ignoring case. An empty needle filters nothing. */
export function matchSubstring(w: SqlWhere, columns: readonly string[], needle: string | undefined): void {
  if (needle === undefined || needle === '') return;
  addClause(w, `(${columns.map(containsSql).join(' OR ')})`, ...columns.map(() => needle));
}
