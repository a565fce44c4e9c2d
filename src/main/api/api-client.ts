/**
 * The HTTP client of the Carbon Credit Market Data Service. Sends `X-API-KEY`, parses every answer
 * with the shared zod schemas: envelopes strictly (a malformed page is an `invalid_response` error),
 * items liberally (item-intake.ts: unreadable fields kept aside, items without identity skipped and
 * described, never a lost page). Maps error answers to typed ContractErrors, retries 5xx,
 * timeouts, resets and truncated bodies with jittered backoff, honours 429 Retry-After, paces to the
 * key's rate limit, and follows `next_page` only on the configured origin. The key never appears in
 * an error or a log line.
 *
 * Requests go out through undici's `request`, the library Node's `fetch` is built on, without the
 * web streams and objects `fetch` adds to every answer: a sync's thousands of pages cost the main
 * thread less CPU so (docs/decisions/005-undici-request-instead-of-fetch.md).
 */
import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import {
  apiKeySchema, apiKeyUsageSchema, boundarySchema, forensicDiffSchema, latestForensicFeedSchema, projectTypesSchema, toQueryString,
  type ApiKey, type ApiKeyUsage, type Boundary, type CountryProfile, type CountryUpdate, type ForensicDiff,
  type LatestForensicFeed, type Pagination, type Project, type ProjectForensics, type ProjectTypes, type SatelliteMetrics,
} from '../../shared/api';
import { ContractError } from '../../shared/errors';
import { APP_VERSION } from '../version';
import { errorFromResponse, MAX_RETRY_AFTER_SECONDS, TRANSIENT_CODES } from './api-errors';
import { dispatcherWithConnectTimeout, unreachableInWords } from './connect-timeout';
import { finishSkipped, type Intake, type ItemReader, type SkippedItem, type Taken, type UnfitValue, type WithExtra } from './item-intake';
import { createItemReaders, type ItemReaders } from './item-readers';
import { decodeBody, firstIssue, parseJson, readPage } from './page-body';
import { offers, pathTemplate, profileFromOpenApi, rootCandidates, serverQuery, type ServiceProfile } from './service-profile';
import { redactKey } from './redact';
import { RequestPacer, REQUESTS_IN_FLIGHT, REQUESTS_IN_FLIGHT_FAR, type RequestPriority, sleep } from './request-pacer';

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string | null;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Retries of a transient failure (default 5). */
  maxRetries?: number;
  /** Requests in flight at most (default REQUESTS_IN_FLIGHT, and REQUESTS_IN_FLIGHT_FAR once the server shows itself far). */
  concurrency?: number;
  rateLimitPerMinute?: number | null;
  /** Backoff base (default 250 ms); doubled per attempt, full jitter, capped at 10 s. */
  backoffBaseMs?: number;
  log?: (line: string) => void;
  /** What an earlier discovery learnt about this server (API root, paths, names); see `discover`. */
  profile?: ServiceProfile | null;
  /** The largest answer read (default 64 MB); a larger one is one clear error, never retried. */
  maxResponseBytes?: number;
  /** A pacer shared with the connection's other clients (they share the key's allowance); else one of its own. */
  pacer?: RequestPacer;
  /** How this client's requests queue in the pacer (default 'background'; the user's on-demand requests: 'foreground'). */
  priority?: RequestPriority;
  /**
   * How long a request waits for the service to accept its connection (connect-timeout.ts); null or
   * absent: undici's own limit. The user's on-demand clients use ON_DEMAND_CONNECT_TIMEOUT_MS.
   */
  connectTimeoutMs?: number | null;
  /**
   * Whether a request that did not reach the service (offline, no answer in time) is tried again
   * (default true: a sync rides out a short outage). The user's on-demand clients answer at once.
   */
  retryUnreachable?: boolean;
  /**
   * Told of every request's outcome for the connection's state: false with the reason in words when
   * a request could not reach the service, true when the service answered it successfully.
   */
  onReachability?: (reachable: boolean, message: string | null) => void;
  /** The dispatcher requests go through (tests); default: undici's global one, or one with the connect limit. */
  dispatcher?: Dispatcher;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** What the sync needs of every page of a list, wherever its items were read. */
