/**
 * Crash-resume: the CLI sync is SIGKILLed at random points many times and resumed each time; the
 * final cache equals a clean sync's (row counts and content checksums per table) and passes
 * PRAGMA integrity_check.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../workers/open-cache';
import { cacheChecksums } from './cache-checksum';
import { cliSync, startTestService, tempDir, type TestService } from './test-support';

let service: TestService;
const dirs: string[] = [];

/** The CLI sync of every job; SIGKILLed after `killAfterMs` when given. */
const sync = (dataDir: string, killAfterMs?: number, full = false) => cliSync(service, dataDir, { killAfterMs, full });

/** Reads the crash directory's cache while the sync may be writing it; `none` before the cache exists. */
function readCache<T>(dataDir: string, read: (db: Database.Database) => T, none: T): T {
  const dir = path.join(dataDir, 'cache');
  if (!fs.existsSync(dir) || !fs.readdirSync(dir).some((f) => f.endsWith('.sqlite'))) return none;
  const db = new Database(cacheFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Whether the credits job has written every page of its pass and only its completion is left (its publishing). */
const creditsPublishing = (dataDir: string) => () =>
  readCache(dataDir, (db) => (db.prepare("SELECT cursor FROM sync_state WHERE job = 'credits'").get() as { cursor: string | null } | undefined)?.cursor === '{"done":true}', false);

/** The jobs whose cursor is past their first page: a kill now lands inside a pass. */
const jobsMidPass = (dataDir: string): string[] =>
  readCache(dataDir, (db) => db.prepare("SELECT job FROM sync_state WHERE cursor IS NOT NULL AND cursor NOT LIKE '%next_page\":1}'").pluck().all() as string[], []);

const cacheFile = (dataDir: string) => {
  const dir = path.join(dataDir, 'cache');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.sqlite'));
  return path.join(dir, file!);
};

/** A seeded generator, so a failing run can be repeated. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

beforeAll(async () => {
  // A little latency spreads the sync over a few seconds, so kills land in every job.
  service = await startTestService(['--rate-limit-pro', '100000', '--latency-ms', '15']);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('crash-resume', () => {
  it('SIGKILLed many times at random points, the resumed sync equals a clean one', async () => {
    const cleanDir = tempDir('clean');
    const crashDir = tempDir('crash');
    dirs.push(cleanDir, crashDir);
    const clean = await sync(cleanDir);
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout).state).toBe('done');
    // A second run with a full credits pass times a whole run (every job's complete pass); kills are
    // spread over that span, and every crashed run makes the same full pass, so they land inside it.
    const t0 = Date.now();
    expect((await sync(cleanDir, undefined, true)).code).toBe(0);
    const cleanMs = Date.now() - t0;

    const random = rng(Number(process.env.CRASH_SEED ?? 4242));
    const kills = Number(process.env.CRASH_KILLS ?? 8);
    let killed = 0;
    const midPass = new Set<string>();
    for (let i = 0; i < kills; i++) {
      // Kills at random moments of a whole run. The first one is sent as soon as a pass is seen under
      // way (a loaded machine can stretch a run's start past any fixed delay, and a small market's job
      // can finish within milliseconds), and what was under way when it was sent counts.
      const underWay = () => {
        const jobs = jobsMidPass(crashDir);
        for (const job of jobs) midPass.add(job);
        return jobs.length > 0;
      };
      const r = i === 0
        ? await cliSync(service, crashDir, { full: true, killWhen: underWay, killDelayMs: 0 })
        : await sync(crashDir, Math.round(300 + random() * 0.85 * Math.max(0, cleanMs - 300)), true);
      if (r.signal === 'SIGKILL') killed++;
      else expect(r.code).toBe(0);
      for (const job of jobsMidPass(crashDir)) midPass.add(job);
    }
    expect(killed).toBeGreaterThan(kills / 2);
    // Kills landed inside passes (a cursor past the first page), not only between jobs.
    expect(midPass.size).toBeGreaterThan(0);
    const last = await sync(crashDir);
    expect(last.code, last.stdout).toBe(0);

    const a = cacheChecksums(cacheFile(cleanDir));
    const b = cacheChecksums(cacheFile(crashDir));
    expect(b.integrity).toBe('ok');
    expect(b.tables).toEqual(a.tables);
    expect(a.tables.credit_transactions!.rows).toBeGreaterThan(1000);
    // Every index and trigger is back, including those a first projects pass set aside when a kill cut it short.
    const schema = (dataDir: string) =>
      readCache(dataDir, (db) => db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all(), []);
    expect(schema(crashDir)).toEqual(schema(cleanDir));
    // (The first projects pass sets its indexes aside: the clean one got them back too.)
    expect(readCache(cleanDir, (db) => db.prepare("SELECT count(*) FROM sqlite_master WHERE tbl_name = 'projects' AND type = 'index' AND sql IS NOT NULL").pluck().get(), 0)).toBeGreaterThan(0);
    expect(readCache(crashDir, (db) => db.prepare('SELECT count(*) FROM deferred_schema').pluck().get(), -1)).toBe(0);
  }, 120_000);

  it('SIGKILLed while a full credits pass is published (indexes built, tables swapped), the resumed sync equals a clean one', async () => {
    const cleanDir = tempDir('clean-publish');
    const crashDir = tempDir('crash-publish');
    dirs.push(cleanDir, crashDir);
    const only = ['keyInfo', 'projects', 'credits'];
    expect((await cliSync(service, cleanDir, { only })).code).toBe(0);
    expect((await cliSync(service, crashDir, { only })).code).toBe(0);
    const random = rng(Number(process.env.CRASH_SEED ?? 4242));
    const liveIndexes = readCache(cleanDir, (db) => db.prepare("SELECT count(*) FROM sqlite_master WHERE tbl_name = 'credit_transactions' AND type = 'index'").pluck().get(), -1);
    expect(liveIndexes).toBeGreaterThan(0);
    let killedPublishing = 0;
    for (let i = 0; i < 4; i++) {
      // A full resync, killed once its pages are written: during its publishing, at a random moment of it.
      const r = await cliSync(service, crashDir, { only: ['credits'], full: true, killWhen: creditsPublishing(crashDir), killDelayMs: Math.round(random() * 40) });
      if (r.signal === 'SIGKILL') killedPublishing++;
      const db = new Database(cacheFile(crashDir), { readonly: true });
      // Whatever moment the kill met, the live transactions are a whole pass: the old or the new one, never a mix or none.
      expect(db.prepare('SELECT count(*) FROM credit_transactions').pluck().get()).toBe(cacheChecksums(cacheFile(cleanDir)).tables.credit_transactions.rows);
      expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE tbl_name = 'credit_transactions' AND type = 'index'").pluck().get()).toBe(liveIndexes);
      db.close();
    }
    expect(killedPublishing).toBeGreaterThan(0);
    const last = await cliSync(service, crashDir, { only: ['credits'] });
    expect(last.code, last.stdout).toBe(0);
    const a = cacheChecksums(cacheFile(cleanDir));
    const b = cacheChecksums(cacheFile(crashDir));
    expect(b.integrity).toBe('ok');
    expect(b.tables).toEqual(a.tables);
    // Each cache's analytical copy, however the kills left it, mirrors its cache: both answer alike.
    const answers = async (file: string) => {
      const cache = openCache(file);
      try {
        const status = await cache.call('copy:settled');
        const buyers = await cache.call('query:buyers.list', { per_page: 50, sort: ['buyer_name'] } as never);
        const totals = await cache.call('query:credits.totals', {} as never);
        return { current: status?.current, buyers, totals };
      } finally {
        await cache.close();
      }
    };
    const crashed = await answers(cacheFile(crashDir));
    expect(crashed.current).toBe(true);
    expect(crashed).toEqual(await answers(cacheFile(cleanDir)));
  }, 120_000);
});
