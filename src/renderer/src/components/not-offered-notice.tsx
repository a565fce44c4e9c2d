/**
 * Says so when the connected service does not offer what a view shows (learnt by the sync from the
 * service's API document or a 404 on the resource), instead of an empty view that looks unsynced.
 */
import { useEffect } from 'react';
import type { SyncJobName } from '../../../shared/contract';
import { carbon } from '../bridge';
import { useAppStore } from '../stores/app-store';
import { formatDate } from './format';
import './not-offered-notice.css';

export function NotOfferedNotice({ jobs, what }: { jobs: SyncJobName[]; what: string }) {
  const sync = useAppStore((s) => s.sync);
  const setSync = useAppStore((s) => s.setSync);
  useEffect(() => {
    if (!sync) carbon.sync.status({}).then(setSync, () => undefined);
  }, [sync, setSync]);
  const job = sync?.jobs.find((j) => jobs.includes(j.job) && j.state === 'unsupported');
  if (!job) return null;
  return (
    <div className="card notice-not-offered" role="status" data-testid="not-offered">
      <strong>This service does not offer {what}.</strong> There is nothing to download for it; the sync checks again every time
      {job.lastError?.at ? ` (last checked ${formatDate(job.lastError.at)})` : ''}. Views built from other data still work.
    </div>
  );
}