export interface PageFacts {
  pagination: Pagination;
  /** How many items were taken in. */
  count: number;
  /** Items on the page without a usable identity, not stored. */
  skipped: SkippedItem[];
  /** Values on the page that did not fit their field (stored as null, kept as sent). */
  unfit: UnfitValue[];
  /** The absolute URL this page came from. */
  url: string;
  /** The size of the body the page was read from (what holding it costs, roughly). */
  bytes: number;
}

export interface PageResult<T> extends PageFacts {
  /** The items taken in (with the fields kept aside in `extra`). */
  data: WithExtra<T>[];
  /** True when the items carried the `clips` field (projects). */
  rawHasClips: boolean;
}

/** What a reader elsewhere (see getPageReadElsewhere) tells of a page's body it read. */
export interface PageReadElsewhere {
  pagination: Pagination;
  count: number;
  /** Described with whole excerpts (that reader has no key to redact): redacted and cut here. */
  skipped: SkippedItem[];
  /** Likewise. */
  unfit: UnfitValue[];
  /** As PageRead's: null when every item was read as it should. */
  trouble: string | null;
}

/** How a body is read: as text here, or as bytes handed to a reader elsewhere. Null: not JSON. */
type BodyReader<R> = { text: (text: string) => R | null } | { bytes: (bytes: Uint8Array) => Promise<R | null> };

export interface RequestStats {
  requests: number;
  retries: number;
  rateLimited: number;
}

/** The latest feed's frame: its counters strict, its entries read one by one afterwards. */
const feedShell = latestForensicFeedSchema.extend({ entries: z.array(z.unknown()) });
/** A dossier's frame: its parts are read one by one afterwards. */
const dossierShell = z.object({ project_id: z.string(), entries: z.array(z.unknown()), memo: z.unknown().nullish().transform((v) => v ?? null), stats: z.unknown() });

export class ApiClient {
  readonly baseUrl: string;
  readonly origin: string;
  readonly pacer: RequestPacer;
  private readonly priority: RequestPriority;
  readonly stats: RequestStats = { requests: 0, retries: 0, rateLimited: 0 };
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly log: (line: string) => void;
  private readonly maxResponseBytes: number;
  private readonly connectTimeoutMs: number | null;
  private readonly retryUnreachable: boolean;
  private readonly onReachability: (reachable: boolean, message: string | null) => void;
  private readonly dispatcher: Dispatcher | undefined;

  private readonly readers: ItemReaders;
  private serviceProfile: ServiceProfile;
  private discovery: Promise<ServiceProfile> | null = null;
  private readonly droppedLogged = new Set<string>();

  constructor(options: ApiClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ContractError('invalid_input', 'The base URL must be http(s)');
    this.baseUrl = base.toString().replace(/\/+$/, '');
    this.origin = base.origin;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 5;
    this.backoffBaseMs = options.backoffBaseMs ?? 250;
    this.pacer = options.pacer ?? new RequestPacer({
      rateLimitPerMinute: options.rateLimitPerMinute ?? null,
      concurrency: options.concurrency ?? REQUESTS_IN_FLIGHT,
      farConcurrency: options.concurrency ?? REQUESTS_IN_FLIGHT_FAR,
    });
    this.priority = options.priority ?? 'background';
    const log = options.log ?? (() => undefined);
    this.log = (line) => log(this.redact(line));
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.connectTimeoutMs = options.connectTimeoutMs ?? null;
    this.retryUnreachable = options.retryUnreachable ?? true;
    this.onReachability = options.onReachability ?? (() => undefined);
    this.dispatcher = options.dispatcher ?? (this.connectTimeoutMs ? dispatcherWithConnectTimeout(this.connectTimeoutMs) : undefined);
    this.readers = createItemReaders((text) => this.redact(text));
    this.serviceProfile = options.profile ?? { apiRoot: rootCandidates(this.baseUrl)[0]!, source: 'guess', paths: null, beneficiaryFields: {} };
    if (options.profile) this.discovery = Promise.resolve(options.profile);
  }

  /** Whether the key this client sends starts with `prefix` (to find it in the key listing). */
  usesKeyWithPrefix(prefix: string): boolean {
    return Boolean(this.apiKey && prefix && this.apiKey.startsWith(prefix));
  }

