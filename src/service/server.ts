/**
 * The reference service: node:http + find-my-way over its own SQLite database.
 * `startService()` opens (or generates) the market, mints the demo keys and listens;
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
import { today as todayUtc } from './calendar';
import { FaultInjector, type FaultOptions } from './faults';
import { generateMarket, marketSize, type MarketSize } from './generator';
import { HttpError, ValidationError } from './http/errors';
import { ROUTES } from './routes';
import type { RouteDef } from './routes/route';
import { MarketStore } from './store/market-store';
import { hasMarket, openDatabase, resetMarket, sealMarket } from './store/open-store';

export interface ServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Database file; reused when it holds a market of the same seed, scale and today. Default: a temporary file removed on stop. */
  dbPath?: string;
  /** Market size relative to the real market (default 1). */
  scale?: number;
  /** Generator and fault seed (default 1). */
  seed?: number;
  faults?: FaultOptions;
  /** Per-tier requests per minute for the keys minted by this run. */
  rateLimits?: Partial<RateLimits>;
}

export interface RunningService {
  baseUrl: string;
  port: number;
  keys: BootstrapKeys;
  dbPath: string;
  /** Generation time in ms (0 when an existing market was reused). */
  generationMs: number;
  size: MarketSize;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

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

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const scale = options.scale ?? 1;
  const seed = options.seed ?? 1;
  const host = options.host ?? '127.0.0.1';
  if (!(scale > 0)) throw new Error(`scale must be > 0, got ${scale}`);
  const tempDir = options.dbPath ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-service-'));
  const dbPath = options.dbPath ?? path.join(tempDir!, 'market.sqlite');
  const db = openDatabase(dbPath);

  const stamp = { seed, scale, today: todayUtc() };
  let generationMs = 0;
  if (!hasMarket(db, stamp)) {
    const t0 = performance.now();
    resetMarket(db);
    generateMarket(db, stamp);
    sealMarket(db, stamp);
    generationMs = Math.round(performance.now() - t0);
  }
  const market = new MarketStore(db);
  const keys = new KeyService(db, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  const bootstrap = keys.bootstrap();
  const faults = new FaultInjector(options.faults ?? {}, seed);

  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  for (const route of ROUTES) router.on(route.method, route.path, () => undefined, { route });

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
    try {
      const header = req.headers['x-api-key'];
      const caller = keys.authenticate(Array.isArray(header) ? header[0] : header);
      const rate = keys.admit(caller);
      headers['X-RateLimit-Limit'] = String(rate.limit);
      headers['X-RateLimit-Remaining'] = String(rate.remaining);
      const match = router.find(method as 'GET', url.pathname);
      const route = (match?.store as { route: RouteDef } | undefined)?.route;
      if (!match || !route) throw new HttpError(404, 'not_found', `No route for ${method} ${url.pathname}`);
      keys.recordUse(caller, `${route.method} ${route.path}`);
      if (faults.latencyMs()) await sleep(faults.latencyMs());
      const forced = faults.forcedError();
      if (forced) throw forced;
      const body = method === 'POST' ? await parseJsonBody(req) : undefined;
      const reply = route.handler({
        url, query: fromSearchParams(url.searchParams), params: match.params, body, market, keys, caller, today: todayUtc(),
      });
      const status = reply.status ?? 200;
      send(res, status, status < 300 ? faults.corrupt(reply.body) : reply.body, headers, reply.contentType, status < 300 && faults.truncate());
    } catch (error) {
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
  const flushTimer = setInterval(() => keys.flush(), 1000);
  flushTimer.unref();

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      clearInterval(flushTimer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      keys.flush();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  return { baseUrl: `http://${hostForUrl}:${port}`, port, keys: bootstrap, dbPath, generationMs, size: marketSize(scale), stop };
}
