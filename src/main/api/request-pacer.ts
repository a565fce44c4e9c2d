/**
 * Keeps requests under the key's rate_limit_per_minute: request starts are spaced evenly at a
 * fraction of the allowance (so no sliding or fixed one-minute window ever exceeds it), at most
 * `concurrency` are in flight, and a 429 pauses every request until its Retry-After has passed.
 * Times are the monotonic clock's (`performance.now`), to the fraction of a millisecond: a change of
 * the wall clock neither stalls nor bunches the starts, and no start comes early by the millisecond
 * `Date.now` drops.
 *
 * One pacer serves every client of a connection (the sync and the user's on-demand requests share
 * the key's allowance). Requests wait in two queues: a 'foreground' request (the user asked for it
 * now) takes the next start slot before any waiting 'background' one (the sync), and may use one
 * slot beyond `concurrency`, so the sync's long mirror never keeps the user waiting more than a slot.
 */
export type RequestPriority = 'foreground' | 'background';

/**
 * Requests of one connection in flight at most, by default. A page's round trip over a real link is
 * mostly waiting, and a job's answers come back in waves: more requests in flight fill the gaps
 * (bench/sync times a sync with latency added to every answer against the same on loopback). 32
 * rather than more on a near server (REQUESTS_IN_FLIGHT_FAR for a far one): each is a connection to
 * a server that may have no rate limit. The key's rate limit, not this, is what protects the service
 * (docs/decisions/007-pacing-to-the-key-rate-limit.md).
 */
export const REQUESTS_IN_FLIGHT = 32;

/**
 * Requests in flight at most once the shortest round trip seen is FAR_ROUND_TRIP_MS or more: keeping
 * a server busy takes as many requests under way as it answers in one round trip, so a far server
 * needs more of them, and a near one gains nothing from them. The shortest trip is the link's
 * latency without the server's queue, which a loaded server adds to every other trip. On loopback
 * (shortest trips of a few milliseconds) a connection keeps REQUESTS_IN_FLIGHT.
 */
export const REQUESTS_IN_FLIGHT_FAR = 64;
export const FAR_ROUND_TRIP_MS = 10;
/** At most this much of a late timer is made up by starting the requests whose slots it passed at once (see catchUpMs). */
const CATCH_UP_MS = 5;
/** Round trips seen before the shortest of them may call a server far (one may be slow by chance, never fast). */
const TRIPS_BEFORE_FAR = 4;

export interface PacerOptions {
  rateLimitPerMinute: number | null;
  /** Requests in flight at most. */
  concurrency: number;
  /** Requests in flight at most once the shortest round trip seen is FAR_ROUND_TRIP_MS or more (default: `concurrency`). */
  farConcurrency?: number;
  /** Share of the allowance used (default 0.97). */
  headroom?: number;
}

interface Waiter {
  priority: RequestPriority;
  /** Takes it off its signal's abort (once it starts). */
  forget?: () => void;
  resolve(): void;
  reject(reason: unknown): void;
}

/** What runs when a signal aborts, per signal (see onAbort). */
const abortCallbacks = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `fn` when `signal` (not aborted yet) aborts, with one listener on the signal however many wait
 * on it: a sync job's signal is shared by every request it has in flight (32, or 64 for a far server),
 * and as many retry sleeps at once, one listener each, passed Node's warning at ten listeners
 * ("MaxListenersExceededWarning: Possible EventTarget memory leak"), which `npm run web` then printed.
 * Answers what takes `fn` off again.
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let callbacks = abortCallbacks.get(signal);
  if (!callbacks) {
    const all = new Set<() => void>();
    callbacks = all;
    abortCallbacks.set(signal, all);
    signal.addEventListener('abort', () => {
      const due = [...all];
      all.clear();
      for (const f of due) f();
    }, { once: true });
  }
  const registered = callbacks.add(fn);
  return () => void registered.delete(fn);
}

export class RequestPacer {
  private rate: number | null;
  private readonly nearConcurrency: number;
  private readonly farConcurrency: number;
  private shortestTripMs = Infinity;
  private trips = 0;
  private readonly headroom: number;
  private inFlight = 0;
  private nextStartAt = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly queues: Record<RequestPriority, Waiter[]> = { foreground: [], background: [] };
  private readonly starts: number[] = [];
  private readonly idleWaiters: Array<() => void> = [];

