/** A table's column layout (column-layout.ts), remembered in localStorage under its key; null: not remembered. */
import { useCallback, useState } from 'react';
import { EMPTY_LAYOUT, isDefaultLayout, parseLayout, type ColumnLayout } from './column-layout';

const storageKey = (key: string) => `carbon-desk.columns.${key}`;

export function useColumnLayout(key: string | undefined): [ColumnLayout, (change: (layout: ColumnLayout) => ColumnLayout) => void] {
  const [layout, setLayout] = useState<ColumnLayout>(() => (key ? parseLayout(localStorage.getItem(storageKey(key))) : EMPTY_LAYOUT));
  const update = useCallback(
    (change: (layout: ColumnLayout) => ColumnLayout) =>
      setLayout((current) => {
        const next = change(current);
        if (key) {
          if (isDefaultLayout(next)) localStorage.removeItem(storageKey(key));
          else localStorage.setItem(storageKey(key), JSON.stringify(next));
        }
        return next;
      }),
    [key],
  );
  return [layout, update];
}
