/**
 * The reference service: node:http + find-my-way over its own SQLite database.
 * `startService()` opens (or generates, or advances) the market, hands out the demo keys and listens;
 * `stop()` closes connections, flushes usage statistics and checkpoints the database.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import FindMyWay from 'find-my-way';
import { fromSearchParams } from '../shared/api/params';
import { KeyService, type BootstrapKeys } from './auth/key-service';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './auth/tiers';
import { today as clockToday } from './calendar';
import { FaultInjector, type FaultOptions } from './faults';
import { marketSize, type MarketSize } from './generator';
import { HttpError, ValidationError } from './http/errors';
import { pageEnvelope, type NextPageStyle } from './http/pagination';
import { parseWith } from './http/validation';
import { prepareMarket } from './market-lifecycle';
import { AnswerDecorator } from './messy/answer-decorator';
import { openApiDocument } from './openapi';
import { ROUTES } from './routes';
import { readsTransactions, RESOURCE_NAMES, type ResourceName } from './routes/resource-names';
import type { RouteContext, RouteDef } from './routes/route';
import { buildMissingCreditIndexes } from './store/credit-indexes';
import { MarketStore } from './store/market-store';
import { openDatabase } from './store/open-store';
import { Vocabulary, type VocabularyName } from './vocabulary';

export interface ServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Database file; its market is reused (and advanced) when it fits, see market-lifecycle.ts. Default: a temporary file removed on stop. */
  dbPath?: string;
  /** Market size relative to the real market (default 1). */
  scale?: number;
  /** Generator and fault seed (default 1). */
  seed?: number;
  faults?: FaultOptions;
  /** The clock fault answers read: a Retry-After written as a date (ms since the epoch; default Date.now). */
  faultClock?: () => number;
  /** Per-tier requests per minute of the demo keys (applied at every start). */
  rateLimits?: Partial<RateLimits>;
  /** A messy market: nulls, fractions, unknown values, extra fields, odd strings, items without identity. */
  messy?: boolean;
  /** The resources served (default: all); the others answer 404. */
  offer?: readonly ResourceName[];
  /** Path prefix of every route: `/v1` (default), `/api/v1`, `/` for the host root. */
  apiRoot?: string;
  nextPageStyle?: NextPageStyle;
  vocabulary?: VocabularyName;
  /** Serve the market advanced this many days past its base day (default: follow the clock). */
  advanceDays?: number;
  /**
   * false: serve no harmonized beneficiary names, as a registry that never harmonizes them (every
   * retirement names its beneficiary as written only; buyers are those names). Default true.
   */
  harmonizedNames?: boolean;
}

