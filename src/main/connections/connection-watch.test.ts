/** The connection probe: its pace while the service answers, its backoff while it does not, on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, ConnectionWatch, PROBE_MAX_BACKOFF_MS, PROBE_WHILE_REACHABLE_MS, type ProbeOutcome } from './connection-watch';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A watch over a scripted service: `up` says whether it answers; every probe and report is recorded with its time. */
function scripted() {
  const service = { up: true };
  const probes: number[] = [];
  const reports: Array<{ at: number; reachable: boolean }> = [];
  const start = Date.now();
  const watch = new ConnectionWatch({
    probe: async (): Promise<ProbeOutcome> => {
      probes.push(Date.now() - start);
      return service.up ? { reachable: true } : { reachable: false, message: 'The service cannot be reached: nothing accepts connections at its address' };
    },
    report: (o) => reports.push({ at: Date.now() - start, reachable: o.reachable }),
  });
  return { service, probes, reports, watch };
}

describe('backoffDelay', () => {
  it('doubles from 2 s to 60 s and stays there', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(backoffDelay(0)).toBe(PROBE_WHILE_REACHABLE_MS);
  });
});

describe('ConnectionWatch', () => {
  it('probes at the reachable pace while the service answers, and notices a stop within that time', async () => {
    const { service, probes, reports, watch } = scripted();
    watch.start(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toEqual([0]);
    await vi.advanceTimersByTimeAsync(2 * PROBE_WHILE_REACHABLE_MS);
    expect(probes).toEqual([0, 10_000, 20_000]);
    service.up = false;
    await vi.advanceTimersByTimeAsync(PROBE_WHILE_REACHABLE_MS);
    expect(reports.at(-1)).toEqual({ at: 30_000, reachable: false });
    watch.stop();
  });

  it('backs off 2, 4, 8 … 60 s while the service is down, and resets once it answers', async () => {
    const { service, probes, reports, watch } = scripted();
    service.up = false;
    watch.start();
    // a failed request: the first probe comes 2 s later
    watch.unreachable();
    await vi.advanceTimersByTimeAsync(1999);
    expect(probes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toEqual([2000]);
    // more failed requests do not restart the backoff
    watch.unreachable();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000 + 16000 + 32000 + 60000 + 60000);
    const gaps = probes.slice(1).map((t, i) => t - probes[i]!);
    expect(gaps).toEqual([4000, 8000, 16000, 32000, 60000, 60000]);
    expect(reports.every((r) => !r.reachable)).toBe(true);
    expect(watch.nextDelayMs).toBe(PROBE_MAX_BACKOFF_MS);
    // it answers again: the next probe says so, and the pace is the reachable one again
    service.up = true;
    const before = probes.length;
    await vi.advanceTimersByTimeAsync(PROBE_MAX_BACKOFF_MS);
    expect(probes.length).toBe(before + 1);
    expect(reports.at(-1)!.reachable).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_WHILE_REACHABLE_MS);
    expect(probes.length).toBe(before + 2);
    // a later outage starts the backoff from 2 s again
    service.up = false;
    watch.unreachable();
    const count = probes.length;
    await vi.advanceTimersByTimeAsync(1999);
    expect(probes).toHaveLength(count);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toHaveLength(count + 1);
    watch.stop();
  });

  it('a request answered while backing off resets the backoff at once', async () => {
    const { service, probes, watch } = scripted();
    service.up = false;
    watch.unreachable();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000);
    expect(probes).toHaveLength(3);
    service.up = true;
    watch.reachable();
    expect(watch.nextDelayMs).toBe(PROBE_WHILE_REACHABLE_MS);
    await vi.advanceTimersByTimeAsync(PROBE_WHILE_REACHABLE_MS);
    expect(probes).toHaveLength(4);
    watch.stop();
  });

  it('a stopped watch probes no more, and a probe that throws counts as a failure', async () => {
    let calls = 0;
    const reports: boolean[] = [];
    const watch = new ConnectionWatch({
      probe: async () => {
        calls++;
        throw new Error('the demo service could not start');
      },
      report: (o) => reports.push(o.reachable),
    });
    watch.start(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reports).toEqual([false]);
    expect(watch.nextDelayMs).toBe(2000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(10 * PROBE_MAX_BACKOFF_MS);
    expect(calls).toBe(1);
  });
});
