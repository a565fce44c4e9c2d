import { describe, expect, it } from 'vitest';
import { PROBE_MIN_GAP_MS, PROBE_ON_EVENT_MIN_GAP_MS, PROBE_WHILE_OFFLINE_MS, PROBE_WHILE_ONLINE_MS, nextProbeDelay, probeOnEvent } from './connection-probe';

describe('connection probe', () => {
  it('probes at once when nothing is known, often while offline, rarely while online', () => {
    expect(nextProbeDelay(undefined)).toBe(0);
    expect(nextProbeDelay('unknown')).toBe(0);
    expect(nextProbeDelay('offline')).toBe(PROBE_WHILE_OFFLINE_MS);
    expect(nextProbeDelay('reachable')).toBe(PROBE_WHILE_ONLINE_MS);
    expect(PROBE_WHILE_OFFLINE_MS).toBeLessThan(PROBE_WHILE_ONLINE_MS);
  });

  it('keeps probing after each probe, never in a tight loop when a probe cannot answer', () => {
    expect(nextProbeDelay('unknown', true)).toBe(PROBE_MIN_GAP_MS);
    expect(nextProbeDelay('offline', true)).toBe(PROBE_WHILE_OFFLINE_MS);
    expect(nextProbeDelay('reachable', true)).toBe(PROBE_WHILE_ONLINE_MS);
    expect(PROBE_MIN_GAP_MS).toBeGreaterThan(0);
  });

  it('never probes a refused key or a demo service that is starting', () => {
    expect(nextProbeDelay('unauthorized')).toBeNull();
    expect(nextProbeDelay('starting')).toBeNull();
    expect(probeOnEvent('unauthorized', 0, 1e9)).toBe(false);
    expect(probeOnEvent('starting', 0, 1e9)).toBe(false);
  });

  it('lets focus and online events probe, but not in a burst', () => {
    expect(probeOnEvent('offline', 1000, 1000 + PROBE_ON_EVENT_MIN_GAP_MS)).toBe(true);
    expect(probeOnEvent('offline', 1000, 1000 + PROBE_ON_EVENT_MIN_GAP_MS - 1)).toBe(false);
    expect(probeOnEvent('reachable', 0, PROBE_ON_EVENT_MIN_GAP_MS)).toBe(true);
  });
});
