/**
 * The API's `sort` parameter as table state: repeatable `field` / `-field`, applied in order.
 * A header click cycles its field (first direction -> the other -> off); with Shift it adds the
 * field as a further key instead of replacing the sort.
 */
export type SortDirection = 'asc' | 'desc';

export function sortDirection(sort: readonly string[], field: string): SortDirection | null {
  for (const s of sort) {
    const f = s.replace(/^[+-]/, '');
    if (f === field) return s.startsWith('-') ? 'desc' : 'asc';
  }
  return null;
}

/** 1-based position of the field among the sort keys (for "2" badges on multi-sort), or null. */
export function sortRank(sort: readonly string[], field: string): number | null {
  const i = sort.findIndex((s) => s.replace(/^[+-]/, '') === field);
  return i < 0 ? null : i + 1;
}

/**
 * The sort after a click on `field`. `first` is the direction a fresh click sorts by (numbers
 * usually read best largest first).
 */
export function toggleSort(sort: readonly string[], field: string, options: { additive?: boolean; first?: SortDirection } = {}): string[] {
  const first = options.first ?? 'asc';
  const current = sortDirection(sort, field);
  const key = (d: SortDirection) => (d === 'desc' ? `-${field}` : field);
  const others = sort.filter((s) => s.replace(/^[+-]/, '') !== field);
  let next: SortDirection | null;
  if (current === null) next = first;
  else if (current === first) next = first === 'asc' ? 'desc' : 'asc';
  else next = null;
  if (options.additive) {
    if (next === null) return others;
    return current === null ? [...sort, key(next)] : sort.map((s) => (s.replace(/^[+-]/, '') === field ? key(next!) : s));
  }
  return next === null ? [] : [key(next)];
}

/** Page numbers (1-based) that hold rows start..end (inclusive) at perPage rows per page. */
export function pagesForRange(start: number, end: number, perPage: number): number[] {
  if (end < start || end < 0) return [];
  const first = Math.floor(Math.max(0, start) / perPage) + 1;
  const last = Math.floor(end / perPage) + 1;
  const pages: number[] = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return pages;
}
