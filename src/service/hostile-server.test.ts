/**
 * Answers of hostile or unusual servers, over real HTTP: huge and date-valued Retry-After, a bare
 * 403 for a wrong key, oversized answers streamed without end in sight.
 */
import http from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ServiceOptions } from './server';
import { testServices, type TestService } from './test-fixture';

const services = testServices();
const service = (options: ServiceOptions = {}): Promise<TestService> => services.start(options);
afterAll(() => services.stopAll());

describe('Retry-After', () => {
  it('says to wait the configured seconds on every 429, the real limit and bursts alike', async () => {
    const t = await service({ rateLimits: { pro: 2 }, faults: { retryAfterSeconds: 9_999_999_999 } });
    const key = t.service.keys.pro;
    await t.get('/v1/projects/types', key);
    await t.get('/v1/projects/types', key);
    const limited = await t.get('/v1/projects/types', key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9999999999');
    expect(limited.body).toMatchObject({ detail: { code: 'rate_limit_exceeded', retry_after: 9_999_999_999 } });
    const burst = await service({ faults: { burst429: 1, retryAfterSeconds: 3600 } });
    const r = await burst.get('/v1/projects/types');
    expect([r.status, r.headers.get('retry-after')]).toEqual([429, '3600']);
  });

  it('can write it as an HTTP date', async () => {
    // The service's clock, fixed: the date is 30 days after the moment it answers, to the second.
    const now = Date.UTC(2026, 5, 30, 12, 34, 56, 789);
    const t = await service({ faults: { burst429: 1, retryAfterSeconds: 30 * 86_400, retryAfterDate: true }, faultClock: () => now });
    const r = await t.get('/v1/projects/types');
    expect(r.status).toBe(429);
    const header = r.headers.get('retry-after')!;
    expect(header).toBe('Thu, 30 Jul 2026 12:34:56 GMT');
    expect(Date.parse(header)).toBe(Math.floor((now + 30 * 86_400_000) / 1000) * 1000);
  });
});

describe('--plain-403', () => {
  it('answers a missing or wrong key with a bare 403 without a code; a free key still gets upgrade_required', async () => {
    const t = await service({ faults: { plain403: true } });
    const k = t.service.keys;
    for (const key of [null, 'ccmd_live_doesnotexist', k.revoked, k.expired]) {
      const r = await t.get('/v1/projects/', key);
      expect(r.status, String(key)).toBe(403);
      expect(typeof (r.body as { detail: unknown }).detail).toBe('string');
      expect(JSON.stringify(r.body)).not.toContain('upgrade_required');
    }
    expect((await t.get('/v1/projects/', null)).body).toEqual({ detail: 'Missing API key. Please provide one in the X-API-KEY header.' });
    const free = await t.get('/v1/projects/', k.free);
    expect([free.status, (free.body as { detail: { code: string } }).detail.code]).toEqual([403, 'upgrade_required']);
    expect((await t.get('/v1/projects/?per_page=1')).status).toBe(200);
  });
});

/** Reads an answer's status and headers and counts body bytes, stopping once `limit` bytes arrived. */
function readCapped(url: string, key: string, limit: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; head: string; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'X-API-KEY': key } }, (res) => {
      let bytes = 0;
      let head = '';
      res.on('data', (chunk: Buffer) => {
        if (head.length < 200) head += chunk.subarray(0, 200).toString('utf8');
        bytes += chunk.length;
        if (bytes >= limit) {
          res.destroy();
          resolve({ status: res.statusCode!, headers: res.headers, bytes, head, complete: false });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes, head, complete: true }));
    });
    req.on('error', reject);
  });
}

describe('--oversize-response-mb', () => {
  it('streams successful answers of the chosen resources padded to the size, as valid JSON', async () => {
    const t = await service({ faults: { oversize: { megabytes: 3, resources: ['credits'] } } });
    const whole = await readCapped(`${t.service.baseUrl}/v1/credits/?per_page=2`, t.service.keys.pro, Number.POSITIVE_INFINITY);
    expect(whole.complete).toBe(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBeUndefined();
    expect(whole.bytes).toBe(3 * 1024 * 1024);
    const text = await (await fetch(`${t.service.baseUrl}/v1/credits/?per_page=2`, { headers: { 'X-API-KEY': t.service.keys.pro } })).text();
    const body = JSON.parse(text) as { data: unknown[]; x_padding: string };
    expect(body.data).toHaveLength(2);
    expect(body.x_padding.length).toBeGreaterThan(3_000_000);
    // Other resources and error answers are untouched.
    expect((await t.get('/v1/projects/?per_page=1')).status).toBe(200);
    expect((await t.get('/v1/credits/?per_page=0')).status).toBe(422);
  });

  it('keeps streaming only while the client reads: a client that stops early stops it', async () => {
    const t = await service({ faults: { oversize: { megabytes: 700 } } });
    // What the service writes of each answer, counted as it writes it (the service runs in this process).
    const written = new Map<http.ServerResponse, number>();
    const write = http.ServerResponse.prototype.write;
    vi.spyOn(http.ServerResponse.prototype, 'write').mockImplementation(function (this: http.ServerResponse, ...args: Parameters<typeof write>) {
      written.set(this, (written.get(this) ?? 0) + Buffer.byteLength(args[0] as string | Buffer));
      return write.apply(this, args);
    } as typeof write);
    try {
      const capped = await readCapped(`${t.service.baseUrl}/v1/projects/types`, t.service.keys.pro, 2 * 1024 * 1024);
      expect(capped.complete).toBe(false);
      expect(capped.head.startsWith('{')).toBe(true);
      const [padded] = [...written.keys()];
      if (!padded!.destroyed) await new Promise((resolve) => padded!.once('close', resolve));
      const sent = written.get(padded!)!;
      // It wrote about what the client read and the sockets hold, not the 700 MB (streamed as the socket
      // drains), and writes no more once the client has gone.
      expect(sent).toBeGreaterThanOrEqual(2 * 1024 * 1024);
      expect(sent).toBeLessThan(64 * 1024 * 1024);
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(written.get(padded!)).toBe(sent);
    } finally {
      vi.restoreAllMocks();
    }
    // The service is still answering (its errors are not padded).
    expect((await t.get('/v1/nothing-here')).status).toBe(404);
    expect((await readCapped(`${t.service.baseUrl}/v1/api-keys/`, t.service.keys.pro, 1024)).status).toBe(200);
  });
});