export interface RunningService {
  baseUrl: string;
  port: number;
  /** The API root routes are served under (`/v1`, `` for the host root). */
  apiRoot: string;
  keys: BootstrapKeys;
  dbPath: string;
  /** The market's today (base day + advanced days) and its base day. */
  today: string;
  baseDay: string;
  advancedDays: number;
  /** Whether this start generated the market (false: it reused the one in dbPath). */
  generated: boolean;
  /** Generation time in ms (0 when an existing market was reused). */
  generationMs: number;
  /** Time spent advancing the market at start (0 when nothing was added). */
  advanceMs: number;
  size: MarketSize;
  /** Settles once the credit transactions' indexes exist (a fresh market is served before; see store/credit-indexes.ts). */
  creditIndexesReady: Promise<void>;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

/** `/v1`, `api/v1/`, `/` → `/v1`, `/api/v1`, `` (no trailing slash; empty for the host root). */
export function normalizeApiRoot(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  const root = trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (!/^(\/[A-Za-z0-9._~-]+)*$/.test(root)) throw new Error(`invalid API root '${raw}'`);
  return root;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'payload_too_large', 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function parseJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') throw new ValidationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON text split around a padding string: inside the top-level object, or as a last array item. */
function paddedParts(text: string): [string, string] {
  if (text === '{}') return ['{"x_padding":"', '"}'];
  if (text.startsWith('{')) return [`${text.slice(0, -1)},"x_padding":"`, '"}'];
  if (text === '[]') return ['["', '"]'];
  if (text.startsWith('[')) return [`${text.slice(0, -1)},"`, '"]'];
  return [`{"value":${text},"x_padding":"`, '"}'];
}

/** Streams an answer padded to `bytes` (chunked, no Content-Length), chunk by chunk as the socket drains. */
async function sendPadded(res: http.ServerResponse, status: number, text: string, headers: Record<string, string>, contentType: string, bytes: number): Promise<void> {
  const [head, tail] = paddedParts(text);
  let remaining = Math.max(0, bytes - Buffer.byteLength(head) - tail.length);
  res.writeHead(status, { ...headers, 'Content-Type': `${contentType}; charset=utf-8` });
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  const write = (b: Buffer | string) => new Promise<void>((resolve) => {
    if (res.write(b)) resolve();
    else res.once('drain', resolve);
  });
  await write(head);
  while (remaining > 0 && !res.destroyed) {
    const n = Math.min(remaining, chunk.length);
    await write(n === chunk.length ? chunk : chunk.subarray(0, n));
    remaining -= n;
  }
  if (!res.destroyed) res.end(tail);
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const scale = options.scale ?? 1;
  const seed = options.seed ?? 1;
  const host = options.host ?? '127.0.0.1';
  const messy = options.messy ?? false;
  const apiRoot = normalizeApiRoot(options.apiRoot ?? '/v1');
  const nextPageStyle = options.nextPageStyle ?? 'relative';
  const offered = new Set<ResourceName>(options.offer ?? RESOURCE_NAMES);
  if (!(scale > 0)) throw new Error(`scale must be > 0, got ${scale}`);
  const tempDir = options.dbPath ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-service-'));
  const dbPath = options.dbPath ?? path.join(tempDir!, 'market.sqlite');
  const db = openDatabase(dbPath);

  const prepared = prepareMarket(db, { seed, scale, messy, clock: clockToday(), advanceDays: options.advanceDays });
  const today = prepared.today;
  // Every query names `credits` unqualified, so a view in the connection's temp schema (searched
  // first) serves them all without harmonized names; SQLite flattens it, the indexes still apply.
  if (options.harmonizedNames === false) {
    db.exec(`CREATE TEMP VIEW credits AS SELECT id, project_id, quantity, vintage, transaction_date, transaction_type, retirement_account,
      retirement_beneficiary, retirement_reason, retirement_note, NULL AS retirement_beneficiary_harmonized FROM main.credits`);
  }
  const market = new MarketStore(db);
  const keys = new KeyService(db, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  const bootstrap = keys.bootstrap();
  const faults = new FaultInjector(options.faults ?? {}, seed, options.faultClock);
  const vocabulary = new Vocabulary(options.vocabulary ?? 'standard', messy);
  const decorator = messy ? new AnswerDecorator(db, seed) : undefined;
  const creditIndexes = buildMissingCreditIndexes(db, dbPath, (line) => process.stderr.write(`${line}\n`));
  creditIndexes.ready.catch((error: unknown) => process.stderr.write(`building the credit indexes failed: ${String(error)}\n`));

  const routes = ROUTES.filter((r) => offered.has(r.resource));
  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  for (const route of routes) router.on(route.method, `${apiRoot}${route.path}`, () => undefined, { route });
  const openApiText = JSON.stringify(openApiDocument({ routes, apiRoot, vocabulary }));

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string>, contentType = 'application/json', truncate = false) => {
    const text = JSON.stringify(body) ?? 'null';
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, { ...headers, 'Content-Type': `${contentType}; charset=utf-8`, 'Content-Length': String(bytes.length) });
    if (truncate && bytes.length > 1) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
      return;
    }
    res.end(bytes);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://service.invalid');
    const headers: Record<string, string> = {};
    // Before every answer, as a far server's round trip (the API document and refusals too).
    if (faults.latencyMs()) await sleep(faults.latencyMs());
    // The OpenAPI document is public, on the host root, as FastAPI serves it.
    if (method === 'GET' && url.pathname === '/openapi.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(openApiText)) });
      res.end(openApiText);
      return;
    }
    try {
      const header = req.headers['x-api-key'];
      const caller = keys.authenticate(Array.isArray(header) ? header[0] : header);
      const rate = keys.admit(caller);
      headers['X-RateLimit-Limit'] = String(rate.limit);
      headers['X-RateLimit-Remaining'] = String(rate.remaining);
      const match = router.find(method as 'GET', url.pathname);
      const route = (match?.store as { route: RouteDef } | undefined)?.route;
      if (!match || !route) throw new HttpError(404, 'not_found', `No route for ${method} ${url.pathname}`);
      keys.recordUse(caller, `${route.method} ${apiRoot}${route.path}`);
      const forced = faults.forcedError();
      if (forced) throw forced;
      const body = route.body ? parseWith(route.body, await parseJsonBody(req), 'body') : undefined;
      const query = parseWith(vocabulary.query(route.query), fromSearchParams(url.searchParams), 'query');
      // A fresh market is served while its credit indexes are built: what needs them to read the transactions, and every write, waits.
      if (creditIndexes.building() && (method !== 'GET' || (readsTransactions(route.resource) && !route.answersWithoutIndexes?.(market, query)))) await creditIndexes.ready;
      const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
      const ctx: RouteContext = {
        url, params: match.params, body, market, keys, caller, today,
        page: (p, total, data) => pageEnvelope(url, p, total, data, { style: nextPageStyle, apiRoot, origin }),
      };
      const reply = route.handler(ctx, query);
      const status = reply.status ?? 200;
      if (status >= 300) {
        send(res, status, reply.body, headers, reply.contentType);
        return;
      }
      const answer = faults.corrupt(decorator ? decorator.decorate(route.shape, reply.body) : reply.body);
      const padTo = faults.oversizeBytes(route.resource);
      if (padTo > 0) await sendPadded(res, status, JSON.stringify(answer) ?? 'null', headers, reply.contentType ?? 'application/json', padTo);
      else send(res, status, answer, headers, reply.contentType, faults.truncate());
    } catch (caught) {
      const error = caught instanceof HttpError ? faults.rewrite(caught) : caught;
      if (error instanceof ValidationError) send(res, 422, error.body(), headers);
      else if (error instanceof HttpError) send(res, error.status, error.body(), { ...headers, ...error.headers });
      else {
        process.stderr.write(`service error on ${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}\n`);
        send(res, 500, { detail: { code: 'internal_error', message: 'Internal server error' } }, headers);
      }
    }
  };

  const server = http.createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // Usage statistics wait while the index thread holds the database's write lock.
  const flushTimer = setInterval(() => {
    if (!creditIndexes.building()) keys.flush();
  }, 1000);
  flushTimer.unref();

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      clearInterval(flushTimer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await creditIndexes.stop();
      keys.flush();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${hostForUrl}:${port}`, port, apiRoot, keys: bootstrap, dbPath, today, baseDay: prepared.base, advancedDays: prepared.advancedDays,
    generated: prepared.generated, generationMs: prepared.generationMs, advanceMs: prepared.advanceMs, size: marketSize(scale), creditIndexesReady: creditIndexes.ready, stop,
  };
}
