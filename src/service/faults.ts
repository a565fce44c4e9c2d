/**
 * Fault injection for reliability tests, each fault drawn from its own seeded generator:
 *   latencyMs       added delay before every answer
 *   errorRate       share (0..1) of requests answered 500/502/503
 *   burst429        every Nth request answers 429 with Retry-After: 1
 *   truncateRate    share of successful answers whose body is cut short (connection closed mid-body)
 *   invalidItemRate share of successful list answers with one schema-invalid item
 * Faults apply after authentication, so auth answers stay exact.
 */
import { HttpError } from './http/errors';
import { forkRng, type Rng } from './generator/rng';

export interface FaultOptions {
  latencyMs?: number;
  errorRate?: number;
  burst429?: number;
  truncateRate?: number;
  invalidItemRate?: number;
}

const SERVER_ERRORS: readonly (readonly [number, string, string])[] = [
  [500, 'internal_error', 'Injected internal error'],
  [502, 'bad_gateway', 'Injected bad gateway'],
  [503, 'service_unavailable', 'Injected unavailability'],
];

export class FaultInjector {
  private requests = 0;
  private readonly errorRng: Rng;
  private readonly truncateRng: Rng;
  private readonly itemRng: Rng;

  constructor(readonly options: FaultOptions, seed: number) {
    this.errorRng = forkRng(seed, 101);
    this.truncateRng = forkRng(seed, 102);
    this.itemRng = forkRng(seed, 103);
  }

  get active(): boolean {
    const o = this.options;
    return Boolean(o.latencyMs || o.errorRate || o.burst429 || o.truncateRate || o.invalidItemRate);
  }

  latencyMs(): number {
    return this.options.latencyMs ?? 0;
  }

  /** A fault answer for this request, if one is due. */
  forcedError(): HttpError | undefined {
    this.requests++;
    const every = this.options.burst429;
    if (every && this.requests % every === 0) {
      return new HttpError(429, 'rate_limit_exceeded', 'Injected rate limit burst', { 'Retry-After': '1' }, { retry_after: 1 });
    }
    if (this.options.errorRate && this.errorRng.float() < this.options.errorRate) {
      const [status, code, message] = this.errorRng.pick(SERVER_ERRORS);
      return new HttpError(status, code, message);
    }
    return undefined;
  }

  truncate(): boolean {
    return Boolean(this.options.truncateRate) && this.truncateRng.float() < this.options.truncateRate!;
  }

  /** Replaces one item of a list answer (envelope `data`, feed `entries` or a plain array) with a schema-invalid one. */
  corrupt(body: unknown): unknown {
    if (!this.options.invalidItemRate || this.itemRng.float() >= this.options.invalidItemRate) return body;
    const items = Array.isArray(body) ? body : isRecord(body) ? (Array.isArray(body.data) ? body.data : Array.isArray(body.entries) ? body.entries : undefined) : undefined;
    if (!items?.length) return body;
    const copy = [...items];
    const index = Math.floor(this.itemRng.float() * copy.length);
    const item = copy[index];
    const firstKey = isRecord(item) ? Object.keys(item)[0] : undefined;
    copy[index] = firstKey ? { ...(item as Record<string, unknown>), [firstKey]: { invalid: true } } : { invalid: true };
    if (Array.isArray(body)) return copy;
    const record = body as Record<string, unknown>;
    return Array.isArray(record.data) ? { ...record, data: copy } : { ...record, entries: copy };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
