/**
 * A user action that calls the back end: busy while it runs, its error kept for the view to show
 * (cleared when the next run starts). Buttons bind `disabled={busy}`; views show `error`.
 */
import { useCallback, useState } from 'react';

export interface Action {
  busy: boolean;
  error: unknown;
  setError(error: unknown): void;
  /** Runs `task`; resolves with its value, or with undefined when it failed (the error is kept). */
  run<T>(task: () => Promise<T>, settle?: () => void): Promise<T | undefined>;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async <T,>(task: () => Promise<T>, settle?: () => void): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await task();
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setBusy(false);
      settle?.();
    }
  }, []);
  return { busy, error, setError, run };
}
