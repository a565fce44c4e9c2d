/**
 * The change log against a market that moves: a small market is synced (the baseline: no changes),
 * the service restarts on the same database advanced by 7 days, and a second sync logs exactly what
 * the service added or changed — new credit transactions per project (count and volume equal to the
 * service's), every status change, every new forensic entry — and nothing for unchanged items.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEntry } from '../../shared/contract';
import { spawnReferenceService, stopReferenceService, type DemoService } from '../connections/demo-service';
import { cliSync as runCli, tempDir, testEngine, type TestEngine } from './test-support';

const dirs: string[] = [];
let service: DemoService | null = null;
let t: TestEngine;
let dbPath: string;
const before = { maxCreditId: 0, maxEntryId: 0, statuses: new Map<string, string | null>() };

const start = (extra: string[] = []) =>
  spawnReferenceService({ scale: 0.01, dbPath, extraArgs: ['--seed', '11', '--rate-limit-pro', '100000', ...extra], timeoutMs: 120_000 });

async function get<T>(s: DemoService, url: string): Promise<T> {
  const res = await fetch(`${s.baseUrl}${url}`, { headers: { 'X-API-KEY': s.apiKey } });
  return (await res.json()) as T;
}

async function allChanges(): Promise<ChangeEntry[]> {
  const out: ChangeEntry[] = [];
  for (let page = 1; ; page++) {
    const p = await t.cache.call('query:changes.list', { per_page: 1000, current_page: page });
    out.push(...p.data);
    if (page >= p.pagination.total_pages) return out;
  }
}

beforeAll(async () => {
  const dir = tempDir('changes');
  dirs.push(dir);
  dbPath = path.join(dir, 'service.sqlite');
  service = await start();
  t = testEngine(service.baseUrl, service.apiKey, dir);
  t.engine.start();
  expect((await t.engine.whenDone()).state).toBe('done');
  const db = new Database(t.file, { readonly: true });
  before.maxCreditId = db.prepare('SELECT max(id) FROM credit_transactions').pluck().get() as number;
  before.maxEntryId = db.prepare('SELECT max(id) FROM forensic_latest_entries').pluck().get() as number;
  for (const r of db.prepare('SELECT project_id, status FROM projects').all() as Array<{ project_id: string; status: string | null }>) before.statuses.set(r.project_id, r.status);
  db.close();
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (service) await stopReferenceService(service);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('change log', () => {
  it('the first sync is a baseline: nothing is logged', async () => {
    const summary = await t.cache.call('query:changes.summary', {});
    expect(Object.values(summary.counts).every((n) => n === 0)).toBe(true);
    // and the summary says so, so the view can tell "the baseline" from "nothing moved"
    expect(summary.baseline?.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await t.cache.call('query:changes.list', {})).pagination.total_entries).toBe(0);
  });

  it('after the market moved 7 days, logs exactly the new transactions, status changes and forensic entries', async () => {
    await stopReferenceService(service!);
    // Without harmonized names: the new retirements' buyers are their beneficiaries as written.
    service = await start(['--advance-days', '7', '--without-harmonized-names']);
    // The restarted service listens elsewhere: a new engine on the same cache file.
    await t.close();
    t = testEngine(service.baseUrl, service.apiKey, path.dirname(t.file));
    t.engine.start();
    expect((await t.engine.whenDone()).state).toBe('done');
    const changes = await allChanges();

    // New credit transactions: per project, the service's own (ids past the first sync's newest).
    const theirs = new Map<string, { n: number; volume: number }>();
    // Their buyers as the Buyers view names them: the harmonized name, else the beneficiary as written.
    const theirBuyers = new Set<string>();
    for (let page = 1; ; page++) {
      const p = await get<{
        data: Array<{ id: number; quantity: number | null; retirement_beneficiary: string | null; retirement_beneficiary_harmonized: string | null; projects: Array<{ project_id: string }> }>;
        pagination: { total_pages: number };
      }>(service!, `/v1/credits/?sort=-id&per_page=200&current_page=${page}`);
      const fresh = p.data.filter((c) => c.id > before.maxCreditId);
      for (const c of fresh) {
        theirBuyers.add(c.retirement_beneficiary_harmonized?.trim() || c.retirement_beneficiary?.trim() || '');
        const k = c.projects[0]!.project_id;
        const v = theirs.get(k) ?? { n: 0, volume: 0 };
        theirs.set(k, { n: v.n + 1, volume: v.volume + (c.quantity ?? 0) });
      }
      if (fresh.length < p.data.length || page >= p.pagination.total_pages) break;
    }
    const ours = new Map<string, { n: number; volume: number }>();
    for (const c of changes.filter((x) => x.kind === 'credit_transactions_new')) {
      const v = ours.get(c.project_id!) ?? { n: 0, volume: 0 };
      ours.set(c.project_id!, { n: v.n + c.transactions!, volume: v.volume + c.quantity! });
    }
    expect(theirs.size).toBeGreaterThan(0);
    expect(new Set(changes.filter((x) => x.kind === 'credit_transactions_new').map((c) => c.buyer ?? ''))).toEqual(theirBuyers);
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    for (const [k, v] of theirs) {
      expect(ours.get(k)!.n, k).toBe(v.n);
      expect(ours.get(k)!.volume, k).toBeCloseTo(v.volume, 6);
    }
    const summary = await t.cache.call('query:changes.summary', {});
    // since the last sync: the second one, past the baseline
    expect(summary.baseline).toBeNull();
    expect(summary.counts.credit_transactions_new).toBe([...theirs.values()].reduce((n, v) => n + v.n, 0));

    // Status changes: exactly the projects whose status differs between the two syncs.
    const db = new Database(t.file, { readonly: true });
    const after = new Map((db.prepare('SELECT project_id, status FROM projects').all() as Array<{ project_id: string; status: string | null }>).map((r) => [r.project_id, r.status]));
    db.close();
    const moved = [...after].filter(([id, s]) => before.statuses.has(id) && before.statuses.get(id) !== s).map(([id]) => id).sort();
    const logged = changes.filter((c) => c.kind === 'projects_changed' && c.field === 'status');
    expect(logged.map((c) => c.project_id).sort()).toEqual(moved);
    for (const c of logged) expect([c.old_value, c.new_value]).toEqual([before.statuses.get(c.project_id!), after.get(c.project_id!)]);
    const added = [...after.keys()].filter((id) => !before.statuses.has(id)).sort();
    expect(changes.filter((c) => c.kind === 'projects_new').map((c) => c.project_id).sort()).toEqual(added);

    // New forensic entries: the service's feed entries past the first sync's newest.
    const feed = await get<{ entries: Array<{ id: number }> }>(service!, '/v1/forensics/v2/latest?limit=200');
    const freshEntries = feed.entries.filter((e) => e.id > before.maxEntryId).map((e) => String(e.id)).sort();
    expect(changes.filter((c) => c.kind === 'forensic_entries_new').map((c) => c.ref).sort()).toEqual(freshEntries);

    // Nothing for unchanged items: every changed project moved in the field it names.
    for (const c of changes.filter((x) => x.kind === 'projects_changed')) expect(c.old_value, `${c.project_id} ${c.field}`).not.toBe(c.new_value);
    const changedProjects = new Set(changes.map((c) => c.project_id).filter(Boolean));
    expect(changedProjects.size).toBeLessThan(after.size);

    // Watched first.
    const watchedProject = logged[0]?.project_id ?? [...ours.keys()][0]!;
    await t.cache.call('write:watch', { kind: 'project', id: watchedProject, watched: true });
    const page = await t.cache.call('query:changes.list', { per_page: 5 });
    expect(page.data[0]).toMatchObject({ project_id: watchedProject, watched: true });
    const onlyWatched = await t.cache.call('query:changes.list', { watched_only: true, per_page: 1000 });
    expect(onlyWatched.data.every((c) => c.project_id === watchedProject)).toBe(true);
  }, 180_000);
});

const cliSync = (s: DemoService, dataDir: string, killAfterMs?: number) => runCli(s, dataDir, { killAfterMs });

/** A cache's change log without run ids and times: discrete changes as sorted lines, credit groups summed. */
function logOf(dataDir: string): { changes: string[]; credits: Record<string, [number, number]> } {
  const d = path.join(dataDir, 'cache');
  const db = new Database(path.join(d, fs.readdirSync(d).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
  try {
    const changes = (db.prepare('SELECT kind, project_id, country, field, old_value, new_value, ref FROM change_log').all() as unknown[]).map((r) => JSON.stringify(r)).sort();
    const credits: Record<string, [number, number]> = {};
    for (const g of db.prepare('SELECT project_id, buyer, transaction_type, sum(transactions) AS n, total(quantity) AS q FROM change_credit_groups GROUP BY 1, 2, 3').all() as Array<{ project_id: string; buyer: string; transaction_type: string; n: number; q: number }>) {
      credits[`${g.project_id}|${g.buyer}|${g.transaction_type}`] = [g.n, Math.round(g.q * 1e6) / 1e6];
    }
    return { changes, credits };
  } finally {
    db.close();
  }
}

describe('change log under a crash', () => {
  it('a second sync SIGKILLed at random points and resumed logs the same changes as an uninterrupted one', async () => {
    const root = tempDir('changes-crash');
    dirs.push(root);
    const db = path.join(root, 'service.sqlite');
    const launch = (extra: string[]) => spawnReferenceService({ scale: 0.01, dbPath: db, extraArgs: ['--seed', '13', '--rate-limit-pro', '100000', '--latency-ms', '10', ...extra], timeoutMs: 120_000 });
    let s = await launch([]);
    const port = new URL(s.baseUrl).port;
    const clean = path.join(root, 'clean');
    const crash = path.join(root, 'crash');
    try {
      expect((await cliSync(s, clean)).code).toBe(0);
      fs.cpSync(clean, crash, { recursive: true });
      await stopReferenceService(s);
      s = await launch(['--advance-days', '7', '--port', port]);
      const t0 = Date.now();
      expect((await cliSync(s, clean)).code).toBe(0);
      const ms = Date.now() - t0;
      let seed = 99;
      const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
      let killed = 0;
      for (let i = 0; i < 5; i++) if ((await cliSync(s, crash, Math.round(300 + random() * 0.8 * Math.max(0, ms - 300)))).signal === 'SIGKILL') killed++;
      expect(killed).toBeGreaterThan(1);
      expect((await cliSync(s, crash)).code).toBe(0);
      const a = logOf(clean);
      const b = logOf(crash);
      expect(Object.keys(a.credits).length).toBeGreaterThan(0);
      expect(b.credits).toEqual(a.credits);
      expect(b.changes).toEqual(a.changes);
    } finally {
      await stopReferenceService(s);
    }
  }, 240_000);
});
