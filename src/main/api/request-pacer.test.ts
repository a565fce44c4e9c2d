import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAR_ROUND_TRIP_MS, RequestPacer, sleep } from './request-pacer';

afterEach(() => void vi.useRealTimers());
/**
 * The pacer's clock (`performance.now`) and its timers, faked: time moves only when a test advances
 * it, so every start lands exactly on its slot whatever the machine's load. Fake timers fire a timer
 * set for a fraction of a millisecond at the next whole one, as Node's do.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
/** Runs fake time on until `p` has settled (every timer it waits on fires). */
const settled = async <T>(p: Promise<T>): Promise<T> => {
  await vi.runAllTimersAsync();
  return p;
};
const run = (pacer: RequestPacer, n: number, starts: number[], t0: number) =>
  Array.from({ length: n }, () => pacer.run(async () => void starts.push(performance.now() - t0)));

describe('RequestPacer', () => {
  it('spaces request starts to stay under the per-minute allowance', async () => {
    fakeClock();
    const pacer = new RequestPacer({ rateLimitPerMinute: 600, concurrency: 4, headroom: 1 });
    const starts: number[] = [];
    await settled(Promise.all(run(pacer, 5, starts, performance.now())));
    // 600/min = one start slot per 100 ms: the k-th start on its slot, none before it.
    expect(starts).toEqual([0, 100, 200, 300, 400]);
  });

  it('does not pace without a known limit, and caps requests in flight', async () => {
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 2 });
    let inFlight = 0;
    let peak = 0;
    await Promise.all(Array.from({ length: 6 }, () => pacer.run(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
    })));
    expect(peak).toBe(2);
  });

  it('allows more requests in flight once the shortest round trip seen is long (a far server), and fewer again after a short one', async () => {
    fakeClock();
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 2, farConcurrency: 4 });
    const trip = (ms: number) => settled(pacer.run(() => new Promise<void>((r) => setTimeout(r, ms))));
    const peakOf = async (n: number, ms: number) => {
      let inFlight = 0;
      let peak = 0;
      await settled(Promise.all(Array.from({ length: n }, () => pacer.run(async () => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, ms));
        inFlight--;
      }))));
      return peak;
    };
    // Failed trips tell nothing of the link; three long ones are not yet enough to call it far.
    const refused = pacer.run(() => new Promise((_, reject) => setTimeout(() => reject(new Error('refused')), FAR_ROUND_TRIP_MS)));
    const refusal = expect(refused).rejects.toThrow('refused');
    await vi.runAllTimersAsync();
    await refusal;
    for (let k = 0; k < 3; k++) await trip(FAR_ROUND_TRIP_MS);
    expect(pacer.concurrency).toBe(2);
    await trip(FAR_ROUND_TRIP_MS);
    expect(pacer.shortestRoundTripMs).toBe(FAR_ROUND_TRIP_MS);
    expect(pacer.concurrency).toBe(4);
    expect(await peakOf(8, 15)).toBe(4);
    // A trip a millisecond shorter than FAR_ROUND_TRIP_MS: the server is near after all.
    await trip(FAR_ROUND_TRIP_MS - 1);
    expect(pacer.shortestRoundTripMs).toBe(FAR_ROUND_TRIP_MS - 1);
    expect(pacer.concurrency).toBe(2);
    expect(await peakOf(8, 15)).toBe(2);
    // Without a far limit, long trips change nothing.
    const plain = new RequestPacer({ rateLimitPerMinute: null, concurrency: 2 });
    for (let k = 0; k < 5; k++) await settled(plain.run(() => new Promise<void>((r) => setTimeout(r, FAR_ROUND_TRIP_MS))));
    expect(plain.concurrency).toBe(2);
  });

  it('holds every start until a Retry-After pause has passed', async () => {
    fakeClock();
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 4 });
    const t0 = performance.now();
    pacer.pauseFor(0.2);
    const starts: number[] = [];
    const all = Promise.all(run(pacer, 3, starts, t0));
    await vi.advanceTimersByTimeAsync(199);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await all;
    expect(starts).toEqual([200, 200, 200]);
  });
});

describe('RequestPacer.whenIdle', () => {
  it('resolves once every request in flight or waiting has ended, however it ended', async () => {
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 1 });
    await pacer.whenIdle();
    const ended: string[] = [];
    const release: Array<() => void> = [];
    const first = pacer.run(() => new Promise<void>((r) => release.push(r))).then(() => void ended.push('first'));
    const abort = new AbortController();
    const waiting = pacer.run(async () => undefined, abort.signal).catch(() => void ended.push('aborted'));
    const failing = pacer.run(async () => Promise.reject(new Error('refused'))).catch(() => void ended.push('failed'));
    let idle = false;
    const whenIdle = pacer.whenIdle().then(() => void (idle = true));
    abort.abort(new Error('cancelled'));
    await waiting;
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(false);
    release[0]!();
    await first;
    await failing;
    await whenIdle;
    expect(ended).toEqual(['aborted', 'first', 'failed']);
  });
});

