/**
 * A value that changes whenever a sync job has written new rows to the cache (a job finished, or
 * the whole sync did), so views that read the cache re-query and never show stale numbers.
 */
import { useAppStore } from '../stores/app-store';

export function useCacheGeneration(): string {
  return useAppStore((s) => {
    const sync = s.sync;
    if (!sync) return '';
    const done = sync.jobs.filter((j) => j.state === 'done').length;
    return `${sync.startedAt ?? ''}|${done}|${sync.finishedAt ?? ''}`;
  });
}
