import type http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../shared/errors';
import { ApiClient } from './api-client';
import { createItemReaders } from './item-readers';
import { decodeBody, readPage } from './page-body';
import { RequestPacer } from './request-pacer';
import { sendJson, startFixtureServer, type FixtureHandler } from './fixture-server';

const KEY = 'ccmd_live_secretkeyvalue123';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});
async function serve(handler: FixtureHandler) {
  const s = await startFixtureServer(handler);
  closers.push(s.close);
  return s;
}
const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl, apiKey: KEY, backoffBaseMs: 5, timeoutMs: 2000, ...extra });

const credit = (id: number) => ({
  id, quantity: 10, vintage: 2020, transaction_date: '2021-01-02', transaction_type: 'retirement',
  projects: [{ project_id: 'VCS-1', category: 'forest', project_type: 'REDD+' }], sdg_goals: [], certifications: [],
});
const page = (n: number, total: number, next: string | null, items: unknown[]) => ({
  pagination: { total_entries: items.length * total, current_page: n, total_pages: total, next_page: next }, data: items,
});
const errorOf = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ContractError);
  return e as ContractError;
};

describe('ApiClient', () => {
  it('sends X-API-KEY and names itself, and parses a page with every item validated', async () => {
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 2, '/v1/credits/?current_page=2&per_page=2', [credit(1), credit(2)])));
    const c = client(s.url);
    const p = await c.creditsPage(c.url('/v1/credits/', { per_page: 2 }));
    expect(s.requests[0]!.headers['x-api-key']).toBe(KEY);
    // Some front ends (WAFs, CDNs) refuse a request without a User-Agent; undici's request sends none of its own.
    expect(s.requests[0]!.headers['user-agent']).toMatch(/^CarbonDesk\/\d+\.\d+\.\d+/);
    expect(p.data.map((d) => d.id)).toEqual([1, 2]);
    expect(p.data[0]!.retirement_note).toBeNull();
    expect(c.resolveNextPage(p.pagination.next_page!)).toBe(`${s.url}/v1/credits/?current_page=2&per_page=2`);
  });

  it.each(['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key'])('maps 401 %s and never echoes the key', async (code) => {
    const s = await serve((_r, res) => sendJson(res, 401, { detail: { code, message: `key ${KEY} is bad` } }));
    const e = await errorOf(client(s.url).listKeys());
    expect(e.code).toBe(code);
    expect(e.message).not.toContain(KEY);
    expect(e.message).toContain('[redacted]');
    expect(s.requests).toHaveLength(1);
  });

  it('maps 403 upgrade_required, 404 and FastAPI plain detail', async () => {
    const s = await serve((r, res) =>
      r.url.startsWith('/v1/api-keys') ? sendJson(res, 403, { detail: { code: 'upgrade_required', message: 'Upgrade' } }) : sendJson(res, 404, { detail: 'Not Found' }));
    expect((await errorOf(client(s.url).listKeys())).code).toBe('upgrade_required');
    expect((await client(s.url).project('VCS-9')).value).toBeNull();
    // A 404 on a collection root: the service does not offer the resource.
    expect((await errorOf(client(s.url).projectTypes())).code).toBe('not_offered');
  });

  it('maps 422 with its detail list', async () => {
    const detail = [{ loc: ['query', 'per_page'], msg: 'must be <= 200', type: 'value_error' }];
    const s = await serve((_r, res) => sendJson(res, 422, { detail }));
    const e = await errorOf(client(s.url).creditsPage(`${s.url}/v1/credits/?per_page=500`));
    expect(e.code).toBe('validation_error');
    expect(e.details).toEqual(detail);
    expect(e.message).toContain('query.per_page: must be <= 200');
  });

  it('honours 429 Retry-After: pauses every request of the key that long, then succeeds', async () => {
    const s = await serve((_r, res, n) =>
      n === 1 ? sendJson(res, 429, { detail: { code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '7' }) : sendJson(res, 200, { Top: ['a'] }));
    // The pause itself (every start held until it has passed) is the pacer's (request-pacer.test.ts):
    // here, what the client asks of it, and when.
    const pacer = new RequestPacer({ rateLimitPerMinute: null, concurrency: 4 });
    const pauses: Array<{ seconds: number; sentBefore: number }> = [];
    vi.spyOn(pacer, 'pauseFor').mockImplementation((seconds) => void pauses.push({ seconds, sentBefore: s.requests.length }));
    const c = client(s.url, { pacer });
    expect(await c.projectTypes()).toEqual({ Top: ['a'] });
    expect(pauses).toEqual([{ seconds: 7, sentBefore: 1 }]);
    expect(s.requests).toHaveLength(2);
    expect(c.stats.rateLimited).toBe(1);
    expect(c.stats.retries).toBe(0);
  });

  it('retries 5xx, resets and truncated bodies with backoff, then succeeds', async () => {
    const s = await serve((_r, res: http.ServerResponse, n) => {
      if (n === 1) return sendJson(res, 503, { detail: 'busy' });
      if (n === 2) return res.socket?.destroy();
      if (n === 3) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"Top": ["a"');
      }
      sendJson(res, 200, { Top: ['a'] });
    });
    const c = client(s.url);
    expect(await c.projectTypes()).toEqual({ Top: ['a'] });
    expect(s.requests).toHaveLength(4);
    expect(c.stats.retries).toBe(3);
  });

  it('retries a request that times out', async () => {
    const s = await serve((_r, res, n) => {
      if (n === 1) return void setTimeout(() => sendJson(res, 200, { Top: ['late'] }), 500);
      sendJson(res, 200, { Top: ['a'] });
    });
    const c = client(s.url, { timeoutMs: 150 });
    expect(await c.projectTypes()).toEqual({ Top: ['a'] });
    expect(c.stats.retries).toBe(1);
    const slow = await serve((_r, res) => void setTimeout(() => sendJson(res, 200, {}), 500));
    const e = await errorOf(client(slow.url, { timeoutMs: 100, maxRetries: 1 }).projectTypes());
    expect(e.code).toBe('timeout');
  });

  it('gives up on a persistent 5xx with server_error', async () => {
    const s = await serve((_r, res) => sendJson(res, 500, { detail: 'boom' }));
    const e = await errorOf(client(s.url, { maxRetries: 2 }).projectTypes());
    expect(e.code).toBe('server_error');
    expect(s.requests).toHaveLength(3);
  });

  it('keeps fractions, nulls and extra fields; sets an unreadable field aside; skips an item without identity', async () => {
    const odd = { ...credit(7), quantity: 'lots', serial_range: 'A-1..A-9' };
    const fractional = { ...credit(8), quantity: 147278.375, vintage: null, provenance: { file: 'x.csv' } };
    const anonymous = { ...credit(9), id: null };
    const s = await serve((_r, res) => sendJson(res, 200, page(3, 5, null, [credit(6), odd, fractional, anonymous])));
    const p = await client(s.url).creditsPage(`${s.url}/v1/credits/?current_page=3&per_page=4`);
    // Trouble seen twice the same way is the server's data: one confirmation fetch, no more.
    expect(s.requests).toHaveLength(2);
    expect(p.data.map((d) => d.id)).toEqual([6, 7, 8]);
    expect(p.data[0]!.extra).toBeNull();
    expect(p.data[1]!.quantity).toBeNull();
    expect(p.data[1]!.extra).toEqual({ quantity: 'lots', serial_range: 'A-1..A-9' });
    expect(p.data[2]!.quantity).toBe(147278.375);
    expect(p.data[2]!.extra).toEqual({ provenance: { file: 'x.csv' } });
    expect(p.skipped).toEqual([
      expect.objectContaining({ page: 3, position: 3, field: 'id', ref: null, excerpt: expect.stringContaining('"id":null') }),
    ]);
  });

  it('refetches a page whose trouble was a corrupted transfer and keeps the clean answer', async () => {
    let n = 0;
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 1, null, n++ === 0 ? [credit(1), { ...credit(2), id: { invalid: true } }] : [credit(1), credit(2)])));
    const p = await client(s.url).creditsPage(`${s.url}/v1/credits/?current_page=1`);
    expect(s.requests).toHaveLength(2);
    expect(p.data.map((d) => d.id)).toEqual([1, 2]);
    expect(p.skipped).toEqual([]);
  });

  it('refuses a malformed envelope at once (a deterministic bad page is not retried)', async () => {
    const s = await serve((_r, res) => sendJson(res, 200, { pagination: { current_page: 1 }, data: [] }));
    const e = await errorOf(client(s.url).creditsPage(`${s.url}/v1/credits/?current_page=1`));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toMatch(/Malformed page 1 of credit transactions: body\.pagination\.total_entries/);
    expect(s.requests).toHaveLength(1);
  });

  it('refuses a next_page on another origin without sending the key there', async () => {
    const foreign = await serve((_r, res) => sendJson(res, 200, page(2, 2, null, [])));
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 2, `${foreign.url}/v1/credits/?current_page=2`, [credit(1)])));
    const c = client(s.url);
    const p = await c.creditsPage(c.url('/v1/credits/'));
    const e = await errorOf(Promise.resolve().then(() => c.resolveNextPage(p.pagination.next_page!)));
    expect(e.code).toBe('foreign_next_page');
    const e2 = await errorOf(c.creditsPage(`${foreign.url}/v1/credits/?current_page=2`));
    expect(e2.code).toBe('foreign_next_page');
    expect(foreign.requests).toHaveLength(0);
  });

  it('resolves relative and absolute next_page links under a base path', () => {
    const c = client('http://127.0.0.1:9/api');
    expect(c.resolveNextPage('/v1/credits/?current_page=2')).toBe('http://127.0.0.1:9/api/v1/credits/?current_page=2');
    expect(c.resolveNextPage('http://127.0.0.1:9/api/v1/credits/?current_page=3')).toBe('http://127.0.0.1:9/api/v1/credits/?current_page=3');
    expect(() => c.resolveNextPage('https://127.0.0.1:9/api/v1/x')).toThrow(/Refused/);
  });

  it('reports an unreachable service as offline', async () => {
    const s = await serve((_r, res) => sendJson(res, 200, {}));
    const url = s.url;
    await s.close();
    const e = await errorOf(client(url, { maxRetries: 1 }).projectTypes());
    expect(e.code).toBe('offline');
  });
});

