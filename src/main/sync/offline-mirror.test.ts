/**
 * The offline mirror, end to end against the reference service: after one sync with the service
 * stopped, every boundary the metrics promise and every dossier the feeds name answers from the cache,
 * coverage is complete, a remembered 404 reads "the service has none"; a mirror SIGKILLed at random
 * points resumes to the same cache; under a rate limit the mirror keeps the allowance and the user's
 * own request starts at the next slot, ahead of the mirror's waiting requests.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOBS } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { ApiClient } from '../api/api-client';
import { RequestPacer, type RequestPriority } from '../api/request-pacer';
import { cacheChecksums } from './cache-checksum';
import { projectForensicsStep, requestsOf } from './mirror-jobs';
import { cliSync as runCli, startTestService, tempDir, testEngine, type TestEngine, type TestService } from './test-support';

const cliSync = (service: TestService, dataDir: string, jobs: readonly string[], killAfterMs?: number) => runCli(service, dataDir, { only: jobs, killAfterMs });

const LIST_JOBS = SYNC_JOBS.filter((j) => !['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'].includes(j));

const services: TestService[] = [];
const engines: TestEngine[] = [];
const dirs: string[] = [];
const dir = (name: string) => {
  const d = tempDir(name);
  dirs.push(d);
  return d;
};

afterAll(async () => {
  for (const e of engines) await e.close();
  for (const s of services) await s.stop().catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const errorOf = async (p: Promise<unknown>): Promise<ContractError | null> => p.then(() => null, (e: unknown) => e as ContractError);

/** Resolves once `ok()` holds, looking again every few milliseconds (the test's own time limit bounds it). */
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
};

/** The pacer, recording the order its requests start in and what waited when the first foreground request was asked. */
class RecordingPacer extends RequestPacer {
  readonly startOrder: RequestPriority[] = [];
  readonly waiting: Record<RequestPriority, number> = { foreground: 0, background: 0 };
  firstForeground: { startsBefore: number; backgroundWaiting: number } | null = null;

  override async run<T>(fn: () => Promise<T>, signal?: AbortSignal, priority: RequestPriority = 'background'): Promise<T> {
    if (priority === 'foreground') this.firstForeground ??= { startsBefore: this.startOrder.length, backgroundWaiting: this.waiting.background };
    this.waiting[priority]++;
    let started = false;
    try {
      return await super.run(() => {
        started = true;
        this.waiting[priority]--;
        this.startOrder.push(priority);
        return fn();
      }, signal, priority);
    } finally {
      if (!started) this.waiting[priority]--;
    }
  }
}

