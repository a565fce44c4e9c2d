/**
 * The HTTP client of the Carbon Credit Market Data Service. Sends `X-API-KEY`, parses every answer
 * with the shared zod schemas (a malformed page is an `invalid_response` error naming the page and
 * the field, never a partial result), maps error answers to typed ContractErrors, retries 5xx,
 * timeouts, resets and truncated bodies with jittered backoff, honours 429 Retry-After, paces to the
 * key's rate limit, and follows `next_page` only on the configured origin. The key never appears in
 * an error or a log line.
 */
import { z } from 'zod';
import {
  apiKeySchema, apiKeyUsageSchema, boundarySchema, countryProfileSchema, countryUpdateSchema, creditTransactionSchema,
  forensicDiffSchema, latestForensicFeedSchema, legacyForensicSchema, paginationSchema, projectForensicsSchema,
  projectSchema, projectTypesSchema, satelliteMetricsSchema, toQueryString,
  type ApiKey, type ApiKeyUsage, type Boundary, type CountryProfile, type CountryUpdate, type ForensicDiff,
  type LatestForensicFeed, type Pagination, type Project, type ProjectForensics, type ProjectTypes, type SatelliteMetrics,
} from '../../shared/api';
import { ContractError } from '../../shared/errors';
import { errorFromResponse, TRANSIENT_CODES } from './api-errors';
import { redactKey } from './redact';
import { RequestPacer, sleep } from './request-pacer';

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string | null;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Retries of a transient failure (default 5). */
  maxRetries?: number;
  /** Requests in flight at most (default 4). */
  concurrency?: number;
  rateLimitPerMinute?: number | null;
  /** Backoff base (default 250 ms); doubled per attempt, full jitter, capped at 10 s. */
  backoffBaseMs?: number;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface PageResult<T> {
  pagination: Pagination;
  data: T[];
  /** The absolute URL this page came from. */
  url: string;
  /** True when the items carried the `clips` field (projects). */
  rawHasClips: boolean;
}

export interface RequestStats {
  requests: number;
  retries: number;
  rateLimited: number;
}

const envelopeSchema = z.object({ pagination: paginationSchema, data: z.array(z.unknown()) });