describe('the transport', () => {
  it('reads a body in pieces as one text: a character split between two chunks, a byte-order mark dropped', async () => {
    const body = Buffer.from('\ufeff{"Top": ["Forêt 🌳 ‘x’"]}', 'utf8');
    const split = body.indexOf(Buffer.from('🌳', 'utf8')) + 2;
    const s = await serve((_r, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(body.subarray(0, split));
      setTimeout(() => res.end(body.subarray(split)), 20);
    });
    expect(await client(s.url).projectTypes()).toEqual({ Top: ['Forêt 🌳 ‘x’'] });
  });

  it('retries a body cut off mid-stream, and a body that stalls past the time limit', async () => {
    const s = await serve((_r, res, n) => {
      if (n === 1) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
        res.write('{"Top": [');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      if (n === 2) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.write('{"Top": [');
      }
      sendJson(res, 200, { Top: ['a'] });
    });
    const c = client(s.url, { timeoutMs: 200 });
    expect(await c.projectTypes()).toEqual({ Top: ['a'] });
    expect(c.stats.retries).toBe(2);
    const stalled = await serve((_r, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{');
    });
    expect((await errorOf(client(stalled.url, { timeoutMs: 100, maxRetries: 1 }).projectTypes())).code).toBe('timeout');
  });

  it("refuses an answer over the byte cap, declared or streamed, at once; stops at its caller's abort", async () => {
    const big = JSON.stringify({ Top: ['x'.repeat(5000)] });
    // The slow answer is held until the test lets it go: the abort has to end the request before it.
    let slowArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const held: http.ServerResponse[] = [];
    const s = await serve((r, res) => {
      if (r.url.includes('declared')) return sendJson(res, 200, JSON.parse(big));
      if (r.url.includes('slow')) {
        held.push(res);
        return slowArrived();
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (let i = 0; i < big.length; i += 1000) res.write(big.slice(i, i + 1000));
      res.end();
    });
    const c = client(s.url, { maxResponseBytes: 4000 });
    for (const path of ['/declared', '/streamed']) {
      const e = await errorOf(c.request('GET', `${s.url}${path}`, { what: 'a big answer' }));
      expect(e.code).toBe('response_too_large');
    }
    expect(s.requests).toHaveLength(2);
    // A time limit far beyond the test's own: only the abort can end this request in time.
    const patient = client(s.url, { timeoutMs: 600_000 });
    const controller = new AbortController();
    const reason = new Error('the user cancelled');
    const slow = patient.request('GET', `${s.url}/slow`, { what: 'a slow answer', signal: controller.signal });
    await arrived;
    controller.abort(reason);
    await expect(slow).rejects.toBe(reason);
    // Refused with the caller's reason while its answer was still unsent, and not asked again.
    expect(held.map((res) => res.headersSent)).toEqual([false]);
    expect(s.requests).toHaveLength(3);
    expect(patient.stats.retries).toBe(0);
    for (const res of held) sendJson(res, 200, { Top: [] });
  });

  it("holds no listener per request on its caller's signal (a sync's two dozen requests in flight share one)", async () => {
    const s = await serve((_r, res) => void setTimeout(() => sendJson(res, 200, { Top: [] }), 30));
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const c = client(s.url, { concurrency: 30 });
      const shared = new AbortController().signal;
      await Promise.all(Array.from({ length: 30 }, (_, i) => c.request('GET', `${s.url}/v1/projects/types?n=${i}`, { what: 'types', signal: shared })));
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).toEqual([]);
  });

  it('does not follow a redirect (the key stays with the configured origin)', async () => {
    const elsewhere = await serve((_r, res) => sendJson(res, 200, { Top: ['elsewhere'] }));
    const s = await serve((_r, res) => {
      res.writeHead(302, { Location: `${elsewhere.url}/v1/projects/types` });
      res.end();
    });
    const e = await errorOf(client(s.url).projectTypes());
    expect(e.code).toBe('http_error');
    expect(e.message).toMatch(/redirected/);
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe('skipped items and the key', () => {
  it('never record the key a server echoes into an item, even cut short', async () => {
    // The key placed so that a 300-character excerpt would cut it after 14 characters.
    const base = { ...credit(5), id: null, note: '' };
    const valueStart = JSON.stringify(base).length - 2;
    const echo = { ...base, note: `${'x'.repeat(300 - 14 - valueStart)}${KEY}` };
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 1, null, [credit(4), echo])));
    const p = await client(s.url).creditsPage(`${s.url}/v1/credits/?current_page=1`);
    expect(p.skipped).toHaveLength(1);
    const text = JSON.stringify(p.skipped);
    expect(text).not.toContain(KEY.slice(0, 14));
    expect(text).not.toContain('secretkeyvalue');
  });
});

describe('pages read elsewhere (the cache writer reads the credit pages)', () => {
  /** A stand-in for the writer: the same reading of the bytes handed over, without the key. */
  const elsewhere = (bodies: Uint8Array[]) => async (body: Uint8Array, pageNo: number, what: string) => {
    bodies.push(body);
    const read = readPage(decodeBody(body), createItemReaders((t) => t, Infinity).creditTransaction, pageNo, what);
    return read && { pagination: read.pagination, count: read.items.length, skipped: read.skipped, unfit: read.unfit, trouble: read.trouble, ids: read.items.map((i) => i.id) };
  };

  it("hands the body over as bytes of their own and answers the page's facts", async () => {
    const served = page(2, 3, '/v1/credits/?current_page=3', [credit(1), credit(2)]);
    const s = await serve((_r, res) => sendJson(res, 200, served));
    const bodies: Uint8Array[] = [];
    const url = `${s.url}/v1/credits/?current_page=2`;
    const p = await client(s.url).creditsPageReadElsewhere(url, elsewhere(bodies));
    expect(p).toMatchObject({ count: 2, ids: [1, 2], skipped: [], url, bytes: Buffer.byteLength(JSON.stringify(served)), pagination: served.pagination });
    expect(bodies).toHaveLength(1);
    // The bytes own their buffer, so they can be moved to another thread rather than copied.
    expect(bodies[0]!.byteOffset).toBe(0);
    expect(bodies[0]!.byteLength).toBe(bodies[0]!.buffer.byteLength);
    expect(JSON.parse(decodeBody(bodies[0]!))).toEqual(served);
    // A body that came in several chunks, joined: its buffer is its own as well.
    const large = page(1, 1, null, Array.from({ length: 3000 }, (_, i) => credit(i + 1)));
    const l = await serve((_r, res) => sendJson(res, 200, large));
    await client(l.url).creditsPageReadElsewhere(`${l.url}/v1/credits/?current_page=1`, elsewhere(bodies));
    expect(bodies[1]!.byteLength).toBeGreaterThan(256 * 1024);
    expect(bodies[1]!.byteOffset).toBe(0);
    expect(bodies[1]!.byteLength).toBe(bodies[1]!.buffer.byteLength);
    expect(JSON.parse(decodeBody(bodies[1]!))).toEqual(large);
  });

  it('fetches a body cut off in transfer again, and a page with unreadable items once more', async () => {
    const s = await serve((_r, res, n) => {
      if (n === 1) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"pagination": {"total_entries": 2');
      }
      sendJson(res, 200, page(1, 1, null, n === 2 ? [credit(1), { ...credit(2), id: { invalid: true } }] : [credit(1), credit(2)]));
    });
    const c = client(s.url);
    const p = await c.creditsPageReadElsewhere(`${s.url}/v1/credits/?current_page=1`, elsewhere([]));
    expect(s.requests).toHaveLength(3);
    expect(c.stats.retries).toBe(2);
    expect(p).toMatchObject({ count: 2, ids: [1, 2], skipped: [], trouble: null });
  });

  it('keeps the trouble seen twice the same way, and refuses a malformed envelope at once', async () => {
    const s = await serve((r, res) =>
      sendJson(res, 200, r.url.includes('current_page=9') ? { pagination: { current_page: 9 }, data: [] } : page(1, 1, null, [credit(1), { ...credit(2), id: null }])));
    const c = client(s.url);
    const p = await c.creditsPageReadElsewhere(`${s.url}/v1/credits/?current_page=1`, elsewhere([]));
    expect(s.requests).toHaveLength(2);
    expect(p.count).toBe(1);
    expect(p.skipped).toEqual([expect.objectContaining({ page: 1, position: 1, field: 'id', ref: null })]);
    const e = await errorOf(c.creditsPageReadElsewhere(`${s.url}/v1/credits/?current_page=9`, elsewhere([])));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toMatch(/Malformed page 9 of credit transactions: body\.pagination\.total_entries/);
    expect(s.requests).toHaveLength(3);
  });

  it('describes a value that did not fit its field (stored as null, kept as sent), redacted and cut like a skipped item', async () => {
    const odd = { ...credit(7), quantity: `lots ${'y'.repeat(400)} ${KEY}` };
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 1, null, [credit(6), odd])));
    const p = await client(s.url).creditsPageReadElsewhere(`${s.url}/v1/credits/?current_page=1`, elsewhere([]));
    // Seen twice the same way: the server's data, kept.
    expect(s.requests).toHaveLength(2);
    expect(p).toMatchObject({ count: 2, ids: [6, 7], skipped: [] });
    expect(p.unfit).toEqual([{ page: 1, position: 1, ref: '7', field: 'quantity', reason: expect.stringMatching(/number/), excerpt: expect.stringMatching(/^"lots y+$/) }]);
    expect(p.unfit[0]!.excerpt).toHaveLength(300);
    const short = await serve((_r, res) => sendJson(res, 200, page(1, 1, null, [{ ...credit(8), vintage: `2019 ${KEY}` }])));
    const q = await client(short.url).creditsPageReadElsewhere(`${short.url}/v1/credits/?current_page=1`, elsewhere([]));
    expect(q.unfit).toEqual([expect.objectContaining({ ref: '8', field: 'vintage', excerpt: '"2019 [redacted]"' })]);
  });

  it('redacts the key a server echoes into a skipped item before cutting its excerpt', async () => {
    const base = { ...credit(5), id: null, note: '' };
    const valueStart = JSON.stringify(base).length - 2;
    const echo = { ...base, note: `${'x'.repeat(300 - 14 - valueStart)}${KEY}` };
    const s = await serve((_r, res) => sendJson(res, 200, page(1, 1, null, [credit(4), echo])));
    const bodies: Uint8Array[] = [];
    const p = await client(s.url).creditsPageReadElsewhere(`${s.url}/v1/credits/?current_page=1`, elsewhere(bodies));
    expect(p.skipped).toHaveLength(1);
    expect(p.skipped[0]!.excerpt.length).toBeLessThanOrEqual(300);
    const text = JSON.stringify(p.skipped);
    expect(text).not.toContain(KEY.slice(0, 14));
    expect(text).not.toContain('secretkeyvalue');
    expect(text).toContain('[redacted]');
  });
});