describe('offline mirror (reference service stopped after one sync)', () => {
  let t: TestEngine;
  let service: TestService;
  let projectIds: string[];
  let withBoundary: string[];
  let named: string[];

  beforeAll(async () => {
    service = await startTestService();
    services.push(service);
    t = testEngine(service.baseUrl, service.apiKey, dir('mirror'));
    engines.push(t);
    t.engine.start();
    expect((await t.engine.whenDone()).state).toBe('done');
    const db = new Database(t.file, { readonly: true });
    projectIds = (db.prepare('SELECT project_id FROM projects ORDER BY project_id').all() as Array<{ project_id: string }>).map((r) => r.project_id);
    withBoundary = (db.prepare('SELECT project_id FROM satellite_metrics WHERE has_boundary = 1').all() as Array<{ project_id: string }>).map((r) => r.project_id);
    named = (db.prepare('SELECT project_id FROM forensic_latest_entries UNION SELECT project_id FROM legacy_forensics').all() as Array<{ project_id: string }>).map((r) => r.project_id);
    db.close();
    await service.stop();
  }, 120_000);

  it('answers every promised boundary and every named dossier with the service stopped, and reports complete coverage', async () => {
    expect(withBoundary.length).toBeGreaterThan(10);
    expect(named.length).toBeGreaterThan(5);
    for (const id of withBoundary) {
      const boundary = await t.cache.call('query:satellite.boundary', { project_id: id });
      expect(boundary.type, id).toBe('FeatureCollection');
      expect(boundary.features.length, id).toBeGreaterThan(0);
    }
    for (const id of named) {
      const dossier = await t.cache.call('query:forensics.project', { project_id: id });
      expect(dossier.project_id.toLowerCase(), id).toBe(id.toLowerCase());
      // This week's diff answers too (a diff or null), never "not downloaded".
      await t.cache.call('query:forensics.diff', { project_id: id });
    }
    const info = await t.cache.call('read:cacheInfo');
    for (const c of info.coverage.filter((x) => ['boundary', 'dossier', 'countryUpdates'].includes(x.resource))) {
      expect(c.known, c.resource).toBeGreaterThan(0);
      expect(c.cached, c.resource).toBe(c.known);
      expect(c.etaSeconds, c.resource).toBeNull();
    }
    expect(info.coverage.find((c) => c.resource === 'boundary')!.known).toBe(withBoundary.length);
    expect(info.coverage.find((c) => c.resource === 'dossier')!.known).toBe(named.length);
    expect(info.coverage.find((c) => c.resource === 'projects')).toMatchObject({ cached: projectIds.length, known: projectIds.length, notOffered: false });
    expect(info.mirror.estimates.everything.due).toBe(0);
  });

  it('tells "not downloaded" from "the service has none"', async () => {
    const db = new Database(t.file, { readonly: true });
    const noPolygon = (db.prepare('SELECT project_id FROM satellite_metrics WHERE has_boundary = 0 LIMIT 1').get() as { project_id: string } | undefined)?.project_id;
    const noMetrics = (db.prepare('SELECT project_id FROM projects WHERE project_id NOT IN (SELECT project_id FROM satellite_metrics) LIMIT 1').get() as { project_id: string } | undefined)?.project_id;
    db.close();
    expect(noPolygon ?? noMetrics).toBeDefined();
    if (noPolygon) {
      const none = await errorOf(t.cache.call('query:satellite.boundary', { project_id: noPolygon }));
      expect(none?.code).toBe('none_at_service');
      expect(none?.message).toMatch(/^The service has no boundary for project .*: its satellite metrics say so/);
    }
    if (noMetrics) {
      const none = await errorOf(t.cache.call('query:satellite.boundary', { project_id: noMetrics }));
      expect(none?.code).toBe('none_at_service');
      expect(none?.message).toMatch(/^The service has no satellite data for project .* \(its satellite list of \d{1,2} [A-Z][a-z]{2} \d{4} does not include it\)/);
    }
    const unnamed = projectIds.find((id) => !named.includes(id))!;
    const notFetched = await errorOf(t.cache.call('query:forensics.project', { project_id: unnamed }));
    expect(notFetched?.code).toBe('not_downloaded');
    expect(notFetched?.message).toMatch(/is not downloaded yet.*fetch it now/);
  });

  it('shows a 404 for one project as "the service has none", with its date', async () => {
    const again = await startTestService();
    services.push(again);
    const unnamed = projectIds.find((id) => !named.includes(id))!;
    const client = new ApiClient({ baseUrl: again.baseUrl, apiKey: again.apiKey });
    const s = await projectForensicsStep({ client, signal: new AbortController().signal }, unnamed);
    await t.cache.call('write:many', { writes: s.writes });
    await again.stop();
    const e = await errorOf(t.cache.call('query:forensics.project', { project_id: unnamed }));
    expect(e?.code).toBe('none_at_service');
    expect(e?.message).toMatch(/^The service has no forensic data for project .* \(it answered "not found" on \d{1,2} [A-Z][a-z]{2} \d{4}\)\.$/);
    expect(e?.details).toMatchObject({ availability: 'none_at_service', resource: 'dossier', id: unnamed });
  }, 60_000);
});

const cacheFile = (dataDir: string) => {
  const d = path.join(dataDir, 'cache');
  return path.join(d, fs.readdirSync(d).find((f) => f.endsWith('.sqlite'))!);
};

