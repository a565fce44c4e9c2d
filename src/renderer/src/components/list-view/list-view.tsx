/**
 * The list-view shell every table view shares: a page whose toolbar holds the search box, the
 * Filters toggle (closed until the user opens it; its state remembered per view across visits and
 * launches: the chips show the filters a link carries) and the export button; links' invalid filters
 * named; the filter panel; the active filters as chips; the virtualized table sized to what is left
 * of the window; and an empty state that offers to clear the filters.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../data-table';
import { buildChips, buildRangeChips, ChipsBar, InvalidParams, type ChipSpec, type FilterChip, type RangeChipSpec, type UrlFilters } from '../filters';
import type { SyncJobName } from '../../../../shared/contract';
import { FirstSyncEmpty, useFirstSyncNotice } from '../first-sync-empty';
import { Page } from '../page';
import { Empty } from '../states';

export interface ListViewProps<Row, F extends object> {
  title: string;
  subtitle: ReactNode;
  /** First in the toolbar (a TextFilter). */
  search?: ReactNode;
  /** Last in the toolbar (an export button). */
  exportButton: ReactNode;
  /** The view's URL filters (useUrlFilters): the chips, the sort and the invalid link parameters come from them. */
  url: UrlFilters<F>;
  /** How each filter reads as a chip. */
  chipSpecs: Record<string, ChipSpec>;
  /** Min / max pairs shown as one chip each (their keys need no entry in `chipSpecs`). */
  rangeChipSpecs?: readonly RangeChipSpec[];
  /** Chips the Filters toggle does not count (the search box has its own field). */
  uncounted?(chip: FilterChip): boolean;
  panel: {
    /** localStorage key of the panel's open state: closed until the user opens it, then as the user left it. */
    storageKey: string;
    id?: string;
    content: ReactNode;
  };
  chipsTestId?: string;
  /** The order shown (with its arrow) when the URL names none; the view fetches with the same. */
  defaultSort?: readonly string[];
  /** The table (its sort, height and empty state are the shell's). */
  table: Omit<DataTableProps<Row>, 'height' | 'empty' | 'sort' | 'onSortChange'>;
  /**
   * What the empty state says: while the sync `jobs` that fill the view never completed, what the
   * first sync is doing and when the rows (`what`, plural) appear; after that, with filters set,
   * `title` and where the rows come from, and with none, that the cache holds none.
   */
  empty: { title: string; source: ReactNode; what: string; jobs: SyncJobName[] };
  /** Notices above the table. */
  children?: ReactNode;
}

/** Parameters that are not filters: they never become chips. */
const NOT_FILTERS = new Set(['sort', 'current_page', 'per_page']);

export function ListView<Row, F extends object>({ title, subtitle, search, exportButton, url: typedUrl, chipSpecs, rangeChipSpecs = [], uncounted, panel, chipsTestId, defaultSort, table, empty, children }: ListViewProps<Row, F>) {
  // The shell handles any view's filters by name.
  const url = typedUrl as unknown as UrlFilters<Record<string, unknown>>;
  const { filters, set, patch, clear } = url;
  const shownFilters = Object.fromEntries(Object.entries(filters).filter(([k]) => !NOT_FILTERS.has(k)));
  const chips = [...buildChips(shownFilters, chipSpecs, (k, v) => set(k, v)), ...buildRangeChips(shownFilters, rangeChipSpecs, (values) => patch(values))];
  const count = chips.filter((c) => !uncounted?.(c)).length;
  // Closed until the user opens it (the chips show a link's filters; an open panel would take the table's room).
  const [panelOpen, setPanelOpen] = useState(() => localStorage.getItem(panel.storageKey) === 'open');
  const togglePanel = () =>
    setPanelOpen((open) => {
      localStorage.setItem(panel.storageKey, open ? 'closed' : 'open');
      return !open;
    });
  const sort = useMemo(() => (filters.sort as string[] | undefined) ?? [...(defaultSort ?? [])], [filters.sort, defaultSort]);
  const firstSync = useFirstSyncNotice(empty.jobs, empty.what);

  return (
    <Page
      title={title}
      subtitle={subtitle}
      actions={
        <>
          {search}
          <button type="button" className={`btn${panelOpen ? ' btn-active' : ''}`} aria-expanded={panelOpen} aria-controls={panel.id} onClick={togglePanel}>
            Filters{count ? ` (${count})` : ''}
          </button>
          {exportButton}
        </>
      }
    >
      <InvalidParams invalid={url.invalid} onDrop={(keys) => clear(keys)} />
      {children}
      {panelOpen ? (
        <div className="card" id={panel.id}>
          {panel.content}
        </div>
      ) : null}
      <ChipsBar chips={chips} onClear={() => clear()} testId={chipsTestId} />
      <DataTable<Row>
        {...table}
        sort={sort}
        onSortChange={(s) => set('sort', s.length ? s : undefined)}
        height={panelOpen ? 'max(420px, calc(100vh - 200px))' : 'calc(100vh - 150px)'}
        empty={
          // never synced yet: any empty answer is the first sync's doing, filters or not
          firstSync ? (
            <FirstSyncEmpty notice={firstSync} />
          ) : chips.length ? (
            <Empty title={empty.title}>
              Remove a filter chip above, or{' '}
              <button type="button" className="btn" onClick={() => clear()}>
                clear all filters
              </button>
              . {empty.source}
            </Empty>
          ) : (
            <Empty title={`No ${empty.what} in the cache`}>{empty.source}</Empty>
          )
        }
      />
    </Page>
  );
}
