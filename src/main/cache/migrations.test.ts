import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheMigrations, combineMigrations, loadMigrations, runMigrations } from './migrations';
import { openCacheDatabase } from './database';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-migrations-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('cache migrations', () => {
  it('applies every migration once and records name and sha256', () => {
    const db = new Database(':memory:');
    const applied = runMigrations(db, cacheMigrations());
    expect(applied.length).toBe(cacheMigrations().length);
    expect(applied[0]).toBe('001-market.sql');
    const rows = db.prepare('SELECT name, sha256 FROM schema_migrations ORDER BY id').all() as Array<{ name: string; sha256: string }>;
    expect(rows.map((r) => r.name)).toEqual(applied);
    for (const r of rows) expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(runMigrations(db, cacheMigrations())).toEqual([]);
  });

  it('refuses a cache whose applied migration changed', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '001-a.sql'), 'CREATE TABLE a (x INTEGER);');
    const db = new Database(':memory:');
    runMigrations(db, loadMigrations(dir));
    fs.writeFileSync(path.join(dir, '001-a.sql'), 'CREATE TABLE a (x INTEGER, y TEXT);');
    expect(() => runMigrations(db, loadMigrations(dir))).toThrow(/changed after it was applied/);
  });

  it('refuses a cache written with a migration this build does not know', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '001-a.sql'), 'CREATE TABLE a (x INTEGER);');
    fs.writeFileSync(path.join(dir, '002-b.sql'), 'CREATE TABLE b (x INTEGER);');
    const db = new Database(':memory:');
    runMigrations(db, loadMigrations(dir));
    fs.rmSync(path.join(dir, '002-b.sql'));
    expect(() => runMigrations(db, loadMigrations(dir))).toThrow(/unknown to this build/);
  });

  it('rolls back a failing migration and records nothing for it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '001-a.sql'), 'CREATE TABLE a (x INTEGER);');
    fs.writeFileSync(path.join(dir, '002-b.sql'), 'CREATE TABLE b (x INTEGER); CREATE TABLE a (y);');
    const db = new Database(':memory:');
    expect(() => runMigrations(db, loadMigrations(dir))).toThrow();
    expect((db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
  });

  it('refuses two sets that share an id', () => {
    const a = tmp();
    const b = tmp();
    fs.writeFileSync(path.join(a, '001-a.sql'), 'CREATE TABLE a (x INTEGER);');
    fs.writeFileSync(path.join(b, '001-b.sql'), 'CREATE TABLE b (x INTEGER);');
    expect(() => combineMigrations(loadMigrations(a), loadMigrations(b))).toThrow(/share number 1/);
  });

  it('opens a cache file in WAL mode with foreign keys on', () => {
    const db = openCacheDatabase(path.join(tmp(), 'c.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});

describe('two processes opening the same new cache at once', () => {
  it('migrate it once: every process opens it, every migration is recorded once', async () => {
    const { spawn } = await import('node:child_process');
    const file = path.join(tmp(), 'cache.sqlite');
    const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
    // Every process loads first, then all open the file at the same instant.
    const at = Date.now() + 6000;
    const script = `import { openQueryableCache } from ${JSON.stringify(path.resolve(__dirname, '../analytics/schema.ts'))}; while (Date.now() < ${at}); openQueryableCache(${JSON.stringify(file)}).close();`;
    const run = () =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        const child = spawn(tsx, ['--eval', script], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code: code ?? 1, stderr }));
      });
    const results = await Promise.all(Array.from({ length: 6 }, run));
    expect(results.filter((r) => r.code !== 0).map((r) => r.stderr.slice(0, 300))).toEqual([]);
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT id, count(*) AS n FROM schema_migrations GROUP BY id HAVING n > 1').all();
    const total = (db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n;
    db.close();
    expect(rows).toEqual([]);
    expect(total).toBeGreaterThan(cacheMigrations().length);
  }, 120_000);
});