describe('offline mirror under crashes and rate limits', () => {
  it('SIGKILLed at random points during the mirror jobs, the resumed mirror equals an uninterrupted one', async () => {
    const service = await startTestService(['--rate-limit-pro', '100000', '--latency-ms', '10']);
    services.push(service);
    const cleanDir = dir('mirror-clean');
    const crashDir = dir('mirror-crash');
    for (const d of [cleanDir, crashDir]) expect((await cliSync(service, d, LIST_JOBS)).code).toBe(0);
    const mirrorJobs = ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'];
    const t0 = Date.now();
    expect((await cliSync(service, cleanDir, mirrorJobs)).code).toBe(0);
    const mirrorMs = Date.now() - t0;
    let s = 777;
    const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    let killed = 0;
    for (let i = 0; i < 6; i++) {
      const r = await cliSync(service, crashDir, mirrorJobs, Math.round(400 + random() * 0.8 * Math.max(0, mirrorMs - 400)));
      if (r.signal === 'SIGKILL') killed++;
    }
    expect(killed).toBeGreaterThan(2);
    expect((await cliSync(service, crashDir, mirrorJobs)).code).toBe(0);
    const a = cacheChecksums(cacheFile(cleanDir));
    const b = cacheChecksums(cacheFile(crashDir));
    expect(b.integrity).toBe('ok');
    expect(b.tables).toEqual(a.tables);
    expect(a.tables.mirror_items.rows).toBeGreaterThan(20);
  }, 180_000);

  it('keeps a 60/min allowance during the mirror and starts an on-demand request at the next slot, ahead of the waiting mirror', async () => {
    // The service enforces 60/min on Pro keys: the mirror must never be refused (no 429).
    const service = await startTestService(['--rate-limit-pro', '60']);
    services.push(service);
    const pacer = new RecordingPacer({ rateLimitPerMinute: null, concurrency: 4 });
    const t = testEngine(service.baseUrl, service.apiKey, dir('mirror-rate'), { pacer });
    engines.push(t);
    t.engine.start({ jobs: ['keyInfo', 'projects', 'satellite'] });
    expect((await t.engine.whenDone()).state).toBe('done');
    expect(pacer.rateLimitPerMinute).toBe(60);
    const due = await t.cache.call('read:mirrorTargets', { resource: 'boundary', week: { year: 2026, week: 1 } });
    expect(due.length).toBeGreaterThan(8);
    const listStarts = pacer.startOrder.length;
    t.engine.start({ jobs: ['boundaries'] });
    // Once the mirror has started requests and more of them wait in line for their slots…
    await until(() => pacer.startOrder.length > listStarts && pacer.waiting.background > 0);
    // …the user's own request, from another client on the same pacer.
    const user = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey, pacer, priority: 'foreground' });
    await user.projectTypes();
    const asked = pacer.firstForeground!;
    expect(asked.backgroundWaiting).toBeGreaterThan(0);
    // The first start after it was asked is its own: the mirror's waiting requests come after it.
    expect(pacer.startOrder.slice(asked.startsBefore, asked.startsBefore + 1)).toEqual(['foreground']);
    // And the mirror goes on after it, in its place.
    await until(() => pacer.startOrder.lastIndexOf('background') > asked.startsBefore);
    t.engine.cancel();
    await t.engine.whenDone();
    expect(t.client.stats.rateLimited + user.stats.rateLimited).toBe(0);
    // Never more than the allowance in any minute: the pacer's own count of starts.
    expect(pacer.requestsPerMinute()).toBeLessThanOrEqual(60);
  }, 120_000);
});

it('counts the requests a due item costs: a dossier and its diff two, either alone one, other items one', () => {
  expect(requestsOf({ dossier: true, diff: true })).toBe(2);
  expect(requestsOf({ dossier: false, diff: true })).toBe(1);
  expect(requestsOf({ dossier: true, diff: false })).toBe(1);
  expect(requestsOf({})).toBe(1);
});
