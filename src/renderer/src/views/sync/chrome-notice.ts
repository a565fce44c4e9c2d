/**
 * The line the window chrome shows above every view: offline (the service cannot be reached, the
 * cache still answers), the key refused, or the cached data is stale. One pure function so the
 * rules are tested; the layout renders what it answers.
 */
import type { ConnectionStatus, ServiceRestart, SyncStatus } from '../../../../shared/contract';
import { formatAge, formatTime } from '../../components/format';

/** Cached data older than this is called stale. */
export const STALE_AFTER_HOURS = 24;

export interface ChromeNotice {
  kind: 'offline' | 'unauthorized' | 'stale' | 'never-synced';
  text: string;
  /** Where the user acts on it. */
  link: { to: string; label: string };
}

export function chromeNotice(input: {
  status: ConnectionStatus | null;
  lastSyncAt: string | null | undefined;
  syncState: SyncStatus['state'] | undefined;
  now?: Date;
}): ChromeNotice | null {
  const { status, lastSyncAt, syncState, now = new Date() } = input;
  const age = lastSyncAt ? formatAge(lastSyncAt, now) : null;
  if (status?.state === 'offline') {
    const why = status.message ? sentence(status.message) : 'The service cannot be reached.';
    return {
      kind: 'offline',
      text: `Offline: ${why} Showing cached data${age ? ` (last synced ${age})` : ''}.`,
      link: { to: '/sync', label: 'Sync center' },
    };
  }
  if (status?.state === 'unauthorized') {
    return {
      kind: 'unauthorized',
      text: `The service refused the API key${status.message ? `: ${status.message}` : ''}. Showing cached data.`,
      link: { to: '/settings', label: 'Settings' },
    };
  }
  if (syncState === 'running') return null;
  if (lastSyncAt === null && status?.connectionId) {
    return { kind: 'never-synced', text: 'Nothing is cached for this connection yet.', link: { to: '/sync', label: 'Sync now' } };
  }
  if (lastSyncAt) {
    const t = Date.parse(lastSyncAt);
    if (Number.isFinite(t) && now.getTime() - t > STALE_AFTER_HOURS * 3600_000) {
      return { kind: 'stale', text: `Cached data is stale: last synced ${age}. Figures may be out of date.`, link: { to: '/sync', label: 'Sync now' } };
    }
  }
  return null;
}

/** A message as a sentence: its first letter capital, a full stop at its end (an ellipsis kept). */
function sentence(text: string): string {
  const t = text.trim();
  const capital = t ? t[0]!.toUpperCase() + t.slice(1) : t;
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The banner of a service that stopped on its own and was restarted (the built-in demo): when it
 * stopped, why, and when it was running again. Null when there is none, or the user dismissed this one.
 */
export function restartNotice(restarted: ServiceRestart | null | undefined, dismissed: string | null): string | null {
  if (!restarted || dismissed === restarted.restartedAt) return null;
  const stopped = formatTime(restarted.stoppedAt);
  const again = formatTime(restarted.restartedAt);
  return `${restarted.service} stopped at ${stopped} (${restarted.reason}) and was restarted${again === stopped ? '' : ` at ${again}`}. The cache kept everything it held; a sync fetches what changed meanwhile.`;
}
