/**
 * <DataTable>: a virtualized table over server-side pages (usePagedRows). Fixed header, column
 * headers bound to the API's `sort` param (click: sort, again: reverse, again: default; Shift+click
 * adds a key), rows loaded as they scroll into view, an optional expansion slot per row; with a
 * `layoutKey`, the user's column layout (Columns menu, headers dragged to reorder, edges to resize).
 * Renders only the rows on screen, so 100,000+ rows scroll like 100.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { ErrorState } from '../states';
import { ColumnChooser } from './column-chooser';
import { applyLayout, dropColumn, resizeColumn } from './column-layout';
import { rowMinWidth } from './column-widths';
import { measureFilterToTable } from './filter-latency';
import { sortDirection, sortRank, toggleSort, type SortDirection } from './sort-order';
import { useColumnLayout } from './use-column-layout';
import { useElementWidth } from './use-element-width';
import type { PagedRows } from './use-paged-rows';
import './data-table.css';

export interface Column<Row> {
  id: string;
  header: string;
  /** What the column's numbers are in ("tCO2e", "transactions"), a second line under the header. */
  unit?: string;
  /** What the column holds, in a sentence (the header's hover text). */
  description?: string;
  /** CSS grid track, e.g. '120px' or 'minmax(220px, 2fr)'. */
  width: string;
  /** The API sort field this column sorts by (omit for unsortable columns). */
  sortField?: string;
  /** Direction of a fresh click (default: 'desc' for numeric columns, else 'asc'). */
  firstSort?: SortDirection;
  numeric?: boolean;
  cell(row: Row): ReactNode;
  /** Hover text for the cell (e.g. a long name). */
  title?(row: Row): string | undefined;
  /** A narrow column of one control (a toggle): little padding. */
  tight?: boolean;
  /** Shown by default only in a table at least this many CSS pixels wide (the Columns menu adds it at any width). */
  fromWidth?: number;
}

export interface DataTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rows: PagedRows<Row>;
  rowKey(row: Row): string | number;
  sort: readonly string[];
  onSortChange(sort: string[]): void;
  /** Content shown under an expanded row; rows get an expand toggle when given. */
  renderExpanded?(row: Row): ReactNode;
  onRowOpen?(row: Row): void;
  /** A click on a row (outside its links and buttons) chooses it, e.g. to show its details beside the table. */
  onRowClick?(row: Row): void;
  /** The row shown as chosen (its rowKey). */
  selectedKey?: string | number | null;
  rowHeight?: number;
  /** Shown when the query matches nothing. */
  empty?: ReactNode;
  height?: number | string;
  testId?: string;
  /**
   * Where the user's column layout is remembered (hidden columns, order, widths); the table gets a
   * Columns menu, draggable headers and resize handles. Without it the columns are the build's.
   */
  layoutKey?: string;
}

/** A header's name, and its unit on a line of its own. */
function HeaderText({ column }: { column: Pick<Column<unknown>, 'header' | 'unit'> }) {
  return column.unit ? (
    <span className="dt-head-text">
      {column.header}
      <span className="dt-unit">{column.unit}</span>
    </span>
  ) : (
    <>{column.header}</>
  );
}

/** The track of the Columns menu's button, at the end of every row. */
const MENU_TRACK = '34px';

