/**
 * ORDER BY for the repeatable `sort` parameter (docs/api-assumptions.md): keys applied in order,
 * strings compared ignoring case (their folded keys: docs/text-matching.md), nulls last in both
 * directions, the primary key ascending as the final tie-breaker so pages are stable.
 */
import { parseSort } from '../../shared/api/params';
import { ContractError } from '../../shared/errors';

export interface SortColumn {
  /** SQL expressions of the field's order, in turn (a text field's folded key; an id's natural key). */
  terms: readonly string[];
}

export function orderBy(sort: readonly string[] | undefined, columns: Record<string, SortColumn>, fallback: readonly string[], primaryKey: string): string {
  let keys;
  try {
    keys = parseSort(sort, Object.keys(columns), fallback);
  } catch (err) {
    throw new ContractError('invalid_input', `Invalid input: sort: ${(err as Error).message}`);
  }
  const parts = keys.flatMap(({ field, descending }) => columns[field]!.terms.map((t) => `${t} ${descending ? 'DESC' : 'ASC'} NULLS LAST`));
  parts.push(`${primaryKey} ASC`);
  return `ORDER BY ${parts.join(', ')}`;
}

/** Sort columns named like the fields, on a SQLite table's alias: text fields folded (the SQL function `fold`). */
export function sortColumns(alias: string, text: readonly string[], other: readonly string[]): Record<string, SortColumn> {
  const out: Record<string, SortColumn> = {};
  for (const f of text) out[f] = { terms: [`fold(${alias}.${f})`] };
  for (const f of other) out[f] = { terms: [`${alias}.${f}`] };
  return out;
}
