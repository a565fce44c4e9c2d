/**
 * A messy market (the reference service's `--messy`: nulls everywhere, fractional tonnes, unknown
 * values, extra fields, odd strings, one item without identity per kind) synced with the app's own
 * sync CLI. Nothing is lost: every collection's cached rows plus the items recorded as skipped equal
 * what the service lists; fractions come back exactly; extra fields reach the cache and the CSV; a
 * value that does not fit its field is stored as null, kept as sent and reported.
 * Expected values come from the service's answers, never from the client's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataIssue, SkippedItemRecord } from '../../shared/contract';
import { createAppContext, type AppContext } from '../app-context';
import { cliHostPorts } from '../hosts/cli/cli-ports';
import { dispatch } from '../rpc';
import { startSyncedService, type SyncedService } from '../testing/synced-service';

interface Envelope<T> {
  pagination: { total_entries: number; total_pages: number };
  data: T[];
}
type Raw = Record<string, unknown>;

let svc: SyncedService;
let db: Database.Database;
let ctx: AppContext;
let skipped: SkippedItemRecord[];
let unfit: DataIssue[];

/** What a field of the service's items holds when it fits: a number, an integer, a day (or null). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FITS: Record<string, (v: unknown) => boolean> = {
  quantity: (v) => typeof v === 'number',
  vintage: (v) => Number.isInteger(v),
  transaction_date: (v) => typeof v === 'string' && DAY.test(v),
  listed_at: (v) => typeof v === 'string' && DAY.test(v),
  area_km2: (v) => typeof v === 'number',
};
/** The values of `items` that do not fit their field, read from the service's answer (not from the client). */
const unfitIn = (items: Raw[], ref: string) =>
  items.flatMap((item) => Object.entries(FITS).filter(([f, fits]) => item[f] !== null && item[f] !== undefined && !fits(item[f]))
    .map(([field]) => ({ ref: String(item[ref]), field, excerpt: JSON.stringify(item[field]) })));

