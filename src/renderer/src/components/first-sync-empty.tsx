/** The empty state of a view whose data has never been synced: what is happening and when its rows appear (see first-sync.ts). */
import { useEffect } from 'react';
import type { SyncJobName } from '../../../shared/contract';
import { carbon } from '../bridge';
import { useAppStore } from '../stores/app-store';
import { firstSyncNotice, type FirstSyncNotice } from './first-sync';

/** The notice for a view filled by `jobs`, or null once they completed a pass (the sync status is read when the window has none yet). */
export function useFirstSyncNotice(jobs: readonly SyncJobName[], what: string): FirstSyncNotice | null {
  const connection = useAppStore((s) => s.info?.connection);
  const status = useAppStore((s) => s.status);
  const sync = useAppStore((s) => s.sync);
  const setSync = useAppStore((s) => s.setSync);
  useEffect(() => {
    if (!sync) carbon.sync.status({}).then(setSync, () => undefined);
  }, [sync, setSync]);
  return firstSyncNotice({ connection, status, sync, jobs, what });
}

export function FirstSyncEmpty({ notice }: { notice: FirstSyncNotice }) {
  const busy = notice.state === 'preparing' || notice.state === 'fetching' || notice.state === 'queued';
  return (
    <div className={`state state-empty first-sync${busy ? ' state-loading' : ''}`} role="status" aria-live="polite" data-testid="first-sync-empty" data-state={notice.state}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <div>
        <strong>{notice.title}</strong>
        <div className="state-hint">{notice.detail}</div>
      </div>
    </div>
  );
}