  redact(text: string): string {
    return redactKey(text, this.apiKey);
  }

  /** What is known of the server (its API root, offered paths, names): a guess until `discover` ran. */
  get profile(): ServiceProfile {
    return this.serviceProfile;
  }

  /**
   * Learns the server once: its OpenAPI document (at the host root, then under the base URL) when it
   * publishes one; else the first API root candidate whose `projects/` answers anything but 404.
   */
  discover(signal?: AbortSignal): Promise<ServiceProfile> {
    this.discovery ??= this.learn(signal).then((p) => (this.serviceProfile = p));
    const pending = this.discovery;
    pending.catch(() => {
      if (this.discovery === pending) this.discovery = null;
    });
    return pending;
  }

  private async learn(signal?: AbortSignal): Promise<ServiceProfile> {
    const basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    const documents = [...new Set([`${this.origin}/openapi.json`, `${this.baseUrl}/openapi.json`])];
    for (const url of documents) {
      try {
        const res = await this.request('GET', url, { what: 'the OpenAPI document', signal, accept404: true, retries: 0 });
        if (res.status !== 200) continue;
        const profile = profileFromOpenApi(JSON.parse(res.text), this.origin, basePath);
        if (profile) {
          this.log(`API root ${profile.apiRoot} and ${Object.keys(profile.paths ?? {}).length} paths from the OpenAPI document`);
          return profile;
        }
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (err instanceof ContractError && (err.code === 'offline' || err.code === 'timeout')) throw err;
        // Not a usable document: probe instead.
      }
    }
    const candidates = rootCandidates(this.baseUrl);
    for (const root of candidates) {
      try {
        const res = await this.request('GET', `${root}/projects/?per_page=1`, { what: 'the API root probe', signal, accept404: true });
        if (res.status === 404) continue;
      } catch (err) {
        if (!(err instanceof ContractError) || err.code === 'offline' || err.code === 'timeout' || signal?.aborted) throw err;
        // An error answer (a refused key, a rate limit) still means the route exists.
      }
      return { apiRoot: root, source: 'probe', paths: null, beneficiaryFields: {} };
    }
    return { apiRoot: candidates[0]!, source: 'guess', paths: null, beneficiaryFields: {} };
  }

  /**
   * The absolute URL of a contract path (`/v1/projects/`) and query on this server: under its API
   * root, the query in its own names (parameters its document does not list are left out).
   */
  url(path: string, query: Record<string, unknown> = {}): string {
    const relative = path.replace(/^\/v1(?=\/|$)/, '');
    const { query: q, dropped } = serverQuery(this.serviceProfile, relative, query);
    for (const name of dropped) {
      const key = `${pathTemplate(relative)} ${name}`;
      if (!this.droppedLogged.has(key)) {
        this.droppedLogged.add(key);
        this.log(`the service does not list parameter '${name}' for ${pathTemplate(relative)}; sent without it`);
      }
    }
    return `${this.serviceProfile.apiRoot}${relative}${toQueryString(q)}`;
  }

  /**
   * Resolves a `next_page` (relative or absolute) against the API root; a link that lost the root's
   * prefix (`/projects/?current_page=2` from a server under `/api/v1`) gets it back. Refuses
   * (without any request) a link to another origin.
   */
  resolveNextPage(next: string): string {
    let resolved: URL;
    try {
      resolved = new URL(next, `${this.serviceProfile.apiRoot}/`);
    } catch {
      throw new ContractError('invalid_response', `The service sent an unreadable next_page link: ${this.redact(next).slice(0, 200)}`);
    }
    if (resolved.origin !== this.origin) {
      throw new ContractError('foreign_next_page', `Refused to follow next_page to ${resolved.origin}: only ${this.origin} is trusted with the API key`);
    }
    const rootPath = new URL(this.serviceProfile.apiRoot).pathname.replace(/\/+$/, '');
    if (rootPath && !resolved.pathname.startsWith(`${rootPath}/`)) resolved.pathname = `${missingPrefix(rootPath, resolved.pathname)}${resolved.pathname}`;
    return resolved.toString();
  }

