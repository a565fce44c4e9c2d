/**
 * useUrlFilters(schema): the view's filters, read from and written to the URL's search params
 * (react-router), so a filtered view is a shareable link and back/forward step through changes.
 * Discrete changes push a history entry; typing (replace: true) replaces it.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { markFilterChange } from '../data-table/filter-latency';
import { filterKey, parseFilters, withParams, type FilterValue, type InvalidParam } from './url-filters';

export interface UrlFilters<T> {
  /** Valid filters in the URL, parsed (numbers, booleans, arrays). */
  filters: Partial<T>;
  /** Params in the URL that failed validation (dropped from `filters`, shown to the user). */
  invalid: InvalidParam[];
  /** A stable key of `filters` (for effects and query caching). */
  key: string;
  set(key: keyof T & string, value: FilterValue, options?: { replace?: boolean }): void;
  patch(values: Partial<Record<keyof T & string, FilterValue>>, options?: { replace?: boolean }): void;
  /** Removes the given keys, or every key the schema knows. */
  clear(keys?: ReadonlyArray<keyof T & string>): void;
}

export function useUrlFilters<S extends z.ZodObject<z.ZodRawShape>>(schema: S, keys?: readonly string[]): UrlFilters<z.output<S>> {
  type T = z.output<S>;
  const [params, setParams] = useSearchParams();
  const paramString = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const parsed = useMemo(() => parseFilters(schema, params, keys), [schema, paramString, keys]);
  const key = useMemo(() => filterKey(parsed.values as Record<string, unknown>), [parsed]);

  const patch = useCallback(
    (values: Partial<Record<keyof T & string, FilterValue>>, options?: { replace?: boolean }) => {
      const next = withParams(params, values as Record<string, FilterValue>);
      if (next.toString() === params.toString()) return; // nothing changed: no history entry, no measure
      markFilterChange();
      setParams(next, { replace: options?.replace ?? false });
    },
    [params, setParams],
  );
  const set = useCallback(
    (k: keyof T & string, value: FilterValue, options?: { replace?: boolean }) => patch({ [k]: value } as Partial<Record<keyof T & string, FilterValue>>, options),
    [patch],
  );
  const clear = useCallback(
    (which?: ReadonlyArray<keyof T & string>) => {
      const all = which ?? (keys ?? Object.keys(schema.shape)).filter((k) => k !== 'sort');
      patch(Object.fromEntries(all.map((k) => [k, undefined])) as Partial<Record<keyof T & string, FilterValue>>);
    },
    [patch, keys, schema],
  );
  return { filters: parsed.values, invalid: parsed.invalid, key, set, patch, clear };
}
