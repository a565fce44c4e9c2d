/**
 * Calls a contract method when its inputs change and keeps the latest answer: data, error,
 * loading, reload. Answers to outdated inputs are dropped; the previous data stays on screen while
 * a new answer loads. (Used by the buyers, forensics, satellite, countries, sync and settings views.)
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ContractCall<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
  /** Replaces the data in place (after a mutation answered the new value). */
  set(value: T): void;
}

export function useContractCall<T>(call: () => Promise<T>, key: string, enabled = true): ContractCall<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(enabled);
  const [token, setToken] = useState(0);
  const callRef = useRef(call);
  callRef.current = call;

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    let current = true;
    setLoading(true);
    setError(null);
    callRef
      .current()
      .then((value) => {
        if (!current) return;
        setData(value);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (!current) return;
        setError(err);
        setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [key, token, enabled]);

  const reload = useCallback(() => setToken((t) => t + 1), []);
  return { data, error, loading, reload, set: setData };
}
