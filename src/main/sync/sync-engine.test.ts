/** The sync engine against the reference service (a child process on loopback, scale 0.01). */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOBS, type SyncStatus } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { sendJson, startFixtureServer } from '../api/fixture-server';
import { cacheChecksums } from './cache-checksum';
import { countRows, startTestService, tempDir, testEngine, type TestEngine, type TestService } from './test-support';

const FAST = ['--rate-limit-pro', '100000', '--rate-limit-enterprise', '100000'];
const dirs: string[] = [];
const engines: TestEngine[] = [];
const services: TestService[] = [];
let service: TestService;
let clean: TestEngine;

const dir = () => {
  const d = tempDir('sync');
  dirs.push(d);
  return d;
};
const engineFor = (s: TestService, key = s.apiKey, options = {}) => {
  const e = testEngine(s.baseUrl, key, dir(), options);
  engines.push(e);
  return e;
};
async function total(s: TestService, path: string): Promise<number> {
  const res = await fetch(`${s.baseUrl}${path}`, { headers: { 'X-API-KEY': s.apiKey } });
  const body = (await res.json()) as { pagination?: { total_entries: number } } | unknown[];
  return Array.isArray(body) ? body.length : body.pagination!.total_entries;
}
const count = countRows;

beforeAll(async () => {
  service = await startTestService(FAST);
  services.push(service);
  clean = engineFor(service);
  clean.engine.start();
  await clean.engine.whenDone();
}, 90_000);

