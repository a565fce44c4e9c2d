/**
 * A table's column layout as its user arranged it: the order of the columns, the ones hidden or
 * shown against the default and the widths dragged to. Remembered per table in localStorage;
 * columns the build no longer has are forgotten and new ones appear where the build puts them.
 *
 * By default a column is shown, unless it asks for a wider table than the one on screen
 * (`fromWidth`): a narrow window starts with the columns that fit, and the Columns menu adds the
 * others (the user's choice then holds at every width).
 */
export interface ColumnLayout {
  order: string[];
  /** Columns the user hid. */
  hidden: string[];
  /** Columns the user showed that the default leaves out at some widths. */
  shown: string[];
  /** Widths in CSS pixels of the columns the user resized. */
  widths: Record<string, number>;
}

/** What the layout needs of a column. */
export interface LayoutColumn {
  id: string;
  width: string;
  /** Shown by default only in a table at least this many CSS pixels wide. */
  fromWidth?: number;
}

export const EMPTY_LAYOUT: ColumnLayout = { order: [], hidden: [], shown: [], widths: {} };

/** Whether a column is drawn in a table `tableWidth` pixels wide (null: not measured yet, as wide as needed). */
export function isShown(column: LayoutColumn, layout: ColumnLayout, tableWidth: number | null): boolean {
  if (layout.hidden.includes(column.id)) return false;
  if (layout.shown.includes(column.id)) return true;
  return column.fromWidth === undefined || tableWidth === null || tableWidth >= column.fromWidth;
}
/** The narrowest a column can be dragged to. */
export const MIN_COLUMN_PX = 48;
const MAX_COLUMN_PX = 1200;

/** The column ids in the user's order: those the layout names (that still exist), then the rest in the build's order. */
export function orderedIds(ids: readonly string[], layout: ColumnLayout): string[] {
  const known = new Set(ids);
  const named = layout.order.filter((id) => known.has(id));
  const seen = new Set(named);
  // A column new to the layout goes after the column that precedes it in the build.
  const result = [...named];
  ids.forEach((id, i) => {
    if (seen.has(id)) return;
    const before = ids.slice(0, i).reverse().find((p) => seen.has(p));
    result.splice(before === undefined ? 0 : result.indexOf(before) + 1, 0, id);
    seen.add(id);
  });
  return result;
}

/** The columns to draw: in the user's order, those not shown left out (never all of them), widths as resized. */
export function applyLayout<C extends LayoutColumn>(columns: readonly C[], layout: ColumnLayout, tableWidth: number | null = null): C[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const shown = orderedIds(columns.map((c) => c.id), layout).filter((id) => isShown(byId.get(id)!, layout, tableWidth));
  const ids = shown.length ? shown : [columns[0]!.id];
  return ids.map((id) => {
    const c = byId.get(id)!;
    const px = layout.widths[id];
    return px === undefined ? c : { ...c, width: `${px}px` };
  });
}

/** Moves column `id` by `delta` places among `ids` (in the user's order). */
export function moveColumn(layout: ColumnLayout, ids: readonly string[], id: string, delta: number): ColumnLayout {
  const order = orderedIds(ids, layout);
  const from = order.indexOf(id);
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  if (from < 0 || from === to) return layout;
  order.splice(to, 0, ...order.splice(from, 1));
  return { ...layout, order };
}

/** Puts column `id` where column `target` is (dropped on its header). */
export function dropColumn(layout: ColumnLayout, ids: readonly string[], id: string, target: string): ColumnLayout {
  const order = orderedIds(ids, layout);
  const from = order.indexOf(id);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return layout;
  return moveColumn(layout, ids, id, to - from);
}

/** Shows or hides a column as drawn in a table `tableWidth` wide; the last visible one stays. */
export function toggleColumn(layout: ColumnLayout, columns: readonly LayoutColumn[], id: string, tableWidth: number | null = null): ColumnLayout {
  const column = columns.find((c) => c.id === id);
  if (!column) return layout;
  const hidden = new Set(layout.hidden);
  const shown = new Set(layout.shown);
  if (isShown(column, layout, tableWidth)) {
    if (!columns.some((other) => other.id !== id && isShown(other, layout, tableWidth))) return layout;
    shown.delete(id);
    hidden.add(id);
  } else {
    hidden.delete(id);
    if (column.fromWidth !== undefined) shown.add(id);
  }
  return { ...layout, hidden: [...hidden], shown: [...shown] };
}

export function resizeColumn(layout: ColumnLayout, id: string, px: number | null): ColumnLayout {
  const widths = { ...layout.widths };
  if (px === null) delete widths[id];
  else widths[id] = Math.round(Math.max(MIN_COLUMN_PX, Math.min(MAX_COLUMN_PX, px)));
  return { ...layout, widths };
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A stored layout, or the empty one when nothing (or nothing readable) is stored. */
export function parseLayout(stored: string | null): ColumnLayout {
  if (!stored) return EMPTY_LAYOUT;
  try {
    const v = JSON.parse(stored) as Partial<ColumnLayout>;
    const widths = v.widths && typeof v.widths === 'object' ? Object.fromEntries(Object.entries(v.widths).filter(([, px]) => typeof px === 'number' && Number.isFinite(px) && px > 0)) : {};
    return { order: isStrings(v.order) ? v.order : [], hidden: isStrings(v.hidden) ? v.hidden : [], shown: isStrings(v.shown) ? v.shown : [], widths };
  } catch {
    return EMPTY_LAYOUT;
  }
}

export const isDefaultLayout = (layout: ColumnLayout) =>
  layout.order.length === 0 && layout.hidden.length === 0 && layout.shown.length === 0 && Object.keys(layout.widths).length === 0;
