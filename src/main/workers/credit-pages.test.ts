/**
 * The writer reads the credit transactions' pages itself (`pages:readCredits`): what it stores from a
 * body is what the client's own reading gives, a full pass's clean page is staged as it is read (and
 * its change-log entries wait for its step), anything else waits for its step, and a crash between
 * the two loses nothing and keeps nothing the pass did not list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openQueryableCache } from '../analytics/schema';
import { createItemReaders } from '../api/item-readers';
import { readPage } from '../api/page-body';
import type { CacheOpHandlers, CacheOpInput, CreditsPageRead } from '../cache/cache-protocol';
import { CREDIT_COLUMNS, creditRows } from '../cache/repositories/credit-rows';
import { composeCacheOps } from './cache-worker';

const WHAT = 'credit transactions';
const credit = (id: number, extra: Record<string, unknown> = {}) => ({
  id, quantity: 10 * id, vintage: 2020, transaction_date: '2024-01-02', transaction_type: 'retirement', retirement_beneficiary_harmonized: `Buyer ${id % 3}`,
  projects: [{ project_id: `VCS-${id % 4}`, category: 'forest', project_type: 'REDD+' }], sdg_goals: [13], certifications: [], ...extra,
});
const pageText = (page: number, total: number, items: unknown[]) =>
  JSON.stringify({ pagination: { total_entries: items.length * total, current_page: page, total_pages: total, next_page: page < total ? `/v1/credits/?current_page=${page + 1}` : null }, data: items });
const body = (text: string) => new TextEncoder().encode(text);

const dirs: string[] = [];
const dbs: Database.Database[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function cacheFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-credit-pages-'));
  dirs.push(dir);
  return path.join(dir, 'cache.sqlite');
}

function open(file: string): { db: Database.Database; ops: CacheOpHandlers } {
  const db = openQueryableCache(file);
  dbs.push(db);
  return { db, ops: composeCacheOps(db, file) };
}

const count = (db: Database.Database, table: string): number =>
  db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table)
    ? (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number)
    : 0;
const stored = (db: Database.Database) =>
  db.prepare(`SELECT ${CREDIT_COLUMNS.filter((c) => c !== 'sync_pass').join(', ')} FROM credit_transactions ORDER BY id`).raw().all();

function read(ops: CacheOpHandlers, page: number, text: string): CreditsPageRead {
  const r = ops['pages:readCredits']({ body: body(text), page, what: WHAT });
  if (r === null) throw new Error('not JSON');
  return r;
}

const step = (ops: CacheOpHandlers, pages: CreditsPageRead[], pass: number, next: number | null): void => {
  const args: CacheOpInput<'sync:step'> = {
    job: 'credits', writes: pages.map((p) => ({ op: 'write:creditTransactions' as const, args: { held: p.held, pass } })),
    cursor: next === null ? null : { next_page: next }, rows: pages.reduce((n, p) => n + p.count, 0),
  };
  ops['sync:step'](args);
};

describe('credit pages read by the writer', () => {
  it('stores from a body what the client reading the same body gives, odd items included', () => {
    const items = [credit(1), credit(2, { quantity: 'lots', serial: 'A-9' }), credit(3, { quantity: 147.375, vintage: null }), credit(4, { id: null }), credit(5, { projects: [{ project_id: 'A' }, { project_id: 'B', category: null }] })];
    const text = pageText(1, 1, items);
    const { db, ops } = open(cacheFile());
    const cp = ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    const page = read(ops, 1, text);
    expect(page).toMatchObject({ count: 4, trouble: expect.any(String), pagination: { total_pages: 1 } });
    expect(page.skipped).toEqual([expect.objectContaining({ page: 1, position: 3, field: 'id' })]);
    step(ops, [page], cp.pass, null);
    ops['sync:succeed']({ job: 'credits', reconcile: true });
    const client = readPage(text, createItemReaders((t) => t).creditTransaction, 1, WHAT)!;
    expect(stored(db)).toEqual(creditRows(client.items).map((row) => [...row]));
  });

  it("stages a full pass's clean page as it is read; a page with unreadable items waits for its step", () => {
    const { db, ops } = open(cacheFile());
    const cp = ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    const clean = read(ops, 1, pageText(1, 2, [credit(1), credit(2)]));
    expect(count(db, 'credit_transactions_next')).toBe(2);
    const odd = read(ops, 2, pageText(2, 2, [credit(3, { vintage: 'soon' })]));
    expect(count(db, 'credit_transactions_next')).toBe(2);
    step(ops, [clean, odd], cp.pass, null);
    expect(count(db, 'credit_transactions_next')).toBe(3);
    expect(count(db, 'credit_transactions')).toBe(0);
    ops['sync:succeed']({ job: 'credits', reconcile: true });
    expect(count(db, 'credit_transactions')).toBe(3);
  });

  it("writes an incremental pass's page only with its step, in the live table", () => {
    const { db, ops } = open(cacheFile());
    const cp = ops['sync:begin']({ job: 'credits', mode: 'incremental', cursor: { next_page: 1 }, windowFrom: '2024-01-01' });
    const page = read(ops, 1, pageText(1, 1, [credit(1), credit(2)]));
    expect(count(db, 'credit_transactions')).toBe(0);
    step(ops, [page], cp.pass, null);
    expect(count(db, 'credit_transactions')).toBe(2);
  });

  it('after a crash between reading and writing, resumes to exactly the rows the pass listed', () => {
    const file = cacheFile();
    const first = open(file);
    const cp = first.ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    step(first.ops, [read(first.ops, 1, pageText(1, 2, [credit(1), credit(2)]))], cp.pass, 2);
    // Page 2 read (and staged) but its step never came: the process died.
    read(first.ops, 2, pageText(2, 2, [credit(3), credit(4)]));
    first.db.close();
    dbs.splice(dbs.indexOf(first.db), 1);
    const again = open(file);
    const resumed = again.ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    expect(resumed.cursor).toEqual({ next_page: 2 });
    // Page 2 is fetched again and now lists 4 changed and 5 (3 and 4 as before were replaced, nothing twice).
    const page2 = read(again.ops, 2, pageText(2, 2, [credit(3), credit(4, { quantity: 7 }), credit(5)]));
    step(again.ops, [page2], resumed.pass, null);
    again.ops['sync:succeed']({ job: 'credits', reconcile: true });
    expect(again.db.prepare('SELECT id, quantity FROM credit_transactions ORDER BY id').raw().all()).toEqual([[1, 10], [2, 20], [3, 30], [4, 7], [5, 50]]);
  });

  it("logs a resync's new transactions at their page's step, once", () => {
    const { db, ops } = open(cacheFile());
    const first = ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    step(ops, [read(ops, 1, pageText(1, 1, [credit(1)]))], first.pass, null);
    ops['sync:succeed']({ job: 'credits', reconcile: true });
    ops['sync:runStart']();
    const second = ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    const page = read(ops, 1, pageText(1, 1, [credit(1), credit(2), credit(3)]));
    const logged = () => db.prepare('SELECT coalesce(sum(transactions), 0) FROM change_credit_groups').pluck().get();
    expect(logged()).toBe(0);
    step(ops, [page], second.pass, null);
    expect(logged()).toBe(2);
  });

  it('refuses a step naming a page it no longer holds, and lets go of what the job did not write', () => {
    const { ops } = open(cacheFile());
    const cp = ops['sync:begin']({ job: 'credits', mode: 'full', cursor: { next_page: 1 } });
    const page = read(ops, 1, pageText(1, 1, [credit(1)]));
    ops['pages:dropCredits']();
    expect(() => step(ops, [page], cp.pass, null)).toThrow(/no longer held/);
    expect(ops['pages:readCredits']({ body: body('{"pagination": {'), page: 1, what: WHAT })).toBeNull();
    expect(() => ops['pages:readCredits']({ body: body('{"data": []}'), page: 1, what: WHAT })).toThrow(/Malformed page 1 of credit transactions/);
  });
});
