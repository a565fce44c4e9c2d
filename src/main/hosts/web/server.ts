/**
 * The web host: the built renderer and the contract's methods over HTTP on 127.0.0.1 only.
 *   GET  /, /assets/*          the renderer (no secrets in it)
 *   POST /rpc/<method>         JSON input -> 200 {result} | 200 {error:{code,message,...}}; Bearer token;
 *                              refusals before a method runs (token, Host, Origin, body) use 4xx
 *   GET  /events?token=...     server-sent events: the contract's typed events
 *   GET  /download/:exportId   a finished export, once (then its file is deleted)
 *   GET  /?token=...           exchanges the launch token for the session cookie and redirects
 *                              to the same address without the token
 * Every request: Host must be this loopback server, Origin (when sent) this server's own. Method calls,
 * events and downloads need the launch token or the session cookie.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import findMyWay from 'find-my-way';
import fs from 'node:fs';
import { EVENT_NAMES } from '../../../shared/contract';
import type { AppContext } from '../../app-context';
import { DOWNLOAD_ROUTE, downloadsFolder, serveExportDownload } from '../../export/export-downloads';
import { dispatch, isMethodName, toContractError } from '../../rpc';
import { bearerToken, checkHost, checkOrigin, checkSession, cookieValue, sessionCookie, sessionCookieName, tokensEqual, type Refusal, WEB_CSP } from './security';
import { resolveStatic, sendStatic } from './static-files';

export interface WebHostOptions {
  ctx: AppContext;
  port?: number;
  /** Folder of the built renderer (index.html + assets). */
  rendererDir: string;
  token?: string;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  server: http.Server;
  close(): Promise<void>;
}

/** A GET route behind the session check: it gets the checked request. */
type SessionRoute = (req: IncomingMessage, res: ServerResponse, params: Record<string, string | undefined>) => void | Promise<void>;

const MAX_BODY = 1024 * 1024;
/** Methods that take a file's bytes (base64 of at most 50 MB, with room for the JSON around it). */
const FILE_BODY_METHODS: Record<string, number> = { 'portfolios.import': 70 * 1024 * 1024 };
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function refuse(res: ServerResponse, r: Refusal): void {
  sendJson(res, r.status, { error: { code: r.code, message: r.message } });
}

/**
 * The request body, up to `limit` bytes. A larger one is refused with 413: the rest is read and dropped
 * (not kept) so the answer reaches the client instead of a connection reset, and the connection is
 * closed after the answer.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let refused = false;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (refused) return;
      size += c.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(Object.assign(new Error('Request body too large'), { status: 413 }));
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { ctx } = options;
  const token = options.token ?? randomBytes(24).toString('base64url');
  const session = randomBytes(24).toString('base64url');
  /** The token (Bearer or ?token=) or the session cookie, else the refusal. */
  const sessionRefusal = (req: IncomingMessage): Refusal | null => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    return checkSession(
      { bearer: bearerToken(req.headers.authorization), queryToken: url.searchParams.get('token'), cookie: cookieValue(req.headers.cookie, sessionCookieName(port)) },
      { token, session },
    );
  };
  const rendererDir = path.resolve(options.rendererDir);
  let port = 0;
  const router = findMyWay({
    ignoreTrailingSlash: true,
    defaultRoute: (_req, res) => refuse(res, { status: 404, code: 'not_found', message: 'No such route' }),
  });

  router.on('POST', '/rpc/:method', async (req, res, params) => {
    const refusal = sessionRefusal(req);
    if (refusal) return refuse(res, refusal);
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, { status: 415, code: 'bad_content_type', message: 'Method calls take application/json' });
    }
    const name = params.method ?? '';
    if (!isMethodName(name)) return refuse(res, { status: 404, code: 'unknown_method', message: `No method '${name}'` });
    let input: unknown;
    const limit = FILE_BODY_METHODS[name] ?? MAX_BODY;
    try {
      const text = await readBody(req, limit);
      input = text.trim() === '' ? {} : JSON.parse(text);
    } catch (err) {
      const status = (err as { status?: number }).status ?? 400;
      if (status === 413) res.setHeader('Connection', 'close');
      return refuse(res, { status, code: 'invalid_input', message: status === 413 ? `Request body too large (at most ${limit / 1048576} MB)` : 'Body is not valid JSON' });
    }
    try {
      const result = await dispatch(name, input, ctx);
      sendJson(res, 200, { result: result === undefined ? null : result });
    } catch (err) {
      // A method's own failure (not found, invalid input, a refused API key) is an answer, not a
      // transport failure: 200 with {error}, so the browser does not log every empty lookup.
      sendJson(res, 200, { error: toContractError(err).toBody() });
    }
  });

  router.on('GET', '/events', (req, res) => {
    const refusal = sessionRefusal(req);
    if (refusal) return refuse(res, refusal);
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    const offs = EVENT_NAMES.map((event) =>
      ctx.events.on(event, (payload) => res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`)),
    );
    const ping = setInterval(() => res.write(': ping\n\n'), 15000);
    req.on('close', () => {
      clearInterval(ping);
      offs.forEach((off) => off());
    });
  });

  const sessionRoutes: Array<[string, SessionRoute]> = [[DOWNLOAD_ROUTE, serveExportDownload(ctx.exports)]];
  for (const [routePath, handler] of sessionRoutes) {
    router.on('GET', routePath, (req, res, params) => {
      const refusal = sessionRefusal(req);
      if (refusal) return refuse(res, refusal);
      return handler(req, res, params);
    });
  }
  // Finished exports wait in the data folder until they are downloaded; none outlives the host.
  const downloads = downloadsFolder(ctx.dataDir);
  fs.rmSync(downloads, { recursive: true, force: true });

  const server = http.createServer((req, res) => {
    const hostRefusal = checkHost(req.headers.host, port) ?? checkOrigin(req.headers.origin, port);
    if (hostRefusal) return refuse(res, hostRefusal);
    const url = req.url ?? '/';
    if (req.method === 'GET' && !url.startsWith('/rpc/') && !url.startsWith('/events') && router.find('GET', url.split('?')[0]!) === null) {
      // The printed address: its token becomes the session cookie, and the token leaves the address bar.
      const page = new URL(url, 'http://127.0.0.1');
      if (page.searchParams.has('token') && tokensEqual(page.searchParams.get('token'), token)) {
        page.searchParams.delete('token');
        res.writeHead(303, { ...SECURITY_HEADERS, 'Set-Cookie': sessionCookie(port, session), Location: `${page.pathname}${page.search}`, 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      const file = resolveStatic(rendererDir, url);
      if (!file) return refuse(res, { status: 404, code: 'not_found', message: 'No such file' });
      return sendStatic(res, file, { ...SECURITY_HEADERS, 'Content-Security-Policy': WEB_CSP });
    }
    router.lookup(req, res);
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/?token=${token}`;

  return {
    url,
    port,
    token,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(downloads, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