  /** The path of a URL on this server relative to its API root (`/projects/`), or null when it is not under it. */
  private relativeToRoot(url: string): string | null {
    const rootPath = new URL(this.serviceProfile.apiRoot).pathname.replace(/\/+$/, '');
    const p = new URL(url).pathname;
    if (!rootPath) return p;
    return p.startsWith(`${rootPath}/`) ? p.slice(rootPath.length) : null;
  }

  // ---- transport ------------------------------------------------------------------------------

  /**
   * GETs (or sends) with pacing, retries and error mapping; returns the status, the body text and its
   * size in bytes (`raw`: a successful answer's body as bytes of their own instead, its text then empty).
   */
  async request(
    method: string,
    url: string,
    options: { body?: unknown; what: string; signal?: AbortSignal; accept404?: boolean; retries?: number; raw?: boolean },
  ): Promise<{ status: number; text: string; size: number; contentType: string; bytes?: Uint8Array }> {
    if (new URL(url).origin !== this.origin) {
      throw new ContractError('foreign_next_page', `Refused a request to ${new URL(url).origin}: only ${this.origin} is trusted with the API key`);
    }
    const relative = this.relativeToRoot(url);
    if (relative !== null && offers(this.serviceProfile, relative) === false) {
      throw new ContractError('not_offered', `This service does not offer ${options.what} (its API document does not list ${pathTemplate(relative)})`);
    }
    const maxRetries = options.retries ?? this.maxRetries;
    let attempt = 0;
    let rateLimitedTimes = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      try {
        return await this.pacer.run(() => this.once(method, url, options), options.signal, this.priority);
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason;
        const e = err instanceof ContractError ? err : new ContractError('internal_error', this.redact(String(err)));
        if (e.code === 'rate_limited') {
          this.stats.rateLimited++;
          rateLimitedTimes++;
          const wait = e.retryAfterSeconds ?? 1;
          if (!Number.isFinite(wait) || wait > MAX_RETRY_AFTER_SECONDS) {
            const until = Number.isFinite(wait) ? new Date(Date.now() + wait * 1000).toISOString() : 'a time it did not state';
            throw new ContractError('rate_limited_until', `The service rate-limits this key until ${until}; the sync stops and the next one resumes where it stopped`, { until }, wait);
          }
          this.pacer.pauseFor(wait);
          this.log(`429 on ${options.what}: waiting ${wait}s (Retry-After)`);
          if (rateLimitedTimes > 50) throw e;
          continue;
        }
        if (!TRANSIENT_CODES.has(e.code) || attempt >= maxRetries) throw e;
        if (!this.retryUnreachable && (e.code === 'offline' || e.code === 'timeout')) throw e;
        attempt++;
        this.stats.retries++;
        const delay = Math.random() * Math.min(10_000, this.backoffBaseMs * 2 ** attempt);
        this.log(`${e.code} on ${options.what} (${e.message}); retry ${attempt}/${maxRetries} in ${Math.round(delay)} ms`);
        await sleep(delay, options.signal);
      }
    }
  }

  private async once(method: string, url: string, options: { body?: unknown; what: string; signal?: AbortSignal; accept404?: boolean; raw?: boolean }) {
    this.stats.requests++;
    const headers: Record<string, string> = { accept: 'application/json, application/geo+json', 'user-agent': USER_AGENT };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const deadline = new RequestDeadline(this.timeoutMs, options.signal);
    try {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: deadline.signal,
          ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
        });
      } catch (err) {
        const e = this.networkError(err, options.what, deadline);
        // The caller's own abort says nothing about the service.
        if (!options.signal?.aborted) this.onReachability(false, e.message);
        throw e;
      }
      const status = response.statusCode;
      if (status >= 200 && status < 300) this.onReachability(true, null);
      if (options.raw && status >= 200 && status < 300) {
        // Handed to another thread, the bytes need an ArrayBuffer of their own: a chunk may be a view of a
        // larger one (copied then), a body joined from several chunks already has one (not copied again).
        const body = await this.readBytes(response, options.what, deadline);
        const owns = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
        const bytes = owns ? new Uint8Array(body.buffer as ArrayBuffer) : new Uint8Array(body);
        return { status, text: '', size: bytes.byteLength, contentType: headerValue(response.headers, 'content-type') ?? '', bytes };
      }
      const body = await this.readBytes(response, options.what, deadline);
      const text = decodeBody(body);
      const size = body.byteLength;
      const contentType = headerValue(response.headers, 'content-type') ?? '';
      if (status >= 300 && status < 400) {
        throw new ContractError('http_error', `The service redirected ${options.what} (HTTP ${status}); redirects are not followed with the API key`);
      }
      if (status === 404 && options.accept404) return { status: 404, text, size, contentType };
      if (status === 404) {
        // A 404 on a collection root (a path without parameters) means the server does not offer the resource.
        const relative = this.relativeToRoot(url);
        if (relative !== null && !pathTemplate(relative).includes('{')) {
          throw new ContractError('not_offered', `This service does not offer ${options.what} (${pathTemplate(relative)} answers 404)`);
        }
      }
      if (status < 200 || status >= 300) {
        const e = errorFromResponse(status, text, headerValue(response.headers, 'retry-after') ?? null, options.what);
        throw new ContractError(e.code, this.redact(e.message), e.details, e.retryAfterSeconds);
      }
      return { status, text, size, contentType };
    } finally {
      deadline.end();
    }
  }

  /** The body's bytes, read with a byte cap (an answer beyond it is refused, not buffered). */
  private async readBytes(response: Dispatcher.ResponseData, what: string, deadline: RequestDeadline): Promise<Buffer> {
    const tooLarge = () =>
      new ContractError('response_too_large', `The answer to ${what} is larger than ${Math.round(this.maxResponseBytes / 1048576)} MB; it was not read`);
    const declared = Number(headerValue(response.headers, 'content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > this.maxResponseBytes) {
      discard(response.body);
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        bytes += chunk.byteLength;
        if (bytes > this.maxResponseBytes) {
          discard(response.body);
          throw tooLarge();
        }
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof ContractError) throw err;
      if (deadline.timedOut) throw this.timeoutError(what);
      throw new ContractError('truncated_response', `The answer to ${what} was cut off (${this.redact(errMessage(err))})`);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
  }

  private timeoutError(what: string): ContractError {
    return new ContractError('timeout', `The service did not answer ${what} within ${Math.round(this.timeoutMs / 1000)} s`);
  }

  /** A request that did not reach the service: the reason in words; the network code kept in the details (for logs). */
  private networkError(err: unknown, what: string, deadline: RequestDeadline): ContractError {
    if (deadline.timedOut) return this.timeoutError(what);
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e?.cause?.code ?? e?.code;
    const detail = code ?? e?.cause?.message ?? errMessage(err);
    return new ContractError('offline', `The service cannot be reached for ${what}: ${unreachableInWords(code, this.connectTimeoutMs)}`, { cause: this.redact(String(detail)) });
  }

  /** GET + JSON parse + schema; a body that does not parse as JSON is retried as truncated. */
  async getJson<S extends z.ZodTypeAny>(url: string, schema: S, what: string, signal?: AbortSignal): Promise<z.output<S>> {
    const value = await this.getParsed(url, what, signal, false);
    return this.validate(schema, value, what);
  }

  private async getParsed(url: string, what: string, signal: AbortSignal | undefined, accept404: boolean): Promise<unknown> {
    const { value } = await this.getRead(url, what, signal, accept404, { text: parseJson });
    return value === NOT_FOUND ? NOT_FOUND : value.json;
  }

  /**
   * GETs `url` and reads its body with `read`; a body that is not JSON was cut off or garbled in
   * transfer and is fetched again with backoff. Answers what was read and the body's size in bytes.
   */
  private async getRead<R>(url: string, what: string, signal: AbortSignal | undefined, accept404: boolean, read: BodyReader<R>): Promise<{ value: R | typeof NOT_FOUND; bytes: number }> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.request('GET', url, { what, signal, accept404, raw: 'bytes' in read });
      if (res.status === 404) return { value: NOT_FOUND, bytes: 0 };
      const bytes = res.size;
      // Read elsewhere, the bytes are handed over (and gone from here once sent).
      const value = 'bytes' in read ? await read.bytes(res.bytes!) : read.text(res.text);
      if (value !== null) return { value, bytes };
      if (attempt >= this.maxRetries) {
        throw new ContractError('invalid_response', `The answer to ${what} is not valid JSON (${bytes} bytes; cut off?)`);
      }
      this.stats.retries++;
      this.log(`truncated or invalid JSON on ${what}; retry ${attempt + 1}/${this.maxRetries}`);
      await sleep(Math.random() * Math.min(10_000, this.backoffBaseMs * 2 ** (attempt + 1)), signal);
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
   * One page of a paginated list, read by `read` (page-body.ts, or a reader elsewhere): the envelope
   * validated strictly, the items taken in one by one (item-intake.ts): an unreadable field is kept
   * aside, an item without identity is skipped and described. A page with such trouble is fetched
   * once more: the same trouble twice is the server's data (kept as it is, never retried again),
   * different trouble was a corrupted transfer.
   */
  private async pageRead<P extends { trouble: string | null; skipped: readonly unknown[]; unfit: readonly unknown[] }>(
    url: string, what: string, signal: AbortSignal | undefined, read: (pageNo: number) => BodyReader<P>,
  ): Promise<{ page: P; bytes: number }> {
    const pageNo = Number(new URL(url).searchParams.get('current_page') ?? '1');
    let previous: string | null = null;
    for (let attempt = 0; ; attempt++) {
      const { value, bytes } = await this.getRead(url, `${what} page ${pageNo}`, signal, false, read(pageNo));
      const page = value as P;
      if (page.trouble === null) return { page, bytes };
      if (page.trouble === previous || attempt >= 2) {
        if (page.skipped.length) this.log(`${what} page ${pageNo}: ${page.skipped.length} item(s) without a usable identity skipped`);
        if (page.unfit.length) this.log(`${what} page ${pageNo}: ${page.unfit.length} value(s) did not fit their field (stored as null, kept as sent)`);
        return { page, bytes };
      }
      previous = page.trouble;
      this.stats.retries++;
      this.log(`${what} page ${pageNo} has unreadable items; fetching it once more to tell a corrupted transfer from the server's data`);
    }
  }

  /** One page of a paginated list, read here (see pageRead). */
  async getPage<S extends z.ZodTypeAny>(url: string, reader: ItemReader<S>, what: string, signal?: AbortSignal): Promise<PageResult<z.output<S>>> {
    const { page, bytes } = await this.pageRead(url, what, signal, (pageNo) => ({ text: (text) => readPage(text, reader, pageNo, what) }));
    return { pagination: page.pagination, data: page.items, count: page.items.length, skipped: page.skipped, unfit: page.unfit, url, rawHasClips: page.rawHasClips, bytes };
  }

  /**
   * One page of a paginated list whose body `read` reads elsewhere (null: not JSON), as getPage
   * reads it here and with the same retries: the cache's writer reads the credit transactions'
   * pages and keeps their rows for the step that stores them. Its skipped items are redacted here.
   */
  async getPageReadElsewhere<P extends PageReadElsewhere>(
    url: string, what: string, read: (body: Uint8Array, pageNo: number, what: string) => Promise<P | null>, signal?: AbortSignal,
  ): Promise<P & PageFacts> {
    const { page, bytes } = await this.pageRead(url, what, signal, (pageNo) => ({ bytes: (body) => read(body, pageNo, what) }));
    const redact = (text: string) => this.redact(text);
    return { ...page, skipped: finishSkipped(page.skipped, redact), unfit: finishSkipped(page.unfit, redact), url, bytes };
  }

  /** A plain array answer, its items taken in like a page's (no refetch: a second look costs a request each). */
  private async getItems<S extends z.ZodTypeAny>(url: string, reader: ItemReader<S>, what: string, signal: AbortSignal | undefined, accept404: true): Promise<Intake<z.output<S>> | null>;
  private async getItems<S extends z.ZodTypeAny>(url: string, reader: ItemReader<S>, what: string, signal: AbortSignal | undefined, accept404: false): Promise<Intake<z.output<S>>>;
  private async getItems<S extends z.ZodTypeAny>(url: string, reader: ItemReader<S>, what: string, signal: AbortSignal | undefined, accept404: boolean): Promise<Intake<z.output<S>> | null> {
    const value = await this.getParsed(url, what, signal, accept404);
    if (value === NOT_FOUND) return null;
    const list = z.array(z.unknown()).safeParse(value);
    if (!list.success) throw new ContractError('invalid_response', `Malformed answer to ${what}: ${firstIssue(list.error, 'body')}`, list.error.issues);
    const intake = reader.takeAll(list.data, null);
    if (intake.skipped.length) this.log(`${what}: ${intake.skipped.length} item(s) without a usable identity skipped`);
    if (intake.unfit.length) this.log(`${what}: ${intake.unfit.length} value(s) did not fit their field (stored as null, kept as sent)`);
    return intake;
  }

  /** A single-object answer taken in like an item (null with a description when it has no usable identity; null on 404). */
  private async getItem<S extends z.ZodTypeAny>(url: string, reader: ItemReader<S>, what: string, signal?: AbortSignal): Promise<Taken<WithExtra<z.output<S>> | null>> {
    const value = await this.getParsed(url, what, signal, true);
    if (value === NOT_FOUND) return { value: null, skipped: [], unfit: [] };
    const r = reader.take(value, 0, null);
    if ('item' in r) return { value: r.item, skipped: [], unfit: r.unfit };
    this.log(`${what}: the answer has no usable identity (${r.skipped.field}: ${r.skipped.reason}); skipped`);
    return { value: null, skipped: [r.skipped], unfit: [] };
  }

  // ---- endpoints ------------------------------------------------------------------------------

  async listKeys(signal?: AbortSignal): Promise<ApiKey[]> {
    return (await this.getItems(this.url('/v1/api-keys/'), this.readers.apiKey, 'the key listing', signal, false)).items;
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
    return this.getPage(url, this.readers.project, 'projects', signal);
  }

  creditsPage(url: string, signal?: AbortSignal) {
    return this.getPage(url, this.readers.creditTransaction, 'credit transactions', signal);
  }

  /** A page of credit transactions read elsewhere (see getPageReadElsewhere; the cache's writer reads them with `readCreditsPage`). */
  creditsPageReadElsewhere<P extends PageReadElsewhere>(url: string, read: (body: Uint8Array, pageNo: number, what: string) => Promise<P | null>, signal?: AbortSignal) {
    return this.getPageReadElsewhere(url, 'credit transactions', read, signal);
  }

  legacyForensicsPage(url: string, signal?: AbortSignal) {
    return this.getPage(url, this.readers.legacyForensic, 'legacy forensics', signal);
  }

  /** One project; null on 404. */
  project(projectId: string, signal?: AbortSignal): Promise<Taken<WithExtra<Project> | null>> {
    return this.getItem(this.url(`/v1/projects/${encodeURIComponent(projectId)}`), this.readers.project, `project ${projectId}`, signal);
  }

  /** The latest feed: its counters strict, its entries taken in one by one. */
  async latestFeed(limit: number, signal?: AbortSignal): Promise<Taken<LatestForensicFeed>> {
    const what = 'the latest forensic feed';
    const body = this.validate(feedShell, await this.getParsed(this.url('/v1/forensics/v2/latest', { limit }), what, signal, false), what);
    const entries = this.readers.forensicEntry.takeAll(body.entries, null);
    return { value: { ...body, entries: entries.items }, skipped: entries.skipped, unfit: entries.unfit };
  }

  /** A project's forensic dossier (null on 404): entries taken in one by one, memo and stats read liberally. */
  async projectForensics(projectId: string, signal?: AbortSignal): Promise<Taken<ProjectForensics | null>> {
    const what = `forensics of ${projectId}`;
    const value = await this.getParsed(this.url(`/v1/forensics/v2/${encodeURIComponent(projectId)}`), what, signal, true);
    if (value === NOT_FOUND) return { value: null, skipped: [], unfit: [] };
    const body = this.validate(dossierShell, value, what);
    const entries = this.readers.forensicEntry.takeAll(body.entries, null);
    const memo = body.memo === null ? null : this.readers.memo.take(body.memo, 0, null);
    const stats = this.readers.stats.take(body.stats ?? {}, 0, null);
    const skipped = [...entries.skipped, ...(memo && 'skipped' in memo ? [memo.skipped] : []), ...('skipped' in stats ? [stats.skipped] : [])];
    const unfit = [...entries.unfit, ...(memo && 'unfit' in memo ? memo.unfit : []), ...('unfit' in stats ? stats.unfit : [])];
    return {
      value: {
        project_id: body.project_id,
        entries: entries.items,
        memo: memo && 'item' in memo ? memo.item : null,
        stats: 'item' in stats ? stats.item : { total_entries: entries.items.length, new_this_week: 0, last_scan_date: null, week_number: null, year: null },
      },
      skipped,
      unfit,
    };
  }

  forensicDiff(projectId: string, week: { week: number; year: number }, signal?: AbortSignal): Promise<ForensicDiff | null> {
    return this.getOrNull(this.url(`/v1/forensics/v2/${encodeURIComponent(projectId)}/diff`, week), forensicDiffSchema.nullable(), `the forensic diff of ${projectId}`, signal);
  }

  /** One slice of satellite metrics; `received` counts every item the server sent (skipped ones included). */
  async satellitePage(query: { has_boundary: boolean; limit: number; offset: number }, signal?: AbortSignal): Promise<Intake<SatelliteMetrics> & { received: number }> {
    const intake = await this.getItems(this.url('/v1/satellite/', query), this.readers.satelliteMetrics, `satellite metrics at offset ${query.offset}`, signal, false);
    return { ...intake, received: intake.items.length + intake.skipped.length };
  }

  boundary(projectId: string, signal?: AbortSignal): Promise<Boundary | null> {
    return this.getOrNull(this.url(`/v1/satellite/${encodeURIComponent(projectId)}/boundary`), boundarySchema, `the boundary of ${projectId}`, signal);
  }

  country(code: string, signal?: AbortSignal): Promise<Taken<WithExtra<CountryProfile> | null>> {
    return this.getItem(this.url(`/v1/countries/${encodeURIComponent(code)}`), this.readers.countryProfile, `country ${code}`, signal);
  }

  countryUpdates(code: string, limit: number, signal?: AbortSignal): Promise<Intake<CountryUpdate> | null> {
    return this.getItems(this.url(`/v1/countries/${encodeURIComponent(code)}/updates`, { limit }), this.readers.countryUpdate, `updates of country ${code}`, signal, true);
  }

  private async getOrNull<S extends z.ZodTypeAny>(url: string, schema: S, what: string, signal?: AbortSignal): Promise<z.output<S> | null> {
    const value = await this.getParsed(url, what, signal, true);
    if (value === NOT_FOUND) return null;
    return this.validate(schema, value, what);
  }
}

