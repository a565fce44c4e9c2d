/**
 * A WHERE clause under construction: SQL fragments joined with AND, and their bound parameters in
 * order. Every user value is a bound parameter, never spliced into SQL.
 */
export interface SqlWhere {
  clauses: string[];
  params: unknown[];
}

export const newWhere = (): SqlWhere => ({ clauses: [], params: [] });

export const whereSql = (w: SqlWhere): string => (w.clauses.length ? `WHERE ${w.clauses.join(' AND ')}` : '');

export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** Adds `clause` with its parameters. */
export function addClause(w: SqlWhere, clause: string, ...params: unknown[]): void {
  w.clauses.push(clause);
  w.params.push(...params);
}

/** Adds another WHERE's clauses and parameters. */
export function mergeWhere(into: SqlWhere, from: SqlWhere): void {
  into.clauses.push(...from.clauses);
  into.params.push(...from.params);
}

/** SQLite stores booleans as 0/1. */
export const sqlValue = (v: unknown): unknown => (typeof v === 'boolean' ? (v ? 1 : 0) : v);
