import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, createAppContext } from '../../app-context';
import { startWebHost, type WebHost } from './server';
import { webHostPorts } from './web-ports';

/** A raw request, so Host and Origin can be anything (fetch would not let us set Host). */
function request(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

describe('web host', () => {
  let dir: string;
  let ctx: AppContext;
  let host: WebHost;
  let hostHeader: string;
  const addBody = JSON.stringify({ name: 'Intruder', baseUrl: 'http://127.0.0.1:9/', apiKey: 'ccmd_live_abcdefgh' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-web-'));
    const renderer = path.join(dir, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer');
    ctx = createAppContext({ dataDir: path.join(dir, 'data'), ports: webHostPorts(path.join(dir, 'data')) });
    host = await startWebHost({ ctx, port: 0, rendererDir: renderer });
    hostHeader = `127.0.0.1:${host.port}`;
  });
  afterAll(async () => {
    await host.close();
    await ctx.dispose();
  });

  const call = (headers: Record<string, string>, body = addBody, method = 'connections.add') =>
    request(host.port, { method: 'POST', path: `/rpc/${method}`, headers: { Host: hostHeader, 'Content-Type': 'application/json', ...headers }, body });
  const connectionNames = () => ctx.connections.list().map((c) => c.name);

  it('prints a loopback URL carrying a random token', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{24,}$`));
    expect(host.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('runs a method with the right token', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}` }, '{}', 'app.info');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).result).toMatchObject({ host: 'web', name: 'Carbon Desk' });
  });

  it('refuses a call without a token, and runs nothing', async () => {
    const res = await call({});
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('missing_token');
    expect(connectionNames()).not.toContain('Intruder');
  });

  it('refuses a wrong token, and runs nothing', async () => {
    // Its last character changed (a token may end in any character: "xx" put in its place was once the token itself).
    const wrong = `${host.token.slice(0, -1)}${host.token.endsWith('x') ? 'y' : 'x'}`;
    const res = await call({ Authorization: `Bearer ${wrong}` });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('bad_token');
    expect(connectionNames()).not.toContain('Intruder');
  });

  it('refuses a foreign Host header (DNS rebinding), and runs nothing', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}`, Host: `evil.example:${host.port}` });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body).error.code).toBe('bad_host');
    expect(connectionNames()).not.toContain('Intruder');
  });

  it('refuses a foreign Origin (cross-site request), and runs nothing', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}`, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe('bad_origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(connectionNames()).not.toContain('Intruder');
  });

  it('refuses a form-style body (no preflight), and runs nothing', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}`, 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(connectionNames()).not.toContain('Intruder');
  });

  it('exchanges the printed token for an HttpOnly, SameSite=Strict session cookie that then lets calls in', async () => {
    const opened = await request(host.port, { path: `/?token=${host.token}`, headers: { Host: hostHeader } });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
    const setCookie = opened.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(new RegExp(`^carbon_desk_session_${host.port}=[A-Za-z0-9_-]{24,}; HttpOnly; SameSite=Strict; Path=/$`));
    expect(setCookie).not.toContain(host.token);
    const cookie = setCookie.split(';')[0]!;
    // A pasted link in a new tab: the cookie alone.
    const withCookie = await call({ Cookie: cookie }, '{}', 'app.info');
    expect(withCookie.status).toBe(200);
    expect(JSON.parse(withCookie.body).result.host).toBe('web');
    // A wrong cookie, or none, runs nothing; the Host and Origin checks still apply with the cookie.
    expect((await call({ Cookie: `${cookie.split('=')[0]}=forged` }, addBody, 'connections.add')).status).toBe(401);
    expect((await call({}, addBody, 'connections.add')).status).toBe(401);
    expect((await call({ Cookie: cookie, Origin: 'http://evil.example' }, addBody, 'connections.add')).status).toBe(403);
    expect((await request(host.port, { method: 'POST', path: '/rpc/app.info', headers: { Host: 'evil.example', Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(421);
    // A wrong token in the address is not exchanged.
    const wrong = await request(host.port, { path: '/?token=nope', headers: { Host: hostHeader } });
    expect(wrong.status).toBe(200);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the event stream without the token', async () => {
    const res = await request(host.port, { path: '/events', headers: { Host: hostHeader } });
    expect(res.status).toBe(401);
  });

  it('answers input the contract rejects with its invalid_input error and the zod detail', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}` }, JSON.stringify({ id: 5 }), 'connections.select');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/id/);
  });

  it('answers an oversized body with 413 and its error, not a connection reset', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) });
    const res = await fetch(`http://${hostHeader}/rpc/keys.create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'invalid_input', message: expect.stringMatching(/too large/) } });
  });

  it('answers an unknown method with 404 and a bad JSON body with 400', async () => {
    expect((await call({ Authorization: `Bearer ${host.token}` }, '{}', 'nope.nothing')).status).toBe(404);
    expect((await call({ Authorization: `Bearer ${host.token}` }, '{not json', 'app.info')).status).toBe(400);
  });

  it('serves the renderer with a strict CSP and never a file outside it', async () => {
    const index = await request(host.port, { path: '/', headers: { Host: hostHeader } });
    expect(index.status).toBe(200);
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00']) {
      const res = await request(host.port, { path: p, headers: { Host: hostHeader } });
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain('outside the renderer');
    }
  });

  it('accepts localhost as well as 127.0.0.1', async () => {
    const res = await call({ Authorization: `Bearer ${host.token}`, Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}` }, '{}', 'app.info');
    expect(res.status).toBe(200);
  });
});