describe('RequestPacer priorities', () => {
  it('starts a foreground request at the next slot, ahead of every waiting background request, and still keeps the pace', async () => {
    fakeClock();
    // 300/min: one start per 200 ms. Twenty background requests queue first.
    const pacer = new RequestPacer({ rateLimitPerMinute: 300, concurrency: 4, headroom: 1 });
    const starts: Array<{ kind: string; at: number }> = [];
    const t0 = performance.now();
    const background = Array.from({ length: 20 }, () => pacer.run(async () => void starts.push({ kind: 'b', at: performance.now() - t0 })));
    await vi.advanceTimersByTimeAsync(250);
    // Asked at 250 ms, after the starts at 0 and 200 ms, with 18 background requests waiting.
    const foreground = pacer.run(async () => void starts.push({ kind: 'f', at: performance.now() - t0 }), undefined, 'foreground');
    await vi.advanceTimersByTimeAsync(150);
    // The next slot (400 ms) is the foreground request's; the background ones keep theirs after it.
    expect(starts).toEqual([{ kind: 'b', at: 0 }, { kind: 'b', at: 200 }, { kind: 'f', at: 400 }]);
    await foreground;
    await vi.advanceTimersByTimeAsync(200);
    expect(starts.slice(3)).toEqual([{ kind: 'b', at: 600 }]);
    pacer.setRateLimit(60_000);
    await settled(Promise.all(background));
    expect(starts.filter((s) => s.kind === 'b')).toHaveLength(20);
  });

  it('gives up a waiting request when its signal aborts, without taking a slot', async () => {
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 1 });
    let release!: () => void;
    const first = pacer.run(() => new Promise<void>((r) => (release = r)));
    const abort = new AbortController();
    const second = pacer.run(async () => 'ran', abort.signal);
    abort.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    const third = pacer.run(async () => 'third');
    release();
    await first;
    await expect(third).resolves.toBe('third');
  });
});

describe('RequestPacer on a timer that wakes on the millisecond', () => {
  const queue = (pacer: RequestPacer, n: number, starts: number[]) =>
    Array.from({ length: n }, () => pacer.run(async () => void starts.push(performance.now())));

  it('starts the requests whose slots a late timer passed, rather than one a timer', async () => {
    fakeClock();
    // 600,000 a minute at 97%: a slot every 0.103 ms, about 97 in 10 ms.
    const pacer = new RequestPacer({ rateLimitPerMinute: 600_000, concurrency: 500 });
    const starts: number[] = [];
    const all = queue(pacer, 300, starts);
    await vi.advanceTimersByTimeAsync(10);
    // One start a timer would be about ten.
    expect(starts.length).toBeGreaterThanOrEqual(90);
    expect(starts.length).toBeLessThanOrEqual(98);
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(all);
  });

  it('never lets a one-minute window hold more starts than the allowance, however long it was idle', async () => {
    fakeClock();
    const pacer = new RequestPacer({ rateLimitPerMinute: 1000, concurrency: 5000 });
    const starts: number[] = [];
    const busy = [...queue(pacer, 1, starts)];
    await vi.advanceTimersByTimeAsync(100_000);
    // After 100 s idle, 1,500 requests at once, then more while they run.
    busy.push(...queue(pacer, 1500, starts));
    await vi.advanceTimersByTimeAsync(30_000);
    busy.push(...queue(pacer, 500, starts));
    await vi.advanceTimersByTimeAsync(200_000);
    await Promise.all(busy);
    expect(starts.length).toBe(2001);
    let most = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (j < starts.length && starts[j]! < starts[i]! + 60_000) j++;
      most = Math.max(most, j - i);
    }
    expect(most).toBeLessThanOrEqual(1000);
    expect(most).toBeGreaterThanOrEqual(960);
  });
});

describe('waiting on a shared signal', () => {
  it('holds one abort listener on a job\'s signal however many requests and retry sleeps wait on it, and refuses them all when it aborts', async () => {
    const job = new AbortController();
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 1 });
    let release!: () => void;
    const first = pacer.run(() => new Promise<void>((r) => (release = r)), job.signal);
    // Forty requests queued behind it and forty retry sleeps, as a job with its requests in flight meets a burst of 429s.
    const queued = Array.from({ length: 40 }, () => pacer.run(async () => 'ran', job.signal).catch((e: unknown) => e));
    const sleeping = Array.from({ length: 40 }, () => sleep(60_000, job.signal).catch((e: unknown) => e));
    // One listener (Node warns past ten: "MaxListenersExceededWarning").
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(1);
    // A sleep that ended is off the signal: its abort no longer reaches it.
    const ended = new AbortController();
    await sleep(1, ended.signal);
    ended.abort(new Error('late'));
    job.abort(new Error('stopped'));
    for (const outcome of [...(await Promise.all(queued)), ...(await Promise.all(sleeping))]) expect(outcome).toMatchObject({ message: 'stopped' });
    release();
    await first;
    await pacer.whenIdle();
  });
});
