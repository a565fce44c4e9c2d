export { DataTable, type Column, type DataTableProps } from './data-table';
export { usePagedRows, type FetchPage, type PagedRows } from './use-paged-rows';
export { pagesForRange, sortDirection, sortRank, toggleSort, type SortDirection } from './sort-order';
export { FILTER_TO_TABLE_MEASURE, markFilterChange, measureFilterToTable } from './filter-latency';
export { useCacheGeneration } from '../../data/use-cache-generation';
export { useUnfilteredTotal } from './use-unfiltered-total';