afterAll(async () => {
  for (const e of engines.splice(0)) await e.close();
  for (const s of services.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('sync engine (reference service)', () => {
  it('caches every resource with the service totals and reports progress', async () => {
    const status = clean.engine.status();
    expect(status.lastError).toBeNull();
    expect(status.state).toBe('done');
    expect(count(clean.file, 'projects')).toBe(await total(service, '/v1/projects/?per_page=1'));
    expect(count(clean.file, 'credit_transactions')).toBe(await total(service, '/v1/credits/?per_page=1'));
    expect(count(clean.file, 'legacy_forensics')).toBe(await total(service, '/v1/forensics/?per_page=1'));
    expect(count(clean.file, 'satellite_metrics')).toBe(await total(service, '/v1/satellite/?has_boundary=false&limit=1000'));
    expect(count(clean.file, 'country_profiles')).toBeGreaterThan(0);
    expect(count(clean.file, 'project_types')).toBeGreaterThan(0);
    expect(count(clean.file, 'forensic_latest_entries')).toBeGreaterThan(0);
    const credits = status.jobs.find((j) => j.job === 'credits')!;
    expect(credits).toMatchObject({ state: 'done', totalPages: credits.pages });
    expect(credits.lastSuccessAt).not.toBeNull();
    expect(clean.events.some((e) => e.jobs.some((j) => j.job === 'credits' && j.state === 'running' && j.rows > 0))).toBe(true);
    expect(cacheChecksums(clean.file).integrity).toBe('ok');
    // every status is newer than the one before, so a reader can drop one that arrives late
    const revisions = clean.events.map((e) => e.revision);
    expect(revisions.every((r, i) => i === 0 || r > revisions[i - 1]!)).toBe(true);
    expect(status.revision).toBeGreaterThan(revisions.at(-1)!);
  });

  it('runs one job at a time, each in its priority order, to its end (none is started early)', () => {
    const running = clean.events.map((e) => e.jobs.filter((j) => j.state === 'running').map((j) => j.job));
    expect(running.every((jobs) => jobs.length <= 1)).toBe(true);
    // The order the jobs ran in, each once: the priority order.
    const order = running.flat().filter((job, i, all) => i === 0 || all[i - 1] !== job);
    expect(order).toEqual(SYNC_JOBS.filter((job) => order.includes(job)));
    expect(new Set(order).size).toBe(order.length);
    // Once begun, a job is never queued again.
    for (const job of SYNC_JOBS) {
      const states = clean.events.map((e) => e.jobs.find((j) => j.job === job)!.state);
      const began = states.findIndex((st) => st === 'running');
      expect(states.slice(began).includes('queued'), job).toBe(false);
    }
  });

  it('counts down the whole run as it goes: a time left for every status once a step is in, 0 when done', () => {
    const during = clean.events.filter((e) => e.state === 'running' && e.jobs.some((j) => j.pages > 0));
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((e) => e.etaSeconds !== null && e.etaSeconds >= 0)).toBe(true);
    expect(clean.events.at(-1)).toMatchObject({ state: 'done', etaSeconds: 0, etaLeavesOut: [] });
  });

  it("sizes each offline mirror job as soon as the lists that decide it are in: the ETA leaves out only what it cannot know yet", async () => {
    const seen = (pick: (s: SyncStatus) => boolean) => clean.events.find(pick)?.etaLeavesOut;
    const running = (job: string) => (s: SyncStatus) => s.jobs.some((j) => j.job === job && j.state === 'running' && j.rows > 0);
    // The feeds and the satellite list come first: the boundaries and dossiers are counted while the projects come.
    const whileProjects = seen(running('projects'))!;
    expect(whileProjects).toEqual(expect.arrayContaining(['countries', 'projectDetails', 'countryUpdates']));
    expect(whileProjects).not.toContain('boundaries');
    expect(whileProjects).not.toContain('projectForensics');
    // The credits pass was sized beside the first jobs, the rest of the mirror once the projects and countries were in.
    expect(seen(running('credits'))).toEqual([]);
    expect(clean.events.at(-1)!.etaLeavesOut).toEqual([]);
  });

  it('leaves no WAL behind once the housekeeping after "done" has run (the cache answers after it)', async () => {
    await clean.cache.call('sync:checkpoints');
    expect(fs.statSync(`${clean.file}-wal`).size).toBe(0);
    expect(fs.statSync(clean.file).size).toBeGreaterThan(0);
  });

  it('refreshes credits incrementally with an overlapping window, then reconciles on a full pass', async () => {
    const before = cacheChecksums(clean.file).tables.credit_transactions;
    clean.engine.start({ jobs: ['credits'] });
    await clean.engine.whenDone();
    const cp = await clean.cache.call('sync:checkpoint', { job: 'credits' });
    expect(cp.mode).toBe('incremental');
    expect(cp.window_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cp.rows).toBeLessThan(before.rows);
    expect(cacheChecksums(clean.file).tables.credit_transactions).toEqual(before);
    clean.engine.start({ jobs: ['credits'], full: true });
    expect((await clean.engine.whenDone()).state).toBe('done');
    expect(await clean.cache.call('sync:checkpoint', { job: 'credits' })).toMatchObject({ mode: 'full', rows: before.rows });
    expect(cacheChecksums(clean.file).tables.credit_transactions).toEqual(before);
  }, 60_000);

  it('pauses after the page in flight, resumes, and a cancelled sync resumes where it stopped', async () => {
    const t = engineFor(service);
    t.engine.start();
    t.engine.pause();
    await new Promise((r) => setTimeout(r, 300));
    const paused = t.engine.status();
    expect(paused.state).toBe('paused');
    const rowsAt = paused.jobs.reduce((n, j) => n + j.rows, 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.engine.status().jobs.reduce((n, j) => n + j.rows, 0)).toBe(rowsAt);
    t.engine.resume();
    // Cancel once credits are under way.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const c = t.engine.status().jobs.find((j) => j.job === 'credits')!;
        if (c.pages >= 2 || t.engine.status().state !== 'running') {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    t.engine.cancel();
    const cancelled = await t.engine.whenDone();
    expect(cancelled.state).toBe('cancelled');
    const cp = await t.cache.call('sync:checkpoint', { job: 'credits' });
    expect(cp.cursor?.next_page).toBeGreaterThan(1);
    // A full pass writes beside the live transactions, which it replaces only when complete (its
    // staging table may also hold pages read past the cursor: the resumed pass fetches them again).
    expect(count(t.file, 'credit_transactions_next')).toBeGreaterThanOrEqual(cp.rows);
    expect(count(t.file, 'credit_transactions')).toBe(0);
    t.engine.start({ jobs: ['credits', 'projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'] });
    expect((await t.engine.whenDone()).state).toBe('done');
    expect(cacheChecksums(t.file).tables.credit_transactions).toEqual(cacheChecksums(clean.file).tables.credit_transactions);
  }, 60_000);

  it('stops with revoked_api_key when the key is revoked mid-sync, keeping what was written', async () => {
    const created = await fetch(`${service.baseUrl}/v1/api-keys/`, {
      method: 'POST',
      headers: { 'X-API-KEY': service.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'revoke-me' }),
    }).then((r) => r.json() as Promise<{ id: string; key: string }>);
    const t = engineFor(service, created.key, { concurrency: 1 });
    let revoked = false;
    const revoke = async () => {
      revoked = true;
      await fetch(`${service.baseUrl}/v1/api-keys/${created.id}`, { method: 'DELETE', headers: { 'X-API-KEY': service.apiKey } });
    };
    let revoking: Promise<void> | null = null;
    const off = setInterval(() => {
      const c = t.engine.status().jobs.find((j) => j.job === 'credits')!;
      if (!revoked && c.pages >= 3) revoking = revoke();
    }, 1);
    t.engine.start();
    const status = await t.engine.whenDone();
    clearInterval(off);
    await revoking;
    expect(revoked).toBe(true);
    expect(status.state).toBe('failed');
    expect(status.lastError?.code).toBe('revoked_api_key');
    expect(status.lastError?.message).not.toContain(created.key);
    expect(status.jobs.find((j) => j.job === 'credits')!.state).toBe('failed');
    const sums = cacheChecksums(t.file);
    expect(sums.integrity).toBe('ok');
    // The full pass's pages are kept beside the (still empty) live table, for the next sync to resume.
    expect(count(t.file, 'credit_transactions_next')).toBeGreaterThanOrEqual(600);
    expect(sums.tables.credit_transactions.rows).toBe(0);
    expect(sums.tables.projects).toEqual(cacheChecksums(clean.file).tables.projects);
  }, 60_000);

  it('with the mirror set to the watchlist, keeps the watched project fresh: boundary, forensics with this week\'s diff, its country\'s updates', async () => {
    const db = new Database(clean.file, { readonly: true });
    const withBoundary = db.prepare('SELECT project_id FROM satellite_metrics WHERE has_boundary = 1 LIMIT 1').get() as { project_id: string };
    db.close();
    const t = engineFor(service);
    t.engine.start({ jobs: ['keyInfo', 'projects', 'forensicsLatest', 'countries', 'satellite', 'forensicsLegacy'] });
    await t.engine.whenDone();
    await t.cache.call('write:watch', { kind: 'project', id: withBoundary.project_id, watched: true });
    await t.cache.call('write:mirrorScope', { scope: 'watchlist' });
    t.engine.start({ jobs: ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'] });
    expect((await t.engine.whenDone()).state).toBe('done');
    expect(count(t.file, 'project_boundaries')).toBe(1);
    expect(count(t.file, 'project_forensics')).toBe(1);
    // This week's diff is asked for when the service has a dossier (a 404 says it has no forensic data at all).
    expect(count(t.file, 'forensic_weekly_diffs')).toBe(count(t.file, 'project_forensics WHERE found = 1'));
    expect(count(t.file, "mirror_items WHERE resource = 'countryUpdates'")).toBe(1);
    const check = new Database(t.file, { readonly: true });
    const b = check.prepare('SELECT found, geojson FROM project_boundaries').get() as { found: number; geojson: string };
    check.close();
    expect(b.found).toBe(1);
    expect(JSON.parse(b.geojson).type).toBe('FeatureCollection');
    // Nothing moved: a second pass fetches nothing.
    const before = t.client.stats.requests;
    t.engine.start({ jobs: ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'] });
    expect((await t.engine.whenDone()).state).toBe('done');
    expect(t.client.stats.requests).toBe(before);
  }, 60_000);
});

describe('sync engine under faults', () => {
  it('finishes through 5xx, 429 bursts, truncated bodies and latency, with the same data as a clean sync', async () => {
    const faulty = await startTestService([...FAST, '--error-rate', '0.15', '--burst-429', '11', '--truncate-rate', '0.1', '--latency-ms', '2']);
    services.push(faulty);
    const t = engineFor(faulty, faulty.apiKey, { maxRetries: 8 });
    t.engine.start({ jobs: ['keyInfo', 'projects', 'credits'] });
    const status = await t.engine.whenDone();
    expect(status.lastError).toBeNull();
    expect(status.state).toBe('done');
    expect(t.client.stats.retries).toBeGreaterThan(0);
    expect(t.client.stats.rateLimited).toBeGreaterThan(0);
    const sums = cacheChecksums(t.file).tables;
    const ref = cacheChecksums(clean.file).tables;
    expect(sums.credit_transactions).toEqual(ref.credit_transactions);
    expect(sums.projects).toEqual(ref.projects);
  }, 90_000);

  it('skips an item it cannot store and writes the rest of its page, recording where and why', async () => {
    // Every list answer has one item whose first field (a project's project_id) is unusable.
    const bad = await startTestService([...FAST, '--invalid-item-rate', '1']);
    services.push(bad);
    const t = engineFor(bad);
    t.engine.start({ jobs: ['keyInfo', 'projectTypes', 'projects'] });
    const status = await t.engine.whenDone();
    expect(status.state).toBe('done');
    const projects = status.jobs.find((j) => j.job === 'projects')!;
    expect(projects.state).toBe('done');
    expect(projects.skippedItems).toBe(projects.pages);
    expect(count(t.file, 'projects') + projects.skippedItems).toBe(await total(bad, '/v1/projects/?per_page=1'));
    expect(status.skippedItems).toBe(projects.skippedItems + status.jobs.find((j) => j.job === 'keyInfo')!.skippedItems);
    const recorded = await t.cache.call('read:skippedItems', { job: 'projects', limit: 1000 });
    expect(recorded).toHaveLength(projects.skippedItems);
    expect(recorded[0]).toMatchObject({ job: 'projects', page: 1, field: 'project_id', reason: expect.any(String) });
    expect(recorded[0]!.excerpt).toContain('"invalid":true');
  }, 60_000);

  it('refuses a next_page on another origin without sending the key there; written pages stay', async () => {
    const foreign = await startFixtureServer((_r, res) => sendJson(res, 200, { pagination: { total_entries: 0, current_page: 2, total_pages: 2, next_page: null }, data: [] }));
    const home = await startFixtureServer((r, res) => {
      if (r.url.startsWith('/v1/projects/')) {
        return sendJson(res, 200, {
          pagination: { total_entries: 2, current_page: 1, total_pages: 2, next_page: `${foreign.url}/v1/projects/?current_page=2&per_page=200` },
          data: [{ project_id: 'VCS-1', name: 'One' }],
        });
      }
      sendJson(res, 404, { detail: 'Not Found' });
    });
    try {
      const t = engineFor({ baseUrl: home.url, apiKey: 'ccmd_live_fixturekey' } as TestService);
      t.engine.start({ jobs: ['projects'] });
      const status = await t.engine.whenDone();
      const job = status.jobs.find((j) => j.job === 'projects')!;
      expect(job.state).toBe('failed');
      expect(job.lastError?.code).toBe('foreign_next_page');
      expect(foreign.requests).toHaveLength(0);
      expect(home.requests.every((r) => r.headers['x-api-key'] === 'ccmd_live_fixturekey')).toBe(true);
      expect(count(t.file, 'projects')).toBe(1);
    } finally {
      await foreign.close();
      await home.close();
    }
  }, 30_000);
});

it('ContractError codes survive the worker boundary', () => {
  expect(new ContractError('x', 'y').toBody()).toEqual({ code: 'x', message: 'y' });
});
