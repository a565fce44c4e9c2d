/**
 * A market that moves: advancing by days on the same database (over real HTTP), idempotence,
 * advancing in steps = at once, following the clock, and the market's today.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, isoWeek } from './calendar';
import { alpha2 } from './generator/countries';
import { readIntegrityStories } from './generator/integrity-stories';
import { startService, type RunningService, type ServiceOptions } from './server';
import { MARKET_TABLES } from './store/schema';
import { TEST_TODAY } from './test-fixture';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function tempDb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-advance-'));
  dirs.push(dir);
  return path.join(dir, 'market.sqlite');
}

const BASE = TEST_TODAY;
const OPTIONS: ServiceOptions = { scale: 0.01, seed: 11, rateLimits: { pro: 1_000_000, enterprise: 1_000_000 } };

/** Runs `use` against a service started with CARBON_TODAY = `clock`, then stops it. */
async function withService<T>(options: ServiceOptions, use: (s: RunningService, get: <B = unknown>(p: string) => Promise<B>) => Promise<T>, clock = BASE): Promise<T> {
  const saved = process.env.CARBON_TODAY;
  process.env.CARBON_TODAY = clock;
  const s = await startService({ ...OPTIONS, ...options });
  process.env.CARBON_TODAY = saved;
  const get = async <B,>(p: string): Promise<B> => {
    const res = await fetch(`${s.baseUrl}${p}`, { headers: { 'X-API-KEY': s.keys.pro } });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as B;
  };
  try {
    return await use(s, get);
  } finally {
    await s.stop();
  }
}

/** A digest of every market table, row by row. */
function digest(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true });
  const h = createHash('sha256');
  for (const table of MARKET_TABLES) h.update(JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().all()));
  db.close();
  return h.digest('hex');
}

interface Credit { id: number; quantity: number; vintage: number | null; transaction_date: string | null; transaction_type: string; projects: { project_id: string }[] }
interface Page<T> { pagination: { total_entries: number; next_page: string | null }; data: T[] }
async function all<T>(get: <B>(p: string) => Promise<B>, first: string): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = first;
  while (next) {
    const page: Page<T> = await get<Page<T>>(next);
    out.push(...page.data);
    next = page.pagination.next_page;
  }
  return out;
}

