/**
 * THE renderer's data hook: calls a contract method when its inputs change and again whenever a
 * sync has changed the cache (the cache generation), and keeps the latest answer: data, error,
 * loading, reload. The previous answer stays on screen while a new one loads; answers to outdated
 * inputs are dropped; an error for new inputs does not leave the old inputs' data on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCacheGeneration } from './use-cache-generation';

export interface ContractData<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
  /** Replaces the data in place (after a mutation answered the new value). */
  set(value: T): void;
}

export interface ContractDataOptions {
  /** False: do not call (yet); answers loading false and no data. */
  enabled?: boolean;
}

/** `key` identifies the inputs: a new key calls again. So does a new cache generation (a sync job finished). */
export function useContractData<T>(call: () => Promise<T>, key: string, options: ContractDataOptions = {}): ContractData<T> {
  const enabled = options.enabled ?? true;
  const generation = useCacheGeneration();
  const [state, setState] = useState<{ data: T | null; dataKey: string | null; error: unknown; loading: boolean }>({
    data: null,
    dataKey: null,
    error: null,
    loading: enabled,
  });
  const [token, setToken] = useState(0);
  const callRef = useRef(call);
  callRef.current = call;

  useEffect(() => {
    if (!enabled) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    callRef
      .current()
      .then((data) => {
        if (current) setState({ data, dataKey: key, error: null, loading: false });
      })
      .catch((error: unknown) => {
        if (current) setState((s) => ({ data: s.dataKey === key ? s.data : null, dataKey: s.dataKey === key ? key : null, error, loading: false }));
      });
    return () => {
      current = false;
    };
  }, [key, token, enabled, generation]);

  const reload = useCallback(() => setToken((t) => t + 1), []);
  const set = useCallback((value: T) => setState((s) => ({ ...s, data: value, dataKey: key })), [key]);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}

/** True for a contract error that says the thing is not in the cache (show an empty state, not an error). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'not_found';
}
