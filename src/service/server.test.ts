import { spawn } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySchema, apiKeyUsageSchema, errorBodySchema, validationErrorSchema } from '../shared/api';
import { LIVE_KEY_PREFIX } from '../shared/api/values';
import { startTestService, type TestService } from './test-fixture';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

const call = async (method: string, p: string, key: string | null, body?: unknown) => {
  const res = await fetch(`${t.service.baseUrl}${p}`, {
    method,
    headers: { ...(key ? { 'X-API-KEY': key } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
};
const code = (body: unknown) => (errorBodySchema.parse(body).detail as { code: string }).code;

describe('authentication', () => {
  it('answers 401 and 403 with the spec codes', async () => {
    const k = t.service.keys;
    for (const key of Object.values(k)) expect(key.startsWith(LIVE_KEY_PREFIX)).toBe(true);
    const cases: [string | null, number, string][] = [
      [null, 401, 'missing_api_key'],
      ['', 401, 'missing_api_key'],
      [`${LIVE_KEY_PREFIX}doesnotexist`, 401, 'invalid_api_key'],
      [k.revoked, 401, 'revoked_api_key'],
      [k.expired, 401, 'expired_api_key'],
      [k.free, 403, 'upgrade_required'],
    ];
    for (const [key, status, expected] of cases) {
      for (const p of ['/v1/projects/', '/v1/api-keys/', '/v1/countries/US']) {
        const r = await call('GET', p, key);
        expect([r.status, code(r.body)], `${expected} ${p}`).toEqual([status, expected]);
      }
    }
    expect((await call('GET', '/v1/projects/?per_page=1', k.enterprise)).status).toBe(200);
  });

  it('answers 404 with the error body for unknown routes', async () => {
    const r = await call('GET', '/v1/nothing-here', t.service.keys.pro);
    expect(r.status).toBe(404);
    expect(code(r.body)).toBe('not_found');
  });
});

describe('API keys', () => {
  it('creates, lists (prefix only), revokes and limits active keys to 5', async () => {
    const pro = t.service.keys.pro;
    const created = apiKeySchema.parse((await call('POST', '/v1/api-keys/', pro, { name: 'ci key' })).body);
    expect(created.key?.startsWith(LIVE_KEY_PREFIX)).toBe(true);
    expect(created.key!.startsWith(created.key_prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'ci key', tier: 'pro', status: 'active' });
    expect((await call('GET', '/v1/projects/?per_page=1', created.key!)).status).toBe(200);

    const listed = apiKeySchema.array().parse((await call('GET', '/v1/api-keys/', pro)).body);
    expect(listed.find((k) => k.id === created.id)).toMatchObject({ key_prefix: created.key_prefix, status: 'active' });
    expect(listed.every((k) => k.key === undefined)).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(created.key!);
    expect(listed.map((k) => k.status)).toEqual(expect.arrayContaining(['revoked', 'expired']));

    const revoked = apiKeySchema.parse((await call('DELETE', `/v1/api-keys/${created.id}`, pro)).body);
    expect(revoked.status).toBe('revoked');
    const after = await call('GET', '/v1/projects/', created.key!);
    expect([after.status, code(after.body)]).toEqual([401, 'revoked_api_key']);
    expect((await call('DELETE', '/v1/api-keys/key_unknown', pro)).status).toBe(404);

    // The demo pro account holds one active key: four more fit, the sixth is refused.
    const extra: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call('POST', '/v1/api-keys/', pro, { name: `extra ${i}` });
      expect(r.status).toBe(201);
      extra.push(apiKeySchema.parse(r.body).id);
    }
    const sixth = await call('POST', '/v1/api-keys/', pro, { name: 'one too many' });
    expect([sixth.status, code(sixth.body)]).toEqual([409, 'active_key_limit_reached']);
    await call('DELETE', `/v1/api-keys/${extra[0]}`, pro);
    expect((await call('POST', '/v1/api-keys/', pro, { name: 'fits again' })).status).toBe(201);

    // Another account's key is not visible.
    expect((await call('DELETE', `/v1/api-keys/${extra[1]}`, t.service.keys.enterprise)).status).toBe(404);
  });

  it('validates the create body', async () => {
    const pro = t.service.keys.enterprise;
    for (const body of [{ name: 'x'.repeat(101) }, {}, { name: 5 }, 'not json', '']) {
      const r = await call('POST', '/v1/api-keys/', pro, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      const detail = validationErrorSchema.parse(r.body).detail;
      expect(detail[0]!.loc[0]).toBe('body');
    }
    expect((await call('POST', '/v1/api-keys/', pro, { name: 'x'.repeat(100) })).status).toBe(201);
    expect((await call('POST', '/v1/api-keys/', t.service.keys.free, { name: 'free' })).status).toBe(403);
  });

  it('reports usage per key, day and endpoint', async () => {
    const key = t.service.keys.enterprise;
    const before = apiKeyUsageSchema.parse((await call('GET', '/v1/api-keys/usage', key)).body);
    await call('GET', '/v1/projects/types', key);
    await call('GET', '/v1/projects/types', key);
    const after = apiKeyUsageSchema.parse((await call('GET', '/v1/api-keys/usage', key)).body);
    expect(after.total_requests).toBe(before.total_requests + 3);
    const types = (u: typeof after) => u.by_endpoint.find((e) => e.endpoint === 'GET /v1/projects/types')?.requests ?? 0;
    expect(types(after)).toBe(types(before) + 2);
    expect(after.by_day.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.by_key.find((k) => k.key_prefix === key.slice(0, 16))!.requests).toBeGreaterThan(0);
  });
});

describe('demo keys', () => {
  it('are the same at every start on the same database; a revoked pro key is replaced; limits follow the flags', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-keys-'));
    const dbPath = path.join(dir, 'market.sqlite');
    try {
      const first = await startTestService({ dbPath, rateLimits: { pro: 100 } });
      const keys = first.service.keys;
      await first.stop();
      const second = await startTestService({ dbPath, rateLimits: { pro: 200 } });
      expect(second.service.keys).toEqual(keys);
      const listed = apiKeySchema.array().parse((await second.get('/v1/api-keys/')).body);
      expect(listed.map((k) => [k.name, k.status]).sort()).toEqual([['Demo expired key', 'expired'], ['Demo pro key', 'active'], ['Demo revoked key', 'revoked']]);
      expect(listed.find((k) => k.status === 'active')!.rate_limit_per_minute).toBe(200);
      const pro = listed.find((k) => k.status === 'active')!;
      expect((await call2(second, 'DELETE', `/v1/api-keys/${pro.id}`, keys.enterprise)).status).toBe(404);
      await second.stop();
      // The user revokes the demo pro key (from another key of the account): the next start mints a new one.
      const db = new Database(dbPath);
      db.prepare("UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?").run(pro.id);
      db.close();
      const third = await startTestService({ dbPath });
      expect(third.service.keys.pro).not.toBe(keys.pro);
      expect({ ...third.service.keys, pro: keys.pro }).toEqual(keys);
      expect((await third.get('/v1/projects/?per_page=1', keys.pro)).status).toBe(401);
      expect(apiKeySchema.array().parse((await third.get('/v1/api-keys/')).body).filter((k) => k.status === 'active')).toHaveLength(1);
      await third.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const call2 = async (svc: TestService, method: string, p: string, key: string) => {
  const res = await fetch(`${svc.service.baseUrl}${p}`, { method, headers: { 'X-API-KEY': key } });
  return { status: res.status };
};

describe('rate limits and faults', () => {
  it('answers 429 with Retry-After and the documented body once a key exceeds its allowance', async () => {
    const limited = await startTestService({ rateLimits: { pro: 3, enterprise: 1000 } });
    try {
      const key = limited.service.keys.pro;
      for (let i = 0; i < 3; i++) expect((await limited.get('/v1/projects/types', key)).status).toBe(200);
      const r = await limited.get('/v1/projects/types', key);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.body).toMatchObject({ detail: { code: 'rate_limit_exceeded', limit: 3 } });
      const keys = apiKeySchema.array().parse((await limited.get('/v1/api-keys/', limited.service.keys.enterprise)).body);
      expect(keys[0]!.rate_limit_per_minute).toBe(1000);
    } finally {
      await limited.stop();
    }
  });

  it('injects seeded faults: 429 bursts, 5xx, truncated bodies and invalid items', async () => {
    const faulty = await startTestService({ faults: { burst429: 3, errorRate: 0.3, truncateRate: 0.3, invalidItemRate: 0.5, latencyMs: 5 } });
    try {
      const statuses: number[] = [];
      let truncated = 0;
      let invalid = 0;
      for (let i = 0; i < 30; i++) {
        try {
          const res = await fetch(`${faulty.service.baseUrl}/v1/credits/?per_page=5`, { headers: { 'X-API-KEY': faulty.service.keys.pro } });
          statuses.push(res.status);
          const body = JSON.parse(await res.text()) as { data?: { id: unknown }[] };
          if (res.status === 200 && body.data!.some((c) => typeof c.id !== 'number')) invalid++;
          if (res.status === 429) expect(res.headers.get('retry-after')).toBe('1');
        } catch {
          truncated++;
        }
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
      expect(statuses.some((s) => s >= 500)).toBe(true);
      expect(truncated).toBeGreaterThan(0);
      expect(invalid).toBeGreaterThan(0);
      // Auth answers stay exact under faults.
      expect((await faulty.get('/v1/projects/', null)).status).toBe(401);
    } finally {
      await faulty.stop();
    }
  });
});

describe('CLI', () => {
  it('prints one ready line, serves, and stops cleanly on SIGTERM leaving a consistent database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-cli-'));
    const db = path.join(dir, 'market.sqlite');
    const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'index.ts'), '--scale', '0.005', '--seed', '3', '--db', db, '--port', '0', '--advance-days', '2'], {
      env: { ...process.env, CARBON_TODAY: '2026-06-30' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const ready = await new Promise<{ event: string; baseUrl: string; apiRoot: string; today: string; baseDay: string; advancedDays: number; keys: Record<string, string> }>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (stdout.includes('\n')) resolve(JSON.parse(stdout.split('\n')[0]!));
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    expect(ready.event).toBe('ready');
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(ready.keys).sort()).toEqual(['enterprise', 'expired', 'free', 'pro', 'revoked']);
    expect([ready.apiRoot, ready.baseDay, ready.today, ready.advancedDays]).toEqual(['/v1', '2026-06-30', '2026-07-02', 2]);
    expect(stderr).toMatch(/generated \d+ projects and \d+ credit transactions in \d+ ms/);
    const res = await fetch(`${ready.baseUrl}/v1/projects/?per_page=1`, { headers: { 'X-API-KEY': ready.keys.pro! } });
    expect(res.status).toBe(200);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const check = new Database(db, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((check.prepare('SELECT sum(requests) AS n FROM api_usage').get() as { n: number }).n).toBeGreaterThanOrEqual(1);
    check.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
