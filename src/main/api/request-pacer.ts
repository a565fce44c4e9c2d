/**
 * Keeps requests under the key's rate_limit_per_minute: request starts are spaced evenly at a
 * fraction of the allowance (so no sliding or fixed one-minute window ever exceeds it), at most
 * `concurrency` are in flight, and a 429 pauses every request until its Retry-After has passed.
 */
export interface PacerOptions {
  rateLimitPerMinute: number | null;
  concurrency: number;
  /** Share of the allowance used (default 0.97). */
  headroom?: number;
}

export class RequestPacer {
  private rate: number | null;
  private readonly concurrency: number;
  private readonly headroom: number;
  private inFlight = 0;
  private nextStartAt = 0;
  private pausedUntil = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly starts: number[] = [];

  constructor(options: PacerOptions) {
    this.rate = options.rateLimitPerMinute;
    this.concurrency = Math.max(1, options.concurrency);
    this.headroom = options.headroom ?? 0.97;
  }

  setRateLimit(perMinute: number | null): void {
    this.rate = perMinute && perMinute > 0 ? perMinute : null;
  }

  get rateLimitPerMinute(): number | null {
    return this.rate;
  }

  /** Pauses every request start until `seconds` from now (429 Retry-After). */
  pauseFor(seconds: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
    this.nextStartAt = Math.max(this.nextStartAt, this.pausedUntil);
  }

  /** Requests started in the last minute. */
  requestsPerMinute(now = Date.now()): number {
    while (this.starts.length && this.starts[0]! < now - 60_000) this.starts.shift();
    return this.starts.length;
  }

  /** Runs `fn` when a slot and the pace allow. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await fn();
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    while (this.inFlight >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight++;
    const now = Date.now();
    const interval = this.rate ? 60_000 / (this.rate * this.headroom) : 0;
    const startAt = Math.max(now, this.nextStartAt, this.pausedUntil);
    this.nextStartAt = startAt + interval;
    try {
      // Re-check after each sleep: a 429 seen meanwhile pushes every start past its Retry-After.
      for (;;) {
        const wait = Math.max(startAt, this.pausedUntil) - Date.now();
        if (wait <= 0) break;
        await sleep(wait, signal);
      }
    } catch (e) {
      this.inFlight--;
      this.waiting.shift()?.();
      throw e;
    }
    this.starts.push(Date.now());
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
