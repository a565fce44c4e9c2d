/**
 * Keeps the connection status fresh while the window is open (see connection-probe.ts for when):
 * the answer of `connections.status` goes to the app store, so the badge, the offline pill and the
 * chrome line follow the service even when no sync runs.
 */
import { useEffect, useRef, useState } from 'react';
import { carbon } from '../../data';
import { useAppStore } from '../../stores/app-store';
import { nextProbeDelay, probeOnEvent } from './connection-probe';

export function useConnectionProbe(): void {
  const state = useAppStore((s) => s.status?.state);
  const connectionId = useAppStore((s) => s.info?.connection?.id);
  const lastProbeAt = useRef(0);
  const inFlight = useRef(false);
  // Bumped when a probe finishes, so the next one is scheduled even when the state did not change.
  const [probes, setProbes] = useState(0);

  useEffect(() => {
    if (!connectionId) return;
    let alive = true;
    const probe = () => {
      if (inFlight.current) return;
      inFlight.current = true;
      lastProbeAt.current = Date.now();
      carbon.connections
        .status({})
        .then((status) => alive && useAppStore.getState().setStatus(status))
        .catch(() => undefined)
        .finally(() => {
          inFlight.current = false;
          setProbes((n) => n + 1);
        });
    };
    const delay = nextProbeDelay(state, probes > 0);
    const timer = delay === null ? null : setTimeout(probe, delay);
    const onEvent = () => {
      if (probeOnEvent(useAppStore.getState().status?.state, lastProbeAt.current, Date.now())) probe();
    };
    window.addEventListener('online', onEvent);
    window.addEventListener('focus', onEvent);
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', onEvent);
      window.removeEventListener('focus', onEvent);
    };
  }, [state, connectionId, probes]);
}