export function DataTable<Row>({
  label,
  columns: allColumns,
  rows,
  rowKey,
  sort,
  onSortChange,
  renderExpanded,
  onRowOpen,
  onRowClick,
  selectedKey = null,
  rowHeight = 34,
  empty,
  height = '100%',
  testId,
  layoutKey,
}: DataTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<Set<string | number>>(() => new Set());
  const count = rows.total ?? 0;
  const [layout, changeLayout] = useColumnLayout(layoutKey);
  const [measureTable, tableWidth] = useElementWidth();
  const attachScroll = useCallback(
    (el: HTMLDivElement | null) => {
      scrollRef.current = el;
      measureTable(el);
    },
    [measureTable],
  );
  const columns = useMemo(() => (layoutKey ? applyLayout(allColumns, layout, tableWidth) : allColumns), [allColumns, layout, layoutKey, tableWidth]);
  const ids = useMemo(() => allColumns.map((c) => c.id), [allColumns]);
  const dragged = useRef<string | null>(null);
  const resizing = useRef(false);
  const startResize = (e: ReactPointerEvent<HTMLSpanElement>, id: string) => {
    e.preventDefault();
    e.stopPropagation();
    const cell = e.currentTarget.parentElement!;
    const startX = e.clientX;
    const startWidth = cell.getBoundingClientRect().width;
    resizing.current = true;
    const onMove = (m: PointerEvent) => changeLayout((l) => resizeColumn(l, id, startWidth + m.clientX - startX));
    const onUp = () => {
      resizing.current = false;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };
  const tracks = useMemo(() => [...(renderExpanded ? ['28px'] : []), ...columns.map((c) => c.width), ...(layoutKey ? [MENU_TRACK] : [])], [columns, renderExpanded, layoutKey]);
  const template = tracks.join(' ');
  const minWidth = useMemo(() => rowMinWidth(tracks), [tracks]);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // keyed by index (the default): a per-render key function would make the virtualizer rebuild
    // its measurements of every row (532,799 at full scale) on each render
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  // load the pages on screen (after a short pause when the scrollbar is dragged far)
  const { ensureRange } = rows;
  useEffect(() => {
    if (last < 0) return;
    const t = setTimeout(() => ensureRange(first, last), 40);
    return () => clearTimeout(t);
  }, [first, last, ensureRange, rows.key]);

  // a new query: back to the top, collapse rows, and record the filter-to-table time
  useEffect(() => {
    if (rows.key === null) return;
    scrollRef.current?.scrollTo({ top: 0 });
    setExpanded(new Set());
    measureFilterToTable({ table: label, rows: rows.total });
  }, [rows.key, label, rows.total]);

  const toggleRow = (key: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const gridStyle: CSSProperties = { gridTemplateColumns: template, minWidth };

  if (rows.error && rows.total === null) return <ErrorState error={rows.error} onRetry={rows.reload} />;

  return (
    <div className="data-table" role="table" aria-label={label} aria-rowcount={count + 1} aria-busy={rows.loading} data-testid={testId} style={{ height }}>
      <div ref={attachScroll} className="data-table-scroll">
        <div className="data-table-header" role="row" aria-rowindex={1} style={gridStyle}>
          {renderExpanded ? <div className="dt-cell dt-expander" role="columnheader" aria-label="Expand" /> : null}
          {columns.map((c) => {
            const dir = c.sortField ? sortDirection(sort, c.sortField) : null;
            const rank = c.sortField && sort.length > 1 ? sortRank(sort, c.sortField) : null;
            return (
              <div
                key={c.id}
                role="columnheader"
                className={`dt-cell dt-head${c.numeric ? ' num' : ''}${c.tight ? ' tight' : ''}`}
                aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : c.sortField ? 'none' : undefined}
                data-column={c.id}
                draggable={layoutKey ? true : undefined}
                onDragStart={
                  layoutKey
                    ? (e) => {
                        if (resizing.current) return e.preventDefault();
                        dragged.current = c.id;
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', c.header);
                      }
                    : undefined
                }
                onDragOver={layoutKey ? (e) => dragged.current && dragged.current !== c.id && e.preventDefault() : undefined}
                onDrop={
                  layoutKey
                    ? (e) => {
                        e.preventDefault();
                        const from = dragged.current;
                        dragged.current = null;
                        if (from) changeLayout((l) => dropColumn(l, ids, from, c.id));
                      }
                    : undefined
                }
              >
                {c.sortField ? (
                  <button
                    type="button"
                    className="dt-sort"
                    title={`${c.description ? `${c.description}. ` : ''}Sort by ${c.header.toLowerCase()}${c.unit ? ` (${c.unit})` : ''} (Shift+click adds a sort key)`}
                    onClick={(e) => onSortChange(toggleSort(sort, c.sortField!, { additive: e.shiftKey, first: c.firstSort ?? (c.numeric ? 'desc' : 'asc') }))}
                  >
                    <HeaderText column={c} />
                    <span className="dt-arrow" aria-hidden="true">
                      {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      {rank ? <sup>{rank}</sup> : null}
                    </span>
                  </button>
                ) : (
                  <span title={c.description}>
                    <HeaderText column={c} />
                  </span>
                )}
                {layoutKey ? (
                  <span
                    className="dt-resize"
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={`Resize ${c.header}`}
                    title="Drag to resize; double-click for the default width"
                    onPointerDown={(e) => startResize(e, c.id)}
                    onDoubleClick={() => changeLayout((l) => resizeColumn(l, c.id, null))}
                  />
                ) : null}
              </div>
            );
          })}
          {layoutKey ? <div className="dt-cell" aria-hidden="true" /> : null}
        </div>
        {rows.total === 0 ? (
          <div className="data-table-empty">{empty ?? 'Nothing matches.'}</div>
        ) : (
          <div className={`data-table-body${rows.loading ? ' is-loading' : ''}`} style={{ height: virtualizer.getTotalSize(), minWidth }}>
            {items.map((item) => {
              const row = rows.rowAt(item.index);
              const key = row === undefined ? null : rowKey(row);
              const isOpen = key !== null && expanded.has(key);
              const isSelected = key !== null && selectedKey !== null && key === selectedKey;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={`data-table-row${item.index % 2 ? ' odd' : ''}${isOpen ? ' open' : ''}${isSelected ? ' selected' : ''}${onRowClick ? ' clickable' : ''}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={onRowClick ? isSelected : undefined}
                  style={{ transform: `translateY(${item.start}px)`, minWidth }}
                >
                  <div
                    className="dt-line"
                    style={{ ...gridStyle, height: rowHeight }}
                    onDoubleClick={row !== undefined && onRowOpen ? () => onRowOpen(row) : undefined}
                    onClick={
                      row !== undefined && onRowClick
                        ? (e) => {
                            // a link or button in the row does its own thing
                            if (!(e.target as HTMLElement).closest('a, button, input')) onRowClick(row);
                          }
                        : undefined
                    }
                  >
                    {renderExpanded ? (
                      <div className="dt-cell dt-expander" role="cell">
                        {key !== null ? (
                          <button type="button" className="dt-toggle" aria-expanded={isOpen} aria-label={isOpen ? 'Collapse row' : 'Expand row'} onClick={() => toggleRow(key)}>
                            {isOpen ? '▾' : '▸'}
                          </button>
                        ) : null}
                      </div>
                    ) : null}
                    {columns.map((c) => (
                      <div key={c.id} role="cell" className={`dt-cell${c.numeric ? ' num' : ''}${c.tight ? ' tight' : ''}`} title={row !== undefined ? c.title?.(row) : undefined}>
                        {row === undefined ? <span className="dt-skeleton" aria-label="Loading" /> : c.cell(row)}
                      </div>
                    ))}
                    {layoutKey ? <div aria-hidden="true" /> : null}
                  </div>
                  {isOpen && row !== undefined && renderExpanded ? <div className="dt-expanded">{renderExpanded(row)}</div> : null}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {layoutKey ? <ColumnChooser columns={allColumns} layout={layout} tableWidth={tableWidth} onChange={changeLayout} label={label} /> : null}
      {rows.error && rows.total !== null ? (
        <div className="data-table-error" role="alert">
          Some rows could not be loaded. <button type="button" className="btn" onClick={rows.reload}>Try again</button>
        </div>
      ) : null}
    </div>
  );
}
