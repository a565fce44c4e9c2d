/** Runs a contract call when its inputs change; answers data, error, loading and reload. */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useCacheGeneration } from '../../components/data-table';

export interface ContractResult<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** `key` identifies the inputs: a new key runs `call` again and drops answers to older keys. New cache rows (a sync job done) run it again too. */
export function useContractResult<T>(call: () => Promise<T>, key: string): ContractResult<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [token, reload] = useReducer((n: number) => n + 1, 0);
  const callRef = useRef(call);
  callRef.current = call;
  const generation = useCacheGeneration();
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    callRef
      .current()
      .then((data) => alive && setState({ data, error: null, loading: false }))
      .catch((error: unknown) => alive && setState({ data: null, error, loading: false }));
    return () => {
      alive = false;
    };
  }, [key, token, generation]);
  return { ...state, reload };
}

/** True for a contract error that says the thing is not in the cache (show an empty state, not an error). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'not_found';
}
