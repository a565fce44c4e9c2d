/**
 * Filter-to-table latency, measured in the browser: a filter (or sort) change marks
 * `filter-change`; the table, once it shows the first page of the new query, measures
 * `filter-to-table` from that mark. Read with performance.getEntriesByName('filter-to-table').
 */
export const FILTER_CHANGE_MARK = 'filter-change';
export const FILTER_TO_TABLE_MEASURE = 'filter-to-table';

let pending = false;

export function markFilterChange(): void {
  if (typeof performance === 'undefined') return;
  performance.mark(FILTER_CHANGE_MARK);
  pending = true;
}

/** Called when the table shows the new query's rows; measures once per filter change. */
export function measureFilterToTable(detail?: Record<string, unknown>): void {
  if (!pending || typeof performance === 'undefined') return;
  pending = false;
  try {
    performance.measure(FILTER_TO_TABLE_MEASURE, { start: FILTER_CHANGE_MARK, detail });
  } catch {
    // the mark was cleared: nothing to measure
  }
  performance.clearMarks(FILTER_CHANGE_MARK);
}
