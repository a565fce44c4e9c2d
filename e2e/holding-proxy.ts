/**
 * A loopback HTTP proxy in front of a spec's service that can hold requests back: once `holdAfter`
 * has let its number of matching requests through, the next ones wait until `release()`. A sync
 * that needs a held answer stays under way for as long as the spec looks at the app, however fast
 * or slow the machine is.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  /** The service's base URL through the proxy. */
  url: string;
  /** Requests forwarded so far whose path matches (all of them without `matches`). */
  forwarded(matches?: (path: string) => boolean): number;
  /** Requests waiting for release(). */
  holding(): number;
  /** Lets `n` more requests whose path matches through, then holds each further one until release(). */
  holdAfter(n: number, matches: (path: string) => boolean): void;
  /** Forwards every held request and holds none from now on. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  const paths: string[] = [];
  let hold: { passes: number; matches: (path: string) => boolean } | null = null;
  let held: Array<() => void> = [];

  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // A held request whose client gave up (its time limit ran out) is not sent on.
    if (res.destroyed || req.socket.destroyed) return;
    paths.push(req.url ?? '/');
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    const path = req.url ?? '/';
    if (hold && hold.matches(path)) {
      if (hold.passes > 0) hold.passes--;
      else return void held.push(() => forward(req, res));
    }
    forward(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/+$/, '')}`,
    forwarded: (matches = () => true) => paths.filter(matches).length,
    holding: () => held.length,
    holdAfter(n, matches) {
      hold = { passes: n, matches };
    },
    release() {
      hold = null;
      const due = held;
      held = [];
      for (const go of due) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
