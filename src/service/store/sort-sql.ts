/**
 * ORDER BY from parsed sort keys: strings compare case-insensitively (NOCASE: ASCII case folding,
 * then code-unit order), nulls last in both directions, and the primary key ascending as the final
 * tie-breaker so pages are stable.
 */
import type { SortKey } from '../../shared/api/params';

export interface SortColumn {
  sql: string;
  text: boolean;
}

export function orderBySql(keys: readonly SortKey[], columns: Record<string, SortColumn>, primaryKey: string): string {
  const parts = keys.map((k) => {
    const col = columns[k.field];
    if (!col) throw new Error(`no sort column for ${k.field}`);
    return `${col.sql}${col.text ? ' COLLATE NOCASE' : ''} ${k.descending ? 'DESC' : 'ASC'} NULLS LAST`;
  });
  parts.push(`${primaryKey} ASC`);
  return `ORDER BY ${parts.join(', ')}`;
}
