/**
 * Keeps the selected connection's state true between requests: a light probe (the probe function
 * the app gives: a keyless request, see api/reachability.ts) asks whether the service answers.
 *
 * - While the service answers, it is probed every PROBE_WHILE_REACHABLE_MS, so a service that stops
 *   while nothing else asks it is noticed within that time.
 * - Once a request or a probe cannot reach it, it is probed again after 2 s, then 4, 8, 16, 32 and 60 s
 *   (PROBE_MAX_BACKOFF_MS), and every 60 s after that, until it answers; an answer resets the backoff.
 *
 * Requests report their own outcomes (`unreachable()`, `reachable()`), so the state changes at once
 * on any failed request; the probe is only what notices a change when no request runs. Its timers
 * never keep a process alive (a CLI call ends when its work does).
 */

export const PROBE_FIRST_BACKOFF_MS = 2_000;
export const PROBE_MAX_BACKOFF_MS = 60_000;
export const PROBE_WHILE_REACHABLE_MS = 10_000;

export type ProbeOutcome = { reachable: true } | { reachable: false; message: string };

/** The wait before the next probe after `failures` failed ones in a row (1: the first failure). */
export function backoffDelay(failures: number): number {
  if (failures <= 0) return PROBE_WHILE_REACHABLE_MS;
  return Math.min(PROBE_MAX_BACKOFF_MS, PROBE_FIRST_BACKOFF_MS * 2 ** (failures - 1));
}

export interface ConnectionWatchDeps {
  probe(): Promise<ProbeOutcome>;
  /** What a probe found. */
  report(outcome: ProbeOutcome): void;
}

export class ConnectionWatch {
  /** Failed probes or requests in a row (0: the service answers). */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private active = false;

  constructor(private readonly deps: ConnectionWatchDeps) {}

  /** Whether the watch runs. */
  get watching(): boolean {
    return this.active;
  }

  /** The wait before the next probe, as now scheduled (tests and the status line). */
  get nextDelayMs(): number {
    return backoffDelay(this.failures);
  }

  /** Starts probing (at once when `now`), unless it already runs. */
  start(now = false): void {
    if (this.active) return;
    this.active = true;
    this.schedule(now ? 0 : backoffDelay(this.failures));
  }

  /** A request could not reach the service: probe on the backoff (from its first step unless already on it). */
  unreachable(): void {
    if (this.failures > 0) return;
    this.failures = 1;
    this.active = true;
    this.schedule(backoffDelay(1));
  }

  /** A request was answered: the backoff resets and probing goes on at the reachable pace. */
  reachable(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    if (this.active) this.schedule(backoffDelay(0));
  }

  /** Another connection was selected: what was learnt of the last one is dropped, probing starts at once. */
  reset(): void {
    this.failures = 0;
    if (this.active) this.schedule(0);
  }

  stop(): void {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probe(), ms);
    this.timer.unref?.();
  }

  private async probe(): Promise<void> {
    this.timer = null;
    if (!this.active || this.inFlight) return;
    this.inFlight = true;
    let outcome: ProbeOutcome;
    try {
      outcome = await this.deps.probe();
    } catch (err) {
      outcome = { reachable: false, message: err instanceof Error ? err.message : String(err) };
    } finally {
      this.inFlight = false;
    }
    if (!this.active) return;
    this.failures = outcome.reachable ? 0 : this.failures + 1;
    this.deps.report(outcome);
    // A request's outcome may have scheduled a probe meanwhile; this one's finding decides the next.
    this.schedule(backoffDelay(this.failures));
  }
}