describe('--advance-days', () => {
  it('adds dated activity after the base day without touching the base market, and moves today', async () => {
    const db = tempDb();
    const before = await withService({ dbPath: db }, async (s, get) => ({
      keys: s.keys,
      today: s.today,
      credits: await all<Credit>(get, '/v1/credits/?per_page=200&sort=id'),
      projects: await all<{ project_id: string; status: string; issued: number }>(get, '/v1/projects/?per_page=200'),
    }));
    expect(before.today).toBe(BASE);
    const end = addDays(BASE, 7);
    await withService({ dbPath: db, advanceDays: 7 }, async (s, get) => {
      expect([s.today, s.baseDay, s.advancedDays, s.generationMs]).toEqual([end, BASE, 7, 0]);
      expect(s.keys).toEqual(before.keys);
      const credits = await all<Credit>(get, '/v1/credits/?per_page=200&sort=id');
      const baseMax = before.credits.at(-1)!.id;
      expect(credits.slice(0, before.credits.length)).toEqual(before.credits);
      const added = credits.slice(before.credits.length);
      expect(added.length).toBeGreaterThan(10);
      expect(added.map((c) => c.id)).toEqual(added.map((_, i) => baseMax + 1 + i));
      expect(added.every((c) => c.transaction_date! >= BASE && c.transaction_date! < end)).toBe(true);
      expect(before.credits.every((c) => c.transaction_date === null || c.transaction_date < BASE)).toBe(true);
      expect(new Set(added.map((c) => c.transaction_type))).toEqual(new Set(['issuance', 'retirement', ...added.some((c) => c.transaction_type === 'cancellation') ? ['cancellation'] : []]));
      // The credits endpoint serves exactly them for those dates.
      const window = await get<Page<Credit>>(`/v1/credits/?transaction_date_from=${BASE}&per_page=1`);
      expect(window.pagination.total_entries).toBe(added.length);

      // Project totals follow; new projects are listed in the advanced days; some statuses moved.
      const projects = await all<{ project_id: string; status: string; issued: number; listed_at: string | null; country: string | null }>(get, '/v1/projects/?per_page=200');
      const oldIds = new Set(before.projects.map((p) => p.project_id));
      const fresh = projects.filter((p) => !oldIds.has(p.project_id));
      expect(fresh.length).toBeGreaterThan(0);
      const statusBefore = new Map(before.projects.map((p) => [p.project_id, p.status]));
      expect(projects.filter((p) => oldIds.has(p.project_id) && statusBefore.get(p.project_id) !== p.status).length).toBeGreaterThan(0);
      expect(fresh.every((p) => p.listed_at! >= BASE && p.listed_at! < end && p.status === 'listed')).toBe(true);
      const issuedNow = new Map(projects.map((p) => [p.project_id, p.issued]));
      for (const p of before.projects) {
        const addedIssued = added.filter((c) => c.transaction_type === 'issuance' && c.projects[0]!.project_id === p.project_id).reduce((sum, c) => sum + c.quantity, 0);
        expect(issuedNow.get(p.project_id), p.project_id).toBe(p.issued + addedIssued);
      }

      // Outflows of those days take vintages that still had credits: no vintage goes below zero.
      const net = new Map<string, number>();
      for (const c of credits) {
        if (c.vintage === null || c.quantity === null) continue;
        const key = `${c.projects[0]!.project_id} ${c.vintage}`;
        net.set(key, (net.get(key) ?? 0) + (c.transaction_type === 'issuance' ? c.quantity : c.transaction_type === 'retirement' || c.transaction_type === 'cancellation' ? -c.quantity : 0));
      }
      // (but for the vintages the integrity stories retire beyond their issuance on purpose)
      const over = new Set(readIntegrityStories(db).retired_exceeds_issued.map((o) => `${o.project_id} ${o.vintage}`));
      expect([...net].filter(([k, n]) => n < 0 && !over.has(k))).toEqual([]);

      // Forensic entries first seen in those days are in the latest feed and in the project dossiers.
      const feed = await get<{ entries: { id: number; project_id: string; first_seen_date: string; is_new_this_week: boolean }[]; week: number; year: number }>('/v1/forensics/v2/latest?limit=200');
      expect([feed.year, feed.week]).toEqual([isoWeek(end).year, isoWeek(end).week]);
      const newEntries = feed.entries.filter((e) => e.first_seen_date >= BASE);
      expect(newEntries.length).toBeGreaterThan(0);
      expect(newEntries.every((e) => e.first_seen_date < end)).toBe(true);
      for (const e of feed.entries) expect(e.is_new_this_week).toBe(isoWeek(e.first_seen_date).week === feed.week && isoWeek(e.first_seen_date).year === feed.year);
      const dossier = await get<{ entries: { id: number }[] }>(`/v1/forensics/v2/${newEntries[0]!.project_id}`);
      expect(dossier.entries.map((e) => e.id)).toContain(newEntries[0]!.id);

      // Satellite updates and policy updates are dated in those days too.
      const satellite = await get<{ last_updated: string }[]>('/v1/satellite/?has_boundary=false&limit=1000');
      expect(satellite.some((m) => m.last_updated.slice(0, 10) >= BASE)).toBe(true);
      expect(satellite.every((m) => m.last_updated.slice(0, 10) < end)).toBe(true);
      const codes = new Set(projects.map((p) => p.country).filter((c): c is string => typeof c === 'string').map((c) => alpha2(c)!));
      const updates = (await Promise.all([...codes].map((code) => get<{ date: string }[]>(`/v1/countries/${code}/updates?limit=100`)))).flat();
      expect(updates.some((u) => u.date >= BASE)).toBe(true);
      expect(updates.every((u) => u.date < end)).toBe(true);
    });
  }, 60_000);

  it('is idempotent, and advancing in steps gives the market of advancing at once', async () => {
    const stepwise = tempDb();
    const atOnce = tempDb();
    await withService({ dbPath: stepwise }, async () => undefined);
    await withService({ dbPath: stepwise, advanceDays: 7 }, async () => undefined);
    const seven = digest(stepwise);
    await withService({ dbPath: stepwise, advanceDays: 7 }, async (s) => expect([s.generationMs, s.advanceMs]).toEqual([0, 0]));
    expect(digest(stepwise)).toBe(seven);
    await withService({ dbPath: stepwise, advanceDays: 14 }, async (s) => expect(s.today).toBe(addDays(BASE, 14)));
    await withService({ dbPath: atOnce, advanceDays: 14 }, async () => undefined);
    expect(digest(stepwise)).toBe(digest(atOnce));
    expect(digest(stepwise)).not.toBe(seven);
    // Going back regenerates the base and advances it again: the market of 7 days.
    await withService({ dbPath: atOnce, advanceDays: 7 }, async (s) => expect(s.generated).toBe(true));
    expect(digest(atOnce)).toBe(seven);
  }, 60_000);

  it('follows the clock without the flag (never going back), and regenerates a market whose base is after the clock', async () => {
    const db = tempDb();
    const flagged = tempDb();
    await withService({ dbPath: db }, async () => undefined, BASE);
    await withService({ dbPath: db }, async (s) => expect([s.today, s.advancedDays]).toEqual([addDays(BASE, 3), 3]), addDays(BASE, 3));
    await withService({ dbPath: flagged, advanceDays: 3 }, async () => undefined, BASE);
    expect(digest(db)).toBe(digest(flagged));
    await withService({ dbPath: db }, async (s) => expect([s.today, s.generationMs]).toEqual([addDays(BASE, 3), 0]), BASE);
    await withService({ dbPath: db }, async (s) => expect([s.today, s.baseDay, s.advancedDays]).toEqual([addDays(BASE, -1), addDays(BASE, -1), 0]), addDays(BASE, -1));
  }, 60_000);

  it("answers today-relative questions for the market's today", async () => {
    const end = addDays('2026-12-28', 7);
    await withService({ advanceDays: 7 }, async (s, get) => {
      expect(s.today).toBe(end);
      const sd = await get<{ data: { period: string }[] }>('/v1/supply-demand/?aggregation=monthly');
      expect(sd.data.at(-1)!.period).toBe('2026-12');
      const recent = await get<Page<{ last_purchase: string; days_since_last: number; is_active_60d: boolean }>>('/v1/buyers/?sort=-last_purchase&per_page=1');
      const buyer = recent.data[0]!;
      expect(buyer.last_purchase >= '2026-12-28').toBe(true);
      expect(buyer.days_since_last).toBe((Date.parse(end) - Date.parse(buyer.last_purchase)) / 86_400_000);
    }, '2026-12-28');
  }, 60_000);
});
