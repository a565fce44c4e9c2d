/**
 * Server-side paging over the contract's pagination envelope: page 1 of a query loads at once,
 * further pages load as the table scrolls to them. While a new query loads, the previous rows stay
 * on screen (no flicker); answers to an outdated query are dropped. When a sync job writes new rows
 * the query is read again. At most MAX_PAGES pages are
 * kept, the ones farthest from the scroll position are dropped first.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Page } from '../../../../shared/api';
import { pagesForRange } from './sort-order';
import { useCacheGeneration } from '../../data/use-cache-generation';

export type FetchPage<Row> = (page: number, perPage: number) => Promise<Page<Row>>;

const MAX_PAGES = 80;

interface Snapshot<Row> {
  key: string;
  total: number;
  pages: Map<number, Row[]>;
}

export interface PagedRows<Row> {
  /** The query these rows answer (changes once its first page arrived). */
  key: string | null;
  /** total_entries of the shown query (null before the first answer). */
  total: number | null;
  /** Row at an index, or undefined while its page loads. */
  rowAt(index: number): Row | undefined;
  /** Loads the pages that hold rows start..end (inclusive). */
  ensureRange(start: number, end: number): void;
  /** A new query is loading (previous rows still shown). */
  loading: boolean;
  error: unknown;
  reload(): void;
  perPage: number;
}

export function usePagedRows<Row>(fetchPage: FetchPage<Row>, queryKey: string, perPage = 100): PagedRows<Row> {
  const shown = useRef<Snapshot<Row> | null>(null);
  const wanted = useRef<string>(queryKey);
  const inflight = useRef(new Set<string>());
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [reloadToken, reload] = useReducer((n: number) => n + 1, 0);
  // a sync job that wrote rows re-reads the shown query (same key: scroll position kept)
  const generation = useCacheGeneration();

  useEffect(() => {
    let cancelled = false;
    wanted.current = queryKey;
    setLoading(true);
    setError(null);
    fetchRef
      .current(1, perPage)
      .then((page) => {
        if (cancelled) return;
        shown.current = { key: queryKey, total: page.pagination.total_entries, pages: new Map([[1, page.data]]) };
        setLoading(false);
        bump();
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setError(err);
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [queryKey, perPage, reloadToken, generation]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      const snap = shown.current;
      if (!snap || snap.key !== wanted.current) return;
      const last = Math.max(0, Math.min(end, snap.total - 1));
      for (const p of pagesForRange(start, last, perPage)) {
        const flightKey = `${snap.key}\u0000${p}`;
        if (snap.pages.has(p) || inflight.current.has(flightKey)) continue;
        inflight.current.add(flightKey);
        fetchRef
          .current(p, perPage)
          .then((page) => {
            if (shown.current !== snap) return;
            snap.pages.set(p, page.data);
            if (snap.pages.size > MAX_PAGES) {
              const far = [...snap.pages.keys()].sort((a, b) => Math.abs(b - p) - Math.abs(a - p));
              for (const q of far.slice(0, snap.pages.size - MAX_PAGES)) snap.pages.delete(q);
            }
            bump();
          })
          .catch((err: unknown) => {
            if (shown.current === snap) setError(err);
          })
          .finally(() => inflight.current.delete(flightKey));
      }
    },
    [perPage],
  );

  const snap = shown.current;
  return {
    key: snap?.key ?? null,
    total: snap?.total ?? null,
    rowAt: (index) => snap?.pages.get(Math.floor(index / perPage) + 1)?.[index % perPage],
    ensureRange,
    loading,
    error,
    reload,
    perPage,
  };
}
