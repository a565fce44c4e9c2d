/** The watchlist (projects, buyers, countries) as every view sees it: loaded once, updated by each toggle. */
import { create } from 'zustand';
import type { WatchItem, WatchKind } from '../../../shared/contract';
import { carbon } from '../bridge';

interface WatchlistState {
  items: WatchItem[] | null;
  error: string | null;
  load(): Promise<void>;
  toggle(kind: WatchKind, id: string, watched: boolean): Promise<void>;
}

export const watchKey = (kind: WatchKind, id: string) => `${kind}:${kind === 'country' ? id.toUpperCase() : id.toLowerCase()}`;

export const useWatchlist = create<WatchlistState>((set) => ({
  items: null,
  error: null,
  async load() {
    try {
      set({ items: await carbon.watchlist.list({}), error: null });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err) });
    }
  },
  async toggle(kind, id, watched) {
    try {
      set({ items: await carbon.watchlist.set({ kind, id, watched }), error: null });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err) });
    }
  },
}));

/** Whether an item is watched (loads the watchlist on first use). */
export function useWatched(kind: WatchKind, id: string): boolean {
  const items = useWatchlist((s) => s.items);
  if (items === null) void useWatchlist.getState().load();
  const key = watchKey(kind, id);
  return Boolean(items?.some((w) => watchKey(w.kind, w.id) === key));
}
