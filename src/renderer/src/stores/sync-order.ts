/** Which of two sync statuses the window shows: answers and events can arrive out of order. */
import type { SyncStatus } from '../../../shared/contract';

/**
 * Whether `next` should replace `current`: a status of another connection always does (the user
 * switched); of the same connection only when it is not older. An answer to `sync.start` can arrive
 * after the event of that run failing at once, and must not hide the failure.
 */
export function isNewerSync(current: SyncStatus | null, next: SyncStatus): boolean {
  return !current || current.connectionId !== next.connectionId || next.revision >= current.revision;
}
