import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { creditListQuery } from '../../shared/api/params';
import { generateMarket } from '../generator';
import { creditRoutes } from '../routes/credits';
import { startService } from '../server';
import { buildMissingCreditIndexes } from './credit-indexes';
import { MarketStore } from './market-store';
import { missingCreditIndexes, openDatabase, resetMarket, sealMarket, type Db } from './open-store';
import { CREDIT_INDEXES } from './schema';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A market in a file, sealed without its credit indexes (as a fresh service start leaves it). */
function freshMarket(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-indexes-'));
  dirs.push(dir);
  const file = path.join(dir, 'market.sqlite');
  const db = openDatabase(file);
  resetMarket(db);
  generateMarket(db, { seed: 4, scale: 0.01, today: '2026-06-30' });
  sealMarket(db, { seed: 4, scale: 0.01, messy: false, base: '2026-06-30' }, { creditIndexes: 'later' });
  return { db, file };
}

const planOf = (db: Db, sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
const DATE_QUERY = "SELECT id FROM credits WHERE transaction_date >= '2024-01-01' ORDER BY transaction_date LIMIT 5";

describe('credit indexes built while the service serves', () => {
  it('a sealed fresh market lacks exactly the credit indexes; the thread builds them and this connection plans with them', async () => {
    const { db, file } = freshMarket();
    expect(missingCreditIndexes(db)).toEqual(CREDIT_INDEXES.map((i) => i.sql));
    expect(planOf(db, DATE_QUERY)).not.toContain('credits_date');
    const lines: string[] = [];
    const build = buildMissingCreditIndexes(db, file, (line) => lines.push(line));
    expect(build.building()).toBe(true);
    await build.ready;
    expect(build.building()).toBe(false);
    expect(lines).toEqual([]);
    expect(missingCreditIndexes(db)).toEqual([]);
    expect(planOf(db, DATE_QUERY)).toContain('credits_date');
    const stats = db.prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = 'credits' ORDER BY idx").pluck().all();
    expect(stats).toEqual(CREDIT_INDEXES.map((i) => i.name).sort());
    db.close();
  });

  it('builds only what a stopped build left missing, and on its own connection when asked', async () => {
    const { db, file } = freshMarket();
    db.exec(CREDIT_INDEXES[0]!.sql);
    db.exec(CREDIT_INDEXES[2]!.sql);
    expect(missingCreditIndexes(db)).toEqual([CREDIT_INDEXES[1]!.sql, CREDIT_INDEXES[3]!.sql]);
    const build = buildMissingCreditIndexes(db, file, () => undefined, { inThread: false });
    expect(build.building()).toBe(true);
    await build.ready;
    expect(missingCreditIndexes(db)).toEqual([]);
    expect(buildMissingCreditIndexes(db, file, () => undefined).building()).toBe(false);
    db.close();
  });

  it('a database the thread cannot open is indexed here instead, with one line saying so', async () => {
    const { db } = freshMarket();
    const lines: string[] = [];
    await buildMissingCreditIndexes(db, path.join(os.tmpdir(), 'no-such-folder-for-credit-indexes', 'x.sqlite'), (line) => lines.push(line)).ready;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/in a thread failed .*building them here/);
    expect(missingCreditIndexes(db)).toEqual([]);
    db.close();
  });

  it('pages of every transaction in id order (a full pass) do not wait for the indexes; filtered or sorted ones do', () => {
    const { db } = freshMarket();
    const market = new MarketStore(db);
    const route = creditRoutes.find((r) => r.path === '/credits/')!;
    const answersNow = (raw: Record<string, unknown>) => route.answersWithoutIndexes!(market, creditListQuery.parse(raw));
    expect(answersNow({ sort: 'id', per_page: 200, current_page: 7 })).toBe(true);
    expect(answersNow({ sort: 'id', per_page: 1 })).toBe(true);
    expect(answersNow({ sort: 'id', transaction_date_from: '2024-01-01' })).toBe(false);
    expect(answersNow({ sort: '-id' })).toBe(false);
    expect(answersNow({ sort: 'quantity' })).toBe(false);
    expect(answersNow({ transaction_type: ['retirement'] })).toBe(false);
    db.close();
  });

  it('a fresh service answers the transactions once indexed, and a restart builds an index left missing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-indexes-svc-'));
    dirs.push(dir);
    const dbPath = path.join(dir, 'market.sqlite');
    const first = await startService({ scale: 0.01, seed: 6, dbPath });
    const page = (svc: typeof first) =>
      fetch(`${svc.baseUrl}/v1/credits/?per_page=5&sort=-transaction_date`, { headers: { 'X-API-KEY': svc.keys.pro } }).then(async (r) => ({ status: r.status, body: await r.json() as unknown }));
    const [projects, early] = await Promise.all([
      fetch(`${first.baseUrl}/v1/projects/?per_page=3`, { headers: { 'X-API-KEY': first.keys.pro } }).then((r) => r.status),
      page(first),
    ]);
    expect(projects).toBe(200);
    await first.creditIndexesReady;
    expect(await page(first)).toEqual(early);
    await first.stop();

    const file = openDatabase(dbPath);
    file.exec('DROP INDEX credits_buyer');
    file.close();
    const second = await startService({ scale: 0.01, seed: 6, dbPath });
    expect(second.generationMs).toBe(0);
    await second.creditIndexesReady;
    expect(await page(second)).toEqual(early);
    await second.stop();
    const reopened = openDatabase(dbPath);
    expect(missingCreditIndexes(reopened)).toEqual([]);
    reopened.close();
  });
});
