/** Per-key sliding one-minute window: at most `limit` accepted requests in any 60 seconds. */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  /** Records a request at `now` when allowed; otherwise returns the seconds to wait. */
  take(keyId: string, limit: number, now: number): { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number } {
    const since = now - 60_000;
    let stamps = this.windows.get(keyId);
    if (!stamps) {
      stamps = [];
      this.windows.set(keyId, stamps);
    }
    let drop = 0;
    while (drop < stamps.length && stamps[drop]! <= since) drop++;
    if (drop) stamps.splice(0, drop);
    if (stamps.length >= limit) {
      const wait = stamps[0]! + 60_000 - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    }
    stamps.push(now);
    return { allowed: true, remaining: limit - stamps.length };
  }
}
