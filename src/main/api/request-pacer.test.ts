import { describe, expect, it } from 'vitest';
import { RequestPacer } from './request-pacer';

const run = async (pacer: RequestPacer, n: number) => {
  const starts: number[] = [];
  await Promise.all(Array.from({ length: n }, () => pacer.run(async () => void starts.push(performance.now()))));
  return starts.sort((a, b) => a - b);
};

describe('RequestPacer', () => {
  it('spaces request starts to stay under the per-minute allowance', async () => {
    const pacer = new RequestPacer({ rateLimitPerMinute: 600, concurrency: 4, headroom: 1 });
    const starts = await run(pacer, 5);
    // 600/min = one start slot per 100 ms: the k-th start never comes before its slot, so no window
    // holds more starts than the allowance (a late timer may shorten one gap, never the schedule).
    for (let k = 1; k < starts.length; k++) expect(starts[k]! - starts[0]!).toBeGreaterThanOrEqual(k * 100 - 2);
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

  it('holds every start until a Retry-After pause has passed', async () => {
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 4 });
    const t0 = performance.now();
    pacer.pauseFor(0.2);
    const starts = await run(pacer, 3);
    for (const s of starts) expect(s - t0).toBeGreaterThanOrEqual(195);
  });
});
