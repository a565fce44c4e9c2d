/**
 * One item of the offline mirror that is not in the cache, said truthfully: "not downloaded yet"
 * (with when the sync fetches it, and "Fetch now" while the service answers), "the service has none"
 * (a remembered 404, with its date), or "this service does not offer it". The back end's
 * explanation (which carries the day it was checked, in the app's date format) is the line under the title.
 */
import { useState } from 'react';
import { ContractError } from '../../../shared/errors';
import { useAppStore } from '../stores/app-store';
import './not-offered-notice.css';

const MISSING = new Set(['not_downloaded', 'none_at_service', 'not_offered', 'not_found']);

/** Whether an error says the item is missing from the cache (shown as a notice, not as a failure). */
export function isMissing(error: unknown): error is ContractError {
  return error instanceof ContractError && MISSING.has(error.code);
}

export function MissingData({ error, what, onFetchNow }: { error: unknown; what: string; onFetchNow?: () => Promise<unknown> }) {
  const online = useAppStore((s) => s.status?.state !== 'offline');
  const [fetching, setFetching] = useState<string | null>(null);
  if (!isMissing(error)) return null;
  const fetchNow = async () => {
    if (!onFetchNow) return;
    setFetching('Fetching…');
    try {
      await onFetchNow();
      setFetching(null);
    } catch (err) {
      setFetching(err instanceof Error ? err.message : String(err));
    }
  };
  const state = error.code === 'not_downloaded' ? 'not-downloaded' : error.code === 'none_at_service' ? 'none' : error.code === 'not_offered' ? 'not-offered' : 'unknown';
  const title =
    state === 'not-downloaded' ? `${what} is not downloaded yet`
    : state === 'none' ? `The service has no ${what.toLowerCase()}`
    : state === 'not-offered' ? `This service does not offer ${what.toLowerCase()}`
    : `${what} is not in the cache`;
  return (
    <div className={`card missing-data missing-${state}`} role="status" data-testid="missing-data" data-state={state}>
      <strong>{title}.</strong>{' '}
      <div className="state-hint">{error.message}</div>
      {state === 'not-downloaded' && onFetchNow ? (
        online ? (
          <button type="button" className="btn" onClick={() => void fetchNow()} disabled={fetching === 'Fetching…'}>
            Fetch now
          </button>
        ) : (
          <span className="muted">Offline: it can be fetched when the service answers again.</span>
        )
      ) : null}
      {fetching ? <span className="muted" role="status"> {fetching}</span> : null}
    </div>
  );
}
