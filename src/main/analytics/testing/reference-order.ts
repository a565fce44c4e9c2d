/**
 * Test support (not a test): the service's list order and paging computed in JavaScript, to check
 * the read model's SQL against (docs/api-assumptions.md): sort keys applied in turn, text by its
 * folded form in code point order (the caller folds: src/shared/case-folding.ts), nulls last in both
 * directions, the primary key ascending last; a page is `per_page` rows from `(page - 1) * per_page`.
 */
import { compareCodePoints } from '../../../shared/case-folding';

export type SortValue = string | number | bigint | null | undefined;

/** One sort key: the values it compares in turn (a natural id: prefix, number, folded id) and its direction. */
export interface ReferenceKey<R> {
  terms: ReadonlyArray<(row: R) => SortValue>;
  descending: boolean;
}

function compareValues(a: Exclude<SortValue, null | undefined>, b: Exclude<SortValue, null | undefined>): number {
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'string' || typeof b === 'string') throw new Error(`a sort term mixes text and numbers: ${String(a)} / ${String(b)}`);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `rows` in the order of `keys`, then by `primaryKey` ascending. */
export function referenceOrder<R>(rows: readonly R[], keys: ReadonlyArray<ReferenceKey<R>>, primaryKey: (row: R) => string | number): R[] {
  const compare = (x: R, y: R): number => {
    for (const key of keys) {
      for (const term of key.terms) {
        const a = term(x);
        const b = term(y);
        const aNull = a === null || a === undefined;
        const bNull = b === null || b === undefined;
        if (aNull && bNull) continue;
        if (aNull) return 1;
        if (bNull) return -1;
        const c = compareValues(a, b);
        if (c) return key.descending ? -c : c;
      }
    }
    return compareValues(primaryKey(x), primaryKey(y));
  };
  return [...rows].sort(compare);
}

/** The rows of page `page` (from 1) of `perPage` rows. */
export const referencePage = <R>(rows: readonly R[], page: number, perPage: number): R[] => rows.slice((page - 1) * perPage, page * perPage);

/** The pagination the service answers for `total` rows (next_page only as "is there one"). */
export const referencePagination = (total: number, page: number, perPage: number) => ({
  total_entries: total,
  current_page: page,
  total_pages: Math.ceil(total / perPage),
  has_next: page < Math.ceil(total / perPage),
});
