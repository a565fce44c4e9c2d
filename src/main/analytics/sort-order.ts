/**
 * ORDER BY for the repeatable `sort` parameter (docs/api-assumptions.md): keys applied in order, strings
 * compared case-insensitively, nulls last in both directions, the primary key ascending as the final
 * tie-breaker so pages are stable.
 */
import { parseSort } from '../../shared/api/params';
import { naturalIdOrderTerms } from '../../shared/api/natural-id';
import { ContractError } from '../../shared/errors';

export interface SortColumn {
  /** SQL expression of the field. */
  sql: string;
  /** Compared case-insensitively. */
  text: boolean;
  /**
   * When it answers false (no row has a null here), "nulls last" needs no clause and an ascending
   * sort can walk an index. Give it only for indexed columns, where the answer is one index seek.
   */
  hasNulls?: () => boolean;
  /** Ids in natural order (ACR-2 before ACR-10): shared/api/natural-id.ts. */
  natural?: boolean;
}

export function orderBy(
  sort: readonly string[] | undefined,
  columns: Record<string, SortColumn>,
  fallback: readonly string[],
  primaryKey: string,
): string {
  let keys;
  try {
    keys = parseSort(sort, Object.keys(columns), fallback);
  } catch (err) {
    throw new ContractError('invalid_input', `Invalid input: sort: ${(err as Error).message}`);
  }
  const parts = keys.map(({ field, descending }) => {
    const c = columns[field]!;
    // SQLite puts nulls last in DESC order already; saying so only for ASC (and only when the column
    // has nulls) lets sorts walk an index.
    const nullsLast = !descending && (c.hasNulls?.() ?? true);
    const terms = c.natural ? naturalIdOrderTerms(c.sql) : [`${c.sql}${c.text ? ' COLLATE NOCASE' : ''}`];
    return terms.map((t) => `${t} ${descending ? 'DESC' : nullsLast ? 'ASC NULLS LAST' : 'ASC'}`).join(', ');
  });
  parts.push(`${primaryKey} ASC`);
  return `ORDER BY ${parts.join(', ')}`;
}

/** Sort columns named like the fields, on a table alias. */
export function sortColumns(alias: string, text: readonly string[], other: readonly string[]): Record<string, SortColumn> {
  const out: Record<string, SortColumn> = {};
  for (const f of text) out[f] = { sql: `${alias}.${f}`, text: true };
  for (const f of other) out[f] = { sql: `${alias}.${f}`, text: false };
  return out;
}