  constructor(options: PacerOptions) {
    this.rate = options.rateLimitPerMinute;
    this.nearConcurrency = Math.max(1, options.concurrency);
    this.farConcurrency = Math.max(this.nearConcurrency, options.farConcurrency ?? 0);
    this.headroom = options.headroom ?? 0.97;
  }

  setRateLimit(perMinute: number | null): void {
    this.rate = perMinute && perMinute > 0 ? perMinute : null;
  }

  get rateLimitPerMinute(): number | null {
    return this.rate;
  }

  /** Requests in flight at most now: more once the server has shown itself far (see REQUESTS_IN_FLIGHT_FAR). */
  get concurrency(): number {
    return this.trips >= TRIPS_BEFORE_FAR && this.shortestTripMs >= FAR_ROUND_TRIP_MS ? this.farConcurrency : this.nearConcurrency;
  }

  /** The shortest round trip seen (ms; Infinity before the first). */
  get shortestRoundTripMs(): number {
    return this.shortestTripMs;
  }

  /** Pauses every request start until `seconds` from now (429 Retry-After). */
  pauseFor(seconds: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + seconds * 1000);
    this.nextStartAt = Math.max(this.nextStartAt, this.pausedUntil);
    this.reschedule();
  }

  /** Requests started in the last minute. */
  requestsPerMinute(now = performance.now()): number {
    while (this.starts.length && this.starts[0]! < now - 60_000) this.starts.shift();
    return this.starts.length;
  }

  /** Resolves once no request is in flight or waiting (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private idle(): boolean {
    return this.inFlight === 0 && this.queues.foreground.length === 0 && this.queues.background.length === 0;
  }

  private wakeIfIdle(): void {
    if (this.idle()) for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Runs `fn` when a slot and the pace allow; foreground requests go first. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal, priority: RequestPriority = 'background'): Promise<T> {
    await this.acquire(priority, signal);
    const started = performance.now();
    try {
      const value = await fn();
      // A trip that ended in an error (a refused connection, a 429) tells nothing of the link.
      this.shortestTripMs = Math.min(this.shortestTripMs, performance.now() - started);
      this.trips++;
      return value;
    } finally {
      this.inFlight--;
      this.pump();
      this.wakeIfIdle();
    }
  }

  private acquire(priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject };
      // Aborted while it waits: off the queue, refused.
      if (signal) {
        waiter.forget = onAbort(signal, () => {
          const queue = this.queues[priority];
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(signal.reason);
          this.wakeIfIdle();
        });
      }
      this.queues[priority].push(waiter);
      this.pump();
    });
  }

  /**
   * How far behind its schedule a start may be and still count from its slot rather than from now:
   * a timer never wakes before the next millisecond, and often later, so at a pace of more than one
   * start a millisecond, spacing every start from the moment it was made would lose the difference
   * each time, and a generous allowance would hold requests to one start per timer. Bounded so that
   * no one-minute window holds more starts than the allowance: the slots spaced at `headroom` of it
   * leave a share unused, and the starts this lets come early fit within it.
   */
  private catchUpMs(): number {
    if (!this.rate) return 0;
    const slotMs = 60_000 / (this.rate * this.headroom);
    return Math.max(0, Math.min(CATCH_UP_MS, slotMs * ((1 - this.headroom) * this.rate - 1)));
  }

  private reschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  /** Starts waiting requests while slots and the pace allow; else wakes up at the next start slot. */
  private pump(): void {
    if (this.timer) return;
    for (;;) {
      const priority: RequestPriority | null =
        this.queues.foreground.length && this.inFlight < this.concurrency + 1 ? 'foreground'
        : this.queues.background.length && this.inFlight < this.concurrency ? 'background'
        : null;
      if (!priority) return;
      const now = performance.now();
      const at = Math.max(now, this.nextStartAt, this.pausedUntil);
      if (at > now) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, at - now);
        return;
      }
      const waiter = this.queues[priority].shift()!;
      waiter.forget?.();
      this.inFlight++;
      this.nextStartAt = this.rate ? Math.max(this.nextStartAt, now - this.catchUpMs()) + 60_000 / (this.rate * this.headroom) : now;
      this.starts.push(now);
      waiter.resolve();
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      forget?.();
      resolve();
    }, ms);
    const forget = signal
      ? onAbort(signal, () => {
          clearTimeout(t);
          reject(signal.reason);
        })
      : undefined;
  });
}
