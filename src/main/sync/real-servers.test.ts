/**
 * Servers that are not our reference service's defaults: a partial server (`--offer`), other API
 * roots with next_page links that lose the prefix, a plain 403 for a bad key, a Retry-After far out,
 * an oversized answer. Each synced with the app's engine against the reference service's fault modes.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startSyncedService } from '../testing/synced-service';
import { countRows, startTestService, tempDir, testEngine, type TestEngine, type TestService } from './test-support';

const FAST = ['--rate-limit-pro', '100000', '--rate-limit-enterprise', '100000'];
const dirs: string[] = [];
const engines: TestEngine[] = [];
const services: TestService[] = [];
afterAll(async () => {
  for (const e of engines.splice(0)) await e.close();
  for (const s of services.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function service(flags: string[]): Promise<TestService> {
  const s = await startTestService([...FAST, ...flags]);
  services.push(s);
  return s;
}
function engine(s: { baseUrl: string; apiKey: string }, baseUrl = s.baseUrl, key = s.apiKey, options = {}): TestEngine {
  const d = tempDir('real');
  dirs.push(d);
  const e = testEngine(baseUrl, key, d, options);
  engines.push(e);
  return e;
}
const count = countRows;
async function totalOf(url: string, key: string): Promise<number> {
  const res = await fetch(url, { headers: { 'X-API-KEY': key } });
  return ((await res.json()) as { pagination: { total_entries: number } }).pagination.total_entries;
}

describe('a server that offers less', () => {
  it('syncs what it offers; the rest ends "unsupported" (not failed, with the date it was learnt), the sync done', async () => {
    const s = await service(['--offer', 'projects,credits']);
    const t = engine(s);
    t.engine.start();
    const status = await t.engine.whenDone();
    expect(status.state).toBe('done');
    const states = Object.fromEntries(status.jobs.map((j) => [j.job, j.state]));
    expect(states).toMatchObject({ projects: 'done', credits: 'done', satellite: 'unsupported', forensicsLatest: 'unsupported', forensicsLegacy: 'unsupported', countries: 'unsupported', keyInfo: 'unsupported' });
    expect(status.lastError).toBeNull();
    expect(count(t.file, 'credit_transactions')).toBe(await totalOf(`${s.baseUrl}/v1/credits/?per_page=1`, s.apiKey));
    // Computed from cached credits: still there.
    const buyers = await t.cache.call('query:buyers.list', { per_page: 5 } as never);
    expect((buyers as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const checkpoints = await t.cache.call('sync:checkpoints');
    const satellite = checkpoints.find((c) => c.job === 'satellite')!;
    expect(satellite.state).toBe('unsupported');
    expect(satellite.last_error).toMatchObject({ code: 'not_offered', at: expect.any(String) });
  }, 120_000);
  it('the CLI sync of a partial server exits 0 and names what the service does not offer', async () => {
    // startSyncedService runs the CLI sync and throws on any exit code but 0.
    const synced = await startSyncedService({ scale: 0.01, seed: 7, today: '2026-06-30', tier: 'pro', dataDirPrefix: 'carbon-partial-', serviceArgs: ['--offer', 'projects,credits'] });
    try {
      expect(synced.summary.state).toBe('done');
      expect(synced.summary.notOffered).toEqual(expect.arrayContaining(['keyInfo', 'projectTypes', 'forensicsLatest', 'countries', 'satellite', 'forensicsLegacy']));
      expect(synced.summary.notOffered).not.toContain('credits');
    } finally {
      await synced.stop();
    }
  }, 120_000);
});

describe('other API roots', () => {
  it.each([
    ['the host root, next_page absolute', ['--api-root', '/', '--next-page-style', 'absolute']],
    ['/api/v1, next_page without the prefix', ['--api-root', '/api/v1', '--next-page-style', 'prefixless']],
  ])('syncs completely when the service is served at %s (base URL = the host)', async (_name, flags) => {
    const s = await service(flags);
    const t = engine(s);
    t.engine.start({ jobs: ['projects', 'credits'] });
    const status = await t.engine.whenDone();
    expect(status.state).toBe('done');
    const root = t.client.profile.apiRoot;
    expect(root).toBe(`${s.baseUrl}${flags[1] === '/' ? '' : flags[1]}`);
    expect(count(t.file, 'projects')).toBe(await totalOf(`${root}/projects/?per_page=1`, s.apiKey));
    expect(count(t.file, 'credit_transactions')).toBe(await totalOf(`${root}/credits/?per_page=1`, s.apiKey));
    expect(status.jobs.find((j) => j.job === 'credits')!.pages).toBeGreaterThan(1);
  }, 120_000);
});

describe('hostile answers', () => {
  it('reports a bad key answered with a plain 403 as a key problem, with the server\'s own words', async () => {
    const s = await service(['--plain-403']);
    const t = engine(s, s.baseUrl, 'ccmd_live_notarealkey00000000');
    t.engine.start({ jobs: ['projects'] });
    const status = await t.engine.whenDone();
    expect(status.state).toBe('failed');
    expect(status.lastError?.code).toBe('invalid_api_key');
    expect(status.lastError?.message).toMatch(/refused the API key: Bad API key/);
    expect(status.lastError?.message).not.toMatch(/Pro or Enterprise/);
  }, 60_000);

  it('stops at a Retry-After far out ("rate limited until …") instead of waiting or spinning', async () => {
    const s = await service(['--burst-429', '3', '--retry-after-seconds', '9999999999']);
    const t = engine(s);
    // A client that waited out the Retry-After would never end: the test's time limit would fail it.
    t.engine.start({ jobs: ['projects', 'credits'] });
    const status = await t.engine.whenDone();
    expect(status.state).toBe('failed');
    expect(status.lastError?.code).toBe('rate_limited_until');
    // Both jobs read ahead, so a request or two already in flight may meet their own 429; none is retried,
    // and nothing is asked after the stop.
    expect(t.client.stats.rateLimited).toBeGreaterThanOrEqual(1);
    expect(t.client.stats.retries).toBe(0);
    const asked = t.client.stats.requests;
    expect(asked).toBeLessThan(20);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(t.client.stats.requests).toBe(asked);
  }, 60_000);

  it('refuses an oversized answer once, without buffering it or retrying', async () => {
    const s = await service(['--oversize-response-mb', '8:credits']);
    const t = engine(s, s.baseUrl, s.apiKey, { maxResponseBytes: 2 * 1024 * 1024 });
    t.engine.start({ jobs: ['projects', 'credits'] });
    const status = await t.engine.whenDone();
    const credits = status.jobs.find((j) => j.job === 'credits')!;
    expect(status.jobs.find((j) => j.job === 'projects')!.state).toBe('done');
    expect(credits.state).toBe('failed');
    expect(credits.lastError?.code).toBe('response_too_large');
    expect(t.client.stats.retries).toBe(0);
  }, 60_000);
});
