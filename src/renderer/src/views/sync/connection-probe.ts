/**
 * When the window asks the back end whether the service answers (`connections.status`, one cheap
 * request): at once when nothing is known, often while offline so the badge clears soon after the
 * network returns, rarely while online so a silent outage is still noticed. A refused key is not
 * probed: only the user can fix it, and every probe would be refused again.
 */
import type { ConnectionStatus } from '../../../../shared/contract';

export const PROBE_WHILE_OFFLINE_MS = 20_000;
export const PROBE_WHILE_ONLINE_MS = 300_000;
/** A focus or `online` event probes at most this often. */
export const PROBE_ON_EVENT_MIN_GAP_MS = 15_000;

/** The shortest wait after a probe, so a probe that cannot answer at all does not spin. */
export const PROBE_MIN_GAP_MS = 5_000;

/** Milliseconds until the next probe (`afterProbe`: one just finished), or null for none. */
export function nextProbeDelay(state: ConnectionStatus['state'] | undefined, afterProbe = false): number | null {
  switch (state) {
    case undefined:
    case 'unknown':
      return afterProbe ? PROBE_MIN_GAP_MS : 0;
    case 'offline':
      return PROBE_WHILE_OFFLINE_MS;
    case 'reachable':
      return PROBE_WHILE_ONLINE_MS;
    case 'starting':
    case 'unauthorized':
      return null;
  }
}

/** Whether a focus or `online` event should probe now. */
export function probeOnEvent(state: ConnectionStatus['state'] | undefined, lastProbeAt: number, now: number): boolean {
  if (state === 'unauthorized' || state === 'starting') return false;
  return now - lastProbeAt >= PROBE_ON_EVENT_MIN_GAP_MS;
}
