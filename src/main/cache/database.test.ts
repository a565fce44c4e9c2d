import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkpointNow, deferCheckpoints, openCacheDatabase, withSortSettings } from './database';

describe('withSortSettings', () => {
  it('runs with the page cache and sort threads asked for and puts the previous ones back, also when the work fails', () => {
    const db = new Database(':memory:');
    db.pragma('cache_size = -16384');
    const settings = () => [db.pragma('cache_size', { simple: true }), db.pragma('threads', { simple: true })];
    expect(withSortSettings(db, { pageCacheKib: 4096, sortThreads: 2 }, settings)).toEqual([-4096, 2]);
    expect(settings()).toEqual([-16384, 0]);
    expect(() => withSortSettings(db, { pageCacheKib: 4096, sortThreads: 2 }, () => {
      throw new Error('the publishing failed');
    })).toThrow('the publishing failed');
    expect(settings()).toEqual([-16384, 0]);
    db.close();
  });
});

describe('deferCheckpoints and checkpointNow', () => {
  it("leave the commits in between in the WAL (the file alone does not hold them), then move them into the file with the connection's checkpoints back on", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-wal-'));
    const file = path.join(dir, 'c.sqlite');
    try {
      const db = openCacheDatabase(file);
      db.exec('CREATE TABLE t (x)');
      const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true });
      db.pragma('wal_autocheckpoint = 1');
      db.pragma('wal_checkpoint(TRUNCATE)');
      // The file as it is on disk, without the WAL (what a checkpoint has copied into it so far).
      const inFile = () => {
        const copy = path.join(dir, 'copy.sqlite');
        fs.copyFileSync(file, copy);
        const c = new Database(copy, { readonly: true });
        const n = c.prepare('SELECT count(*) FROM t').pluck().get();
        c.close();
        return n;
      };
      const insert = (n: number) => db.transaction(() => { for (let i = 0; i < n; i++) db.prepare('INSERT INTO t VALUES (?)').run(i); })();
      deferCheckpoints(db);
      // A publishing, then the next jobs' commits: none of them is copied into the file.
      insert(500);
      insert(1);
      insert(1);
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(502);
      expect(inFile()).toBe(0);
      checkpointNow(db);
      expect(inFile()).toBe(502);
      expect(fs.statSync(`${file}-wal`).size).toBe(0);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(autocheckpoint);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openCacheDatabase', () => {
  it('waits for another process writing to the new file, which SQLite would refuse at once when switching it to WAL', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-open-')), 'cache.sqlite');
    try {
      // Another process holds a write transaction on the file (not yet in WAL) for 600 ms.
      const script = `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))}); const db = new D(${JSON.stringify(file)});
        db.exec('CREATE TABLE held (x); BEGIN IMMEDIATE; INSERT INTO held VALUES (1)'); console.log('held');
        setTimeout(() => { db.exec('COMMIT'); db.close(); }, 600);`;
      const other = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise((resolve) => other.on('exit', resolve));
      await new Promise<void>((resolve) => other.stdout.once('data', () => resolve()));
      // SQLite's own answer to the switch meanwhile: locked, without waiting for its busy timeout.
      const bare = new Database(file);
      bare.pragma('busy_timeout = 5000');
      expect(() => bare.pragma('journal_mode = WAL')).toThrow(/locked/);
      bare.close();
      const db = openCacheDatabase(file);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT count(*) FROM held').pluck().get()).toBe(1);
      db.close();
      await exited;
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
