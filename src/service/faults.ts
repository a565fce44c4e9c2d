/**
 * Fault injection for reliability tests, each random fault drawn from its own seeded generator:
 *   latencyMs          added delay before every answer
 *   errorRate          share (0..1) of requests answered 500/502/503
 *   burst429           every Nth request answers 429
 *   truncateRate       share of successful answers whose body is cut short (connection closed mid-body)
 *   invalidItemRate    share of successful list answers with one schema-invalid item
 * and the answers of hostile or unusual servers:
 *   retryAfterSeconds  every 429 (the real limit and bursts) says to wait this long…
 *   retryAfterDate     …written as an HTTP date instead of seconds
 *   plain403           a missing, unknown, revoked or expired key gets a bare 403 `{"detail": "…"}`
 *                      without a code (as OffsetsDB answers), instead of 401 with its code
 *   oversize           successful answers (of some resources) padded to this many megabytes, streamed
 * Faults apply after authentication, so auth answers stay exact (except with plain403, which is one).
 */
import { HttpError } from './http/errors';
import { forkRng, type Rng } from './generator/rng';
import type { ResourceName } from './routes/resource-names';

export interface OversizeFault {
  megabytes: number;
  /** Only these resources' answers; all when absent. */
  resources?: ResourceName[];
}

export interface FaultOptions {
  latencyMs?: number;
  errorRate?: number;
  burst429?: number;
  truncateRate?: number;
  invalidItemRate?: number;
  retryAfterSeconds?: number;
  retryAfterDate?: boolean;
  plain403?: boolean;
  oversize?: OversizeFault;
}

const SERVER_ERRORS: readonly (readonly [number, string, string])[] = [
  [500, 'internal_error', 'Injected internal error'],
  [502, 'bad_gateway', 'Injected bad gateway'],
  [503, 'service_unavailable', 'Injected unavailability'],
];

/** OffsetsDB's words for a missing and a wrong key. */
const PLAIN_403 = {
  missing: 'Missing API key. Please provide one in the X-API-KEY header.',
  wrong: 'Bad API key credentials. Please check your API key in the X-API-KEY header and try again.',
};

export class FaultInjector {
  private requests = 0;
  private readonly errorRng: Rng;
  private readonly truncateRng: Rng;
  private readonly itemRng: Rng;

  constructor(readonly options: FaultOptions, seed: number, private readonly clock: () => number = Date.now) {
    this.errorRng = forkRng(seed, 101);
    this.truncateRng = forkRng(seed, 102);
    this.itemRng = forkRng(seed, 103);
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

  /** The error as this server answers it: a configured Retry-After on 429s, a plain 403 for key failures. */
  rewrite(error: HttpError): HttpError {
    if (error.status === 429 && this.options.retryAfterSeconds !== undefined) {
      const seconds = this.options.retryAfterSeconds;
      const header = this.options.retryAfterDate ? new Date(this.clock() + seconds * 1000).toUTCString() : String(seconds);
      return new HttpError(429, error.code, error.message, { ...error.headers, 'Retry-After': header }, { ...error.extra, retry_after: seconds });
    }
    if (error.status === 401 && this.options.plain403) {
      return new HttpError(403, error.code, error.code === 'missing_api_key' ? PLAIN_403.missing : PLAIN_403.wrong, {}, {}, true);
    }
    return error;
  }

  truncate(): boolean {
    return Boolean(this.options.truncateRate) && this.truncateRng.float() < this.options.truncateRate!;
  }

  /** Bytes a successful answer of this resource is padded to, or 0. */
  oversizeBytes(resource: ResourceName): number {
    const o = this.options.oversize;
    if (!o || (o.resources && !o.resources.includes(resource))) return 0;
    return Math.round(o.megabytes * 1024 * 1024);
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
