/** A tiny scripted HTTP server on 127.0.0.1 for the client's unit tests (never used by the app). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}
export type FixtureHandler = (req: FixtureRequest, res: http.ServerResponse, n: number) => void;

export async function startFixtureServer(handler: FixtureHandler): Promise<{ url: string; requests: FixtureRequest[]; close: () => Promise<void> }> {
  const requests: FixtureRequest[] = [];
  const server = http.createServer((req, res) => {
    const r = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, at: Date.now() };
    requests.push(r);
    req.resume();
    req.on('end', () => handler(r, res, requests.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