const NOT_FOUND = Symbol('not found');

/** How requests name the client (undici's request sends no User-Agent, and some front ends refuse a request without one). */
const USER_AGENT = `CarbonDesk/${APP_VERSION}`;

/** An answer's body left unread: its connection closed, the abort it raises swallowed. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** One header of an answer (a repeated one: its first value). */
function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A request's time limit joined with its caller's abort: one signal for the request, its timer
 * cleared when the answer has been read (a request ends long before its limit, and thousands are
 * sent in a sync). The caller's signal is joined with AbortSignal.any, which holds no listener on it
 * (two dozen requests in flight share a job's signal).
 */
class RequestDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  readonly signal: AbortSignal;
  timedOut = false;

  constructor(timeoutMs: number, outer: AbortSignal | undefined) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    this.signal = outer ? AbortSignal.any([outer, this.controller.signal]) : this.controller.signal;
  }

  end(): void {
    clearTimeout(this.timer);
  }
}

function errMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The part of the API root's path a link left out: `/api` for `/v1/…` under `/api/v1`, all of it for `/projects/…`. */
function missingPrefix(rootPath: string, linkPath: string): string {
  const segments = rootPath.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const tail = `/${segments.slice(i).join('/')}`;
    if (linkPath === tail || linkPath.startsWith(`${tail}/`)) return `/${segments.slice(0, i).join('/')}`.replace(/^\/$/, '');
  }
  return rootPath;
}
