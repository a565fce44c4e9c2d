/**
 * A cache written before the liberal market (nullable totals and flags, an `extra` column) is
 * upgraded in place: its rows, clips, the cache's and the query layer's indexes and triggers all
 * survive the table rebuild (but for those a later migration drops on purpose), and the relaxed
 * columns accept what real servers send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheMigrations, combineMigrations, runMigrations } from '../cache/migrations';
import { analyticsMigrations, openQueryableCache } from './schema';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const objects = (db: Database.Database, type: string) =>
  (db.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name').all(type) as Array<{ name: string }>).map((r) => r.name);

describe('upgrading a cache to the liberal market', () => {
  it('keeps every row, clip, index and trigger, and relaxes the columns real servers leave null', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-upgrade-'));
    dirs.push(dir);
    const file = path.join(dir, 'cache.sqlite');
    const all = combineMigrations(cacheMigrations(), analyticsMigrations());
    // A cache as it was before the liberal market: every migration before it (later ones assume it).
    const before = all.slice(0, all.findIndex((m) => /liberal-market/.test(m.name)));
    expect(all.filter((m) => /liberal-market/.test(m.name))).toHaveLength(2);
    expect(before.length).toBeGreaterThan(0);

    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    runMigrations(old, before);
    old.prepare("INSERT INTO projects (project_id, name, issued, retired, unretired, synced_at) VALUES ('VCS-1', 'Katingan Peatland', 100, 40, 60, 'now')").run();
    old.prepare("INSERT INTO project_clips (project_id, id, position, title) VALUES ('VCS-1', 7, 0, 'A clip')").run();
    old.prepare("INSERT INTO credit_transactions (id, quantity, project_id, transaction_type) VALUES (1, 25, 'VCS-1', 'retirement')").run();
    const indexesBefore = objects(old, 'index').filter((n) => !n.startsWith('sqlite_'));
    const triggersBefore = objects(old, 'trigger');
    old.close();

    const db = openQueryableCache(file);
    try {
      expect(db.prepare('SELECT project_id, name, issued, retired, unretired FROM projects').all()).toEqual([
        { project_id: 'VCS-1', name: 'Katingan Peatland', issued: 100, retired: 40, unretired: 60 },
      ]);
      expect(db.prepare('SELECT title FROM project_clips').all()).toEqual([{ title: 'A clip' }]);
      expect(db.prepare('SELECT id, quantity FROM credit_transactions').all()).toEqual([{ id: 1, quantity: 25 }]);
      // (except those a later migration drops on purpose: the index on sync_pass, as a full credits pass is
      // staged instead; the search index and the rollups' triggers, as the read model's copy answers instead)
      const later = all.slice(all.findIndex((m) => /liberal-market/.test(m.name)) + 1);
      const dropped = (what: string) => later.flatMap((m) => [...m.sql.matchAll(new RegExp(`DROP ${what} IF EXISTS (\\w+)`, 'g'))].map((x) => x[1]));
      expect(dropped('INDEX')).toContain('credit_transactions_sync_pass');
      expect(objects(db, 'index')).toEqual(expect.arrayContaining(indexesBefore.filter((n) => !dropped('INDEX').includes(n))));
      expect(objects(db, 'trigger')).toEqual(expect.arrayContaining(triggersBefore.filter((n) => !dropped('TRIGGER').includes(n))));
      expect(objects(db, 'table')).not.toContain('projects_fts');
      expect(db.pragma('foreign_key_check')).toEqual([]);

      db.prepare("INSERT INTO projects (project_id, issued, retired, unretired, has_ccb, synced_at, extra) VALUES ('CDC-9', NULL, NULL, NULL, NULL, 'now', '{\"x\":1}')").run();
      db.prepare('INSERT INTO credit_transactions (id, quantity) VALUES (2, NULL), (3, 147278.375)').run();
      expect(db.prepare('SELECT quantity FROM credit_transactions WHERE id = 3').get()).toEqual({ quantity: 147278.375 });
      // The clip still belongs to its project (deleting the project removes it).
      db.prepare("DELETE FROM projects WHERE project_id = 'VCS-1'").run();
      expect(db.prepare('SELECT count(*) AS n FROM project_clips').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
