/**
 * <ColumnChooser>: the table's "Columns" menu: every column with a checkbox (shown or hidden), moved
 * up or down with buttons (the keyboard's way to reorder; the mouse can also drag headers), and a
 * reset to the build's layout (order, visibility and widths).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EMPTY_LAYOUT, isDefaultLayout, isShown, moveColumn, orderedIds, toggleColumn, type ColumnLayout, type LayoutColumn } from './column-layout';

export interface ColumnChooserProps {
  columns: ReadonlyArray<LayoutColumn & { header: string; unit?: string }>;
  layout: ColumnLayout;
  /** The table's width as drawn (which columns the default shows depends on it). */
  tableWidth: number | null;
  onChange(change: (layout: ColumnLayout) => ColumnLayout): void;
  label: string;
}

export function ColumnChooser({ columns, layout, tableWidth, onChange, label }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const ids = columns.map((c) => c.id);
  const headerOf = new Map(columns.map((c) => [c.id, c.unit ? `${c.header} (${c.unit})` : c.header]));
  const byId = new Map(columns.map((c) => [c.id, c]));
  const order = orderedIds(ids, layout);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dt-columns" ref={box}>
      <button
        type="button"
        className="dt-columns-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Columns of the ${label} table`}
        title="Choose, order and reset columns"
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open ? (
        <div className="dt-columns-panel card" id={panelId} role="dialog" aria-label={`Columns of the ${label} table`}>
          <ul>
            {order.map((id, i) => (
              <li key={id}>
                <label>
                  <input type="checkbox" checked={isShown(byId.get(id)!, layout, tableWidth)} onChange={() => onChange((l) => toggleColumn(l, columns, id, tableWidth))} />
                  {headerOf.get(id)}
                </label>
                <span className="dt-columns-move">
                  <button type="button" disabled={i === 0} aria-label={`Move ${headerOf.get(id)} left`} onClick={() => onChange((l) => moveColumn(l, ids, id, -1))}>
                    ↑
                  </button>
                  <button type="button" disabled={i === order.length - 1} aria-label={`Move ${headerOf.get(id)} right`} onClick={() => onChange((l) => moveColumn(l, ids, id, 1))}>
                    ↓
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <div className="dt-columns-foot">
            <span className="muted">Drag a header to move it, its right edge to resize it (double-click: its default width).</span>
            <button type="button" className="btn" disabled={isDefaultLayout(layout)} onClick={() => onChange(() => EMPTY_LAYOUT)}>
              Reset columns
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