/** The first issue of a zod error as `path: message`. */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return prefix;
  const p = [prefix, ...issue.path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${String(x)}`))].join('').replace(/\.\[/g, '[');
  return `${p}: ${issue.message}`;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly origin: string;
  readonly pacer: RequestPacer;
  readonly stats: RequestStats = { requests: 0, retries: 0, rateLimited: 0 };
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly log: (line: string) => void;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ApiClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ContractError('invalid_input', 'The base URL must be http(s)');
    this.baseUrl = base.toString().replace(/\/+$/, '');
    this.origin = base.origin;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 5;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.pacer = new RequestPacer({ rateLimitPerMinute: options.rateLimitPerMinute ?? null, concurrency: options.concurrency ?? 4 });
    const log = options.log ?? (() => undefined);
    this.log = (line) => log(this.redact(line));
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Whether the key this client sends starts with `prefix` (to find it in the key listing). */
  usesKeyWithPrefix(prefix: string): boolean {
    return Boolean(this.apiKey && prefix && this.apiKey.startsWith(prefix));
  }

  redact(text: string): string {
    return redactKey(text, this.apiKey);
  }

  /** The absolute URL of a path + query on the configured service. */
  url(path: string, query: Record<string, unknown> = {}): string {
    return `${this.baseUrl}${path}${toQueryString(query)}`;
  }

  /**
   * Resolves a `next_page` (relative or absolute) against the base URL. Refuses (without any
   * request) a link to another origin.
   */
  resolveNextPage(next: string): string {
    let resolved: URL;
    try {
      const basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
      const relative = next.startsWith('/') && basePath && !next.startsWith(`${basePath}/`) ? `${basePath}${next}` : next;
      resolved = new URL(relative, `${this.baseUrl}/`);
    } catch {
      throw new ContractError('invalid_response', `The service sent an unreadable next_page link: ${this.redact(next).slice(0, 200)}`);
    }
    if (resolved.origin !== this.origin) {
      throw new ContractError('foreign_next_page', `Refused to follow next_page to ${resolved.origin}: only ${this.origin} is trusted with the API key`);
    }
    return resolved.toString();
  }

  // ---- transport ------------------------------------------------------------------------------

  /** GETs (or sends) with pacing, retries and error mapping; returns the status and body text. */
  async request(method: string, url: string, options: { body?: unknown; what: string; signal?: AbortSignal; accept404?: boolean }): Promise<{ status: number; text: string; contentType: string }> {
    if (new URL(url).origin !== this.origin) {
      throw new ContractError('foreign_next_page', `Refused a request to ${new URL(url).origin}: only ${this.origin} is trusted with the API key`);
    }
    let attempt = 0;
    let rateLimitedTimes = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      try {
        return await this.pacer.run(() => this.once(method, url, options), options.signal);
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason;
        const e = err instanceof ContractError ? err : new ContractError('internal_error', this.redact(String(err)));
        if (e.code === 'rate_limited') {
          this.stats.rateLimited++;
          rateLimitedTimes++;
          const wait = e.retryAfterSeconds ?? 1;
          this.pacer.pauseFor(wait);
          this.log(`429 on ${options.what}: waiting ${wait}s (Retry-After)`);
          if (rateLimitedTimes > 50) throw e;
          continue;
        }
        if (!TRANSIENT_CODES.has(e.code) || attempt >= this.maxRetries) throw e;
        attempt++;
        this.stats.retries++;
        const delay = Math.random() * Math.min(10_000, this.backoffBaseMs * 2 ** attempt);
        this.log(`${e.code} on ${options.what} (${e.message}); retry ${attempt}/${this.maxRetries} in ${Math.round(delay)} ms`);
        await sleep(delay, options.signal);
      }
    }
  }

  private async once(method: string, url: string, options: { body?: unknown; what: string; signal?: AbortSignal; accept404?: boolean }) {
    this.stats.requests++;
    const headers: Record<string, string> = { Accept: 'application/json, application/geo+json' };
    if (this.apiKey) headers['X-API-KEY'] = this.apiKey;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        redirect: 'manual',
      });
    } catch (err) {
      throw this.networkError(err, options.what, timeout);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw new ContractError('truncated_response', `The answer to ${options.what} was cut off (${this.redact(errMessage(err))})`);
    }
    if (response.status >= 300 && response.status < 400) {
      throw new ContractError('http_error', `The service redirected ${options.what} (HTTP ${response.status}); redirects are not followed with the API key`);
    }
    if (response.status === 404 && options.accept404) return { status: 404, text, contentType: response.headers.get('content-type') ?? '' };
    if (!response.ok) {
      const e = errorFromResponse(response.status, text, response.headers.get('retry-after'), options.what);
      throw new ContractError(e.code, this.redact(e.message), e.details, e.retryAfterSeconds);
    }
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' };
  }

  private networkError(err: unknown, what: string, timeout: AbortSignal): ContractError {
    if (timeout.aborted) return new ContractError('timeout', `No answer to ${what} within ${Math.round(this.timeoutMs / 1000)} s`);
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    const detail = cause?.code ?? cause?.message ?? errMessage(err);
    return new ContractError('offline', `The service cannot be reached for ${what} (${this.redact(String(detail))})`);
  }

  /** GET + JSON parse + schema; a body that does not parse as JSON is retried as truncated. */
  async getJson<S extends z.ZodTypeAny>(url: string, schema: S, what: string, signal?: AbortSignal): Promise<z.output<S>> {
    const value = await this.getParsed(url, what, signal, false);
    return this.validate(schema, value, what);
  }

  private async getParsed(url: string, what: string, signal: AbortSignal | undefined, accept404: boolean): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.request('GET', url, { what, signal, accept404 });
      if (res.status === 404) return NOT_FOUND;
      try {
        return res.text === '' ? null : JSON.parse(res.text);
      } catch {
        if (attempt >= this.maxRetries) {
          throw new ContractError('invalid_response', `The answer to ${what} is not valid JSON (${res.text.length} bytes; cut off?)`);
        }
        this.stats.retries++;
        this.log(`truncated or invalid JSON on ${what}; retry ${attempt + 1}/${this.maxRetries}`);
        await sleep(Math.random() * Math.min(10_000, this.backoffBaseMs * 2 ** (attempt + 1)), signal);
      }
    }
  }

  private validate<S extends z.ZodTypeAny>(schema: S, value: unknown, what: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new ContractError('invalid_response', `Malformed answer to ${what}: ${firstIssue(parsed.error, 'body')}`, parsed.error.issues);
    }
    return parsed.data;
  }

  /**
   * One page of a paginated list: the envelope and every item validated. A schema-invalid item is
   * retried (a corrupted transfer) and then reported with the page and the field.
   */
  async getPage<S extends z.ZodTypeAny>(url: string, itemSchema: S, what: string, signal?: AbortSignal): Promise<PageResult<z.output<S>>> {
    const pageNo = new URL(url).searchParams.get('current_page') ?? '1';
    let lastError: ContractError | null = null;
    for (let attempt = 0; attempt <= Math.min(2, this.maxRetries); attempt++) {
      const value = await this.getParsed(url, `${what} page ${pageNo}`, signal, false);
      const envelope = envelopeSchema.safeParse(value);
      if (!envelope.success) {
        lastError = new ContractError('invalid_response', `Malformed page ${pageNo} of ${what}: ${firstIssue(envelope.error, 'body')}`, envelope.error.issues);
      } else {
        const data: z.output<S>[] = [];
        let bad: ContractError | null = null;
        for (let i = 0; i < envelope.data.data.length; i++) {
          const item = itemSchema.safeParse(envelope.data.data[i]);
          if (!item.success) {
            const id = (envelope.data.data[i] as { id?: unknown; project_id?: unknown } | null);
            const ref = id && typeof id === 'object' ? (id.id ?? id.project_id ?? null) : null;
            bad = new ContractError(
              'invalid_response',
              `Invalid item on page ${pageNo} of ${what}${ref !== null ? ` (id ${String(ref)})` : ''}: ${firstIssue(item.error, `data[${i}]`)}`,
              { page: Number(pageNo), index: i, issues: item.error.issues },
            );
            break;
          }
          data.push(item.data);
        }
        if (!bad) {
          const first = envelope.data.data[0];
          const rawHasClips = typeof first === 'object' && first !== null && 'clips' in first;
          return { pagination: envelope.data.pagination, data, url, rawHasClips };
        }
        lastError = bad;
      }
      this.stats.retries++;
      this.log(`${lastError.message}; refetching the page`);
    }
    throw lastError!;
  }

  // ---- endpoints ------------------------------------------------------------------------------

  listKeys(signal?: AbortSignal): Promise<ApiKey[]> {
    return this.getJson(this.url('/v1/api-keys/'), z.array(apiKeySchema), 'the key listing', signal);
  }

  async createKey(name: string): Promise<ApiKey> {
    const res = await this.request('POST', this.url('/v1/api-keys/'), { body: { name }, what: 'key creation' });
    return this.validate(apiKeySchema, JSON.parse(res.text), 'key creation');
  }

  async revokeKey(id: string): Promise<void> {
    await this.request('DELETE', this.url(`/v1/api-keys/${encodeURIComponent(id)}`), { what: `revoking key ${id}` });
  }

  keyUsage(signal?: AbortSignal): Promise<ApiKeyUsage> {
    return this.getJson(this.url('/v1/api-keys/usage'), apiKeyUsageSchema, 'key usage', signal);
  }

  projectTypes(signal?: AbortSignal): Promise<ProjectTypes> {
    return this.getJson(this.url('/v1/projects/types'), projectTypesSchema, 'the project types', signal);
  }

  projectsPage(url: string, signal?: AbortSignal) {
    return this.getPage(url, projectSchema, 'projects', signal);
  }

  creditsPage(url: string, signal?: AbortSignal) {
    return this.getPage(url, creditTransactionSchema, 'credit transactions', signal);
  }

  legacyForensicsPage(url: string, signal?: AbortSignal) {
    return this.getPage(url, legacyForensicSchema, 'legacy forensics', signal);
  }

  /** One project; null on 404. */
  async project(projectId: string, signal?: AbortSignal): Promise<Project | null> {
    return this.getOrNull(this.url(`/v1/projects/${encodeURIComponent(projectId)}`), projectSchema, `project ${projectId}`, signal);
  }

  latestFeed(limit: number, signal?: AbortSignal): Promise<LatestForensicFeed> {
    return this.getJson(this.url('/v1/forensics/v2/latest', { limit }), latestForensicFeedSchema, 'the latest forensic feed', signal);
  }

  projectForensics(projectId: string, signal?: AbortSignal): Promise<ProjectForensics | null> {
    return this.getOrNull(this.url(`/v1/forensics/v2/${encodeURIComponent(projectId)}`), projectForensicsSchema, `forensics of ${projectId}`, signal);
  }

  forensicDiff(projectId: string, week: { week: number; year: number }, signal?: AbortSignal): Promise<ForensicDiff | null> {
    return this.getOrNull(this.url(`/v1/forensics/v2/${encodeURIComponent(projectId)}/diff`, week), forensicDiffSchema.nullable(), `the forensic diff of ${projectId}`, signal);
  }

  satellitePage(query: { has_boundary: boolean; limit: number; offset: number }, signal?: AbortSignal): Promise<SatelliteMetrics[]> {
    return this.getJson(this.url('/v1/satellite/', query), z.array(satelliteMetricsSchema), `satellite metrics at offset ${query.offset}`, signal);
  }

  boundary(projectId: string, signal?: AbortSignal): Promise<Boundary | null> {
    return this.getOrNull(this.url(`/v1/satellite/${encodeURIComponent(projectId)}/boundary`), boundarySchema, `the boundary of ${projectId}`, signal);
  }

  country(code: string, signal?: AbortSignal): Promise<CountryProfile | null> {
    return this.getOrNull(this.url(`/v1/countries/${encodeURIComponent(code)}`), countryProfileSchema, `country ${code}`, signal);
  }

  async countryUpdates(code: string, limit: number, signal?: AbortSignal): Promise<CountryUpdate[] | null> {
    return this.getOrNull(this.url(`/v1/countries/${encodeURIComponent(code)}/updates`, { limit }), z.array(countryUpdateSchema), `updates of country ${code}`, signal);
  }

  private async getOrNull<S extends z.ZodTypeAny>(url: string, schema: S, what: string, signal?: AbortSignal): Promise<z.output<S> | null> {
    const value = await this.getParsed(url, what, signal, true);
    if (value === NOT_FOUND) return null;
    return this.validate(schema, value, what);
  }
}

const NOT_FOUND = Symbol('not found');

function errMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
