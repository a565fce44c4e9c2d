/**
 * The list-view shell every table view shares: a page whose toolbar holds the search box, the
 * Filters toggle (its open state remembered per view) and the export button; links' invalid filters
 * named; the filter panel; the active filters as chips; the virtualized table sized to what is left
 * of the window; and an empty state that offers to clear the filters.
 */
import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../data-table';
import { ChipsBar, InvalidParams, type FilterChip, type InvalidParam } from '../filters';
import { Page } from '../page';
import { Empty } from '../states';

export interface ListViewProps<Row> {
  title: string;
  subtitle: ReactNode;
  /** First in the toolbar (a TextFilter). */
  search?: ReactNode;
  /** Last in the toolbar (an export button). */
  exportButton: ReactNode;
  filters: {
    /** localStorage key of the panel's open state; `defaultOpen` when the user never chose. */
    panelKey: string;
    defaultOpen?: boolean;
    /** How many filters are active (shown on the toggle). */
    count: number;
    /** The panel's content. */
    panel: ReactNode;
    panelId?: string;
    chips: FilterChip[];
    chipsTestId?: string;
    invalid: InvalidParam[];
    /** Drops the named URL parameters; with no names, every filter. */
    clear(keys?: string[]): void;
  };
  /** The table (its height is the shell's). */
  table: Omit<DataTableProps<Row>, 'height' | 'empty'>;
  /** What the empty state says: a title, and where the rows come from. */
  empty: { title: string; source: ReactNode };
  /** Notices above the table. */
  children?: ReactNode;
}

export function ListView<Row>({ title, subtitle, search, exportButton, filters, table, empty, children }: ListViewProps<Row>) {
  const [panelOpen, setPanelOpen] = useState(() => {
    const stored = localStorage.getItem(filters.panelKey);
    return stored === null ? (filters.defaultOpen ?? false) : stored === 'open';
  });
  const togglePanel = () =>
    setPanelOpen((open) => {
      localStorage.setItem(filters.panelKey, open ? 'closed' : 'open');
      return !open;
    });

  return (
    <Page
      title={title}
      subtitle={subtitle}
      actions={
        <>
          {search}
          <button type="button" className={`btn${panelOpen ? ' btn-active' : ''}`} aria-expanded={panelOpen} aria-controls={filters.panelId} onClick={togglePanel}>
            Filters{filters.count ? ` (${filters.count})` : ''}
          </button>
          {exportButton}
        </>
      }
    >
      <InvalidParams invalid={filters.invalid} onDrop={(keys) => filters.clear(keys)} />
      {children}
      {panelOpen ? (
        <div className="card" id={filters.panelId}>
          {filters.panel}
        </div>
      ) : null}
      <ChipsBar chips={filters.chips} onClear={() => filters.clear()} testId={filters.chipsTestId} />
      <DataTable<Row>
        {...table}
        height={panelOpen ? 'max(420px, calc(100vh - 200px))' : 'calc(100vh - 150px)'}
        empty={
          <Empty title={empty.title}>
            Remove a filter chip above, or{' '}
            <button type="button" className="btn" onClick={() => filters.clear()}>
              clear all filters
            </button>
            . {empty.source}
          </Empty>
        }
      />
    </Page>
  );
}
