/**
 * ORDER BY from parsed sort keys: strings compare ignoring case (their folds, src/shared/case-folding.ts,
 * in code point order), nulls last in both directions, and the primary key ascending as the final
 * tie-breaker so pages are stable.
 */
import type { SortKey } from '../../shared/api/params';
import { naturalIdOrderTerms } from '../../shared/api/natural-id';

export interface SortColumn {
  sql: string;
  text: boolean;
  /** Ids in natural order (ACR-2 before ACR-10): shared/api/natural-id.ts. */
  natural?: boolean;
}

export function orderBySql(keys: readonly SortKey[], columns: Record<string, SortColumn>, primaryKey: string): string {
  const parts = keys.map((k) => {
    const col = columns[k.field];
    if (!col) throw new Error(`no sort column for ${k.field}`);
    const terms = col.natural ? naturalIdOrderTerms(col.sql) : [col.text ? `fold(${col.sql})` : col.sql];
    return terms.map((t) => `${t} ${k.descending ? 'DESC' : 'ASC'} NULLS LAST`).join(', ');
  });
  parts.push(`${primaryKey} ASC`);
  return `ORDER BY ${parts.join(', ')}`;
}