const get = async <T>(pathAndQuery: string): Promise<T> => {
  const res = await fetch(`${svc.baseUrl}${pathAndQuery}`, { headers: { 'X-API-KEY': svc.key } });
  if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status}`);
  return (await res.json()) as T;
};
async function allItems(listPath: string): Promise<{ total: number; items: Raw[] }> {
  const first = await get<Envelope<Raw>>(`${listPath}?per_page=200`);
  const items = [...first.data];
  for (let p = 2; p <= first.pagination.total_pages; p++) items.push(...(await get<Envelope<Raw>>(`${listPath}?per_page=200&current_page=${p}`)).data);
  return { total: first.pagination.total_entries, items };
}
const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const skippedOf = (job: string) => skipped.filter((s) => s.job === job);

beforeAll(async () => {
  svc = await startSyncedService({ scale: 0.01, seed: 7, today: '2026-06-30', tier: 'pro', dataDirPrefix: 'carbon-messy-', serviceArgs: ['--messy'] });
  db = new Database(svc.cachePath, { readonly: true });
  ctx = createAppContext({ dataDir: svc.dataDir, ports: cliHostPorts(svc.dataDir) });
  skipped = await dispatch('sync.skippedItems', {}, ctx);
  unfit = await dispatch('sync.dataIssues', { kind: 'unfit' }, ctx);
}, 180_000);

afterAll(async () => {
  db?.close();
  await ctx?.dispose();
  await svc?.stop();
});

describe('a messy market', () => {
  it('syncs completely: state done, exit 0, the skipped items counted in the summary', () => {
    expect(svc.summary.state).toBe('done');
    expect(svc.summary.skippedItems).toBe(skipped.length);
  });

  it('loses no row: cached plus skipped equals what the service lists, for every collection', async () => {
    const projects = await allItems('/v1/projects/');
    expect(count('projects') + skippedOf('projects').length).toBe(projects.total);
    expect(skippedOf('projects')).toEqual([expect.objectContaining({ field: 'project_id' })]);

    const credits = await allItems('/v1/credits/');
    expect(count('credit_transactions') + skippedOf('credits').length).toBe(credits.total);
    expect(skippedOf('credits')).toEqual([expect.objectContaining({ field: 'id', ref: null })]);

    const legacy = await allItems('/v1/forensics/');
    expect(count('legacy_forensics') + skippedOf('forensicsLegacy').length).toBe(legacy.total);

    const satellite = await get<Raw[]>('/v1/satellite/?has_boundary=false&limit=1000');
    expect(satellite.length).toBeLessThan(1000);
    expect(count('satellite_metrics') + skippedOf('satellite').length).toBe(satellite.length);
    expect(skippedOf('satellite')).toEqual([expect.objectContaining({ field: 'project_id' })]);

    const feed = await get<{ entries: Raw[] }>('/v1/forensics/v2/latest?limit=200');
    expect(count('forensic_latest_entries') + skippedOf('forensicsLatest').length).toBe(feed.entries.length);
    expect(skippedOf('forensicsLatest')).toEqual([expect.objectContaining({ field: 'id' })]);
  }, 120_000);

  it('keeps fractional and null tonnes exactly as served', async () => {
    const { items } = await allItems('/v1/credits/');
    const byId = new Map(items.filter((c) => c.id !== null).map((c) => [c.id as number, c]));
    const rows = db.prepare('SELECT id, quantity FROM credit_transactions').all() as Array<{ id: number; quantity: number | null }>;
    const fractional = rows.filter((r) => r.quantity !== null && !Number.isInteger(r.quantity));
    expect(fractional.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.quantity === null)).toBe(true);
    // A quantity that is not a number is stored as no quantity (and kept as sent: see below).
    for (const r of rows) {
      const served = byId.get(r.id)!.quantity;
      expect(r.quantity).toBe(typeof served === 'number' ? served : null);
    }

    const projects = (await allItems('/v1/projects/')).items.filter((p) => typeof p.project_id === 'string');
    const cached = new Map((db.prepare('SELECT project_id, issued, retired FROM projects').all() as Raw[]).map((p) => [p.project_id, p]));
    for (const p of projects) {
      expect(cached.get(p.project_id)).toEqual({ project_id: p.project_id, issued: p.issued ?? null, retired: p.retired ?? null });
    }
  }, 120_000);

  it('keeps the fields it does not model and shows them in the CSV export', async () => {
    const { items } = await allItems('/v1/credits/');
    const modelled = new Set(['id', 'quantity', 'vintage', 'transaction_date', 'transaction_type', 'retirement_account', 'retirement_beneficiary',
      'retirement_reason', 'retirement_note', 'retirement_beneficiary_harmonized', 'projects', 'sdg_goals', 'certifications']);
    const withExtra = items.filter((c) => c.id !== null && Object.keys(c).some((k) => !modelled.has(k)));
    expect(withExtra.length).toBeGreaterThan(0);
    // Beside the fields it does not model, an item keeps the values that did not fit their field.
    const extraOf = (c: Raw) => Object.fromEntries(Object.entries(c).filter(([k, v]) => !modelled.has(k) || (k in FITS && v !== null && !FITS[k]!(v))));
    const stored = db.prepare('SELECT extra FROM credit_transactions WHERE id = ?');
    for (const c of withExtra.slice(0, 200)) {
      expect(JSON.parse((stored.get(c.id) as { extra: string }).extra)).toEqual(extraOf(c));
    }

    const job = await dispatch('export.start', { table: 'credit-transactions' }, ctx);
    const done = await ctx.exports.wait(job.exportId);
    expect(done.state).toBe('done');
    const rows = parse(fs.readFileSync(done.path!), { columns: true, bom: true }) as Array<Record<string, string>>;
    const sample = withExtra[0]!;
    const row = rows.find((r) => r.id === String(sample.id))!;
    expect(JSON.parse(row.extra_fields!)).toEqual(extraOf(sample));
    expect(path.basename(done.path!)).toMatch(/\.csv$/);
  }, 120_000);

  it('reports every value that did not fit its field, with job, page, item, field and the value as sent, and keeps it', async () => {
    const credits = (await allItems('/v1/credits/')).items.filter((c) => c.id !== null);
    const projects = (await allItems('/v1/projects/')).items.filter((p) => typeof p.project_id === 'string');
    const satellite = (await get<Raw[]>('/v1/satellite/?has_boundary=false&limit=1000')).filter((m) => typeof m.project_id === 'string');
    const expected = [
      ...unfitIn(credits, 'id').map((u) => ({ job: 'credits', ...u })),
      ...unfitIn(projects, 'project_id').map((u) => ({ job: 'projects', ...u })),
      ...unfitIn(satellite, 'project_id').map((u) => ({ job: 'satellite', ...u })),
    ];
    // The messy market's five: a quantity, a vintage, a day, a listing date, an area.
    expect(expected.map((u) => u.field).sort()).toEqual(['area_km2', 'listed_at', 'quantity', 'transaction_date', 'vintage']);
    const key = (u: { job: string; ref: string | null; field: string }) => `${u.job} ${u.ref} ${u.field}`;
    const listed = unfit.filter((u) => ['credits', 'projects', 'satellite'].includes(u.job));
    expect(listed.map((u) => ({ job: u.job, ref: u.ref, field: u.field, excerpt: u.excerpt })).sort((a, b) => key(a).localeCompare(key(b))))
      .toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
    for (const u of listed) {
      expect(u.kind).toBe('unfit');
      expect(u.reason.length).toBeGreaterThan(5);
      // A paged list names the page the item was on and its place there; the satellite slice is one array.
      if (u.job === 'satellite') expect(u.page).toBeNull();
      else {
        const page = await get<{ data: Raw[] }>(`/v1/${u.job === 'credits' ? 'credits' : 'projects'}/?sort=${u.job === 'credits' ? 'id' : 'project_id'}&per_page=200&current_page=${u.page}`);
        expect(String(page.data[u.position]![u.job === 'credits' ? 'id' : 'project_id'])).toBe(u.ref);
      }
    }
    // Anything else reported is the same value met again where the mirror fetched the item itself.
    for (const u of unfit.filter((x) => !listed.includes(x))) expect(expected.map(key)).toContain(key({ ...u, job: 'projects' }));
    expect(svc.summary.unfitValues).toBe(unfit.length);
    expect((await dispatch('sync.status', {}, ctx)).unfitValues).toBe(unfit.length);
    expect(await dispatch('sync.dataIssues', {}, ctx)).toHaveLength(unfit.length + skipped.length);

    // Stored as null, kept as sent in the item's extra fields.
    const lots = expected.find((u) => u.field === 'quantity')!;
    const row = db.prepare('SELECT quantity, extra FROM credit_transactions WHERE id = ?').get(Number(lots.ref)) as { quantity: number | null; extra: string };
    expect(row.quantity).toBeNull();
    expect(JSON.parse(row.extra).quantity).toBe(JSON.parse(lots.excerpt));
    const listing = expected.find((u) => u.field === 'listed_at')!;
    const project = db.prepare('SELECT listed_at, extra FROM projects WHERE project_id = ?').get(listing.ref) as { listed_at: string | null; extra: string };
    expect(project.listed_at).toBeNull();
    expect(JSON.parse(project.extra).listed_at).toBe(JSON.parse(listing.excerpt));
  }, 120_000);
});
