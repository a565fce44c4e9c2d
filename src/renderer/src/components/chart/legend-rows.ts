/**
 * A chart legend that shows every name in full: ECharts' plain legend wraps its items onto as many
 * lines as the chart's width needs, and the plot starts below them. `legendRows` tells how many
 * lines that is (from the names and the width, with a generous width per character so the estimate
 * errs towards room to spare); `legendTop` is the plot's top under them.
 */
import { useEffect, useRef, useState } from 'react';

/** Legend text is 12px: the widest average glyph of the app's fonts, rounded up. */
const CHAR_PX = 7.4;
/** The symbol (25px) and the gap to the next item (10px) of each legend item. */
const ITEM_EXTRA_PX = 35;
export const LEGEND_LINE_PX = 22;

/** Lines a wrapping legend of `labels` takes in `widthPx` (at least one). */
export function legendRows(labels: readonly string[], widthPx: number): number {
  if (labels.length === 0) return 0;
  const usable = Math.max(120, widthPx);
  let rows = 1;
  let used = 0;
  for (const label of labels) {
    const w = label.length * CHAR_PX + ITEM_EXTRA_PX;
    if (used > 0 && used + w > usable) {
      rows++;
      used = 0;
    }
    used += w;
  }
  return rows;
}

/** The plot's top below a wrapping legend of `labels` at `widthPx`, with `gap` pixels under it. */
export function legendTop(labels: readonly string[], widthPx: number, gap = 14): number {
  return legendRows(labels, widthPx) * LEGEND_LINE_PX + gap;
}

/** The width of an element, followed as it resizes (0 until measured). */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
