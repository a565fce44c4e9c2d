import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredSchema } from './deferred-schema';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function openDb(file: string): Database.Database {
  const db = new Database(file);
  db.exec(`CREATE TABLE IF NOT EXISTS deferred_schema (name TEXT PRIMARY KEY, tbl TEXT NOT NULL, type TEXT NOT NULL, sql TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, name TEXT, size INTEGER);
    CREATE INDEX IF NOT EXISTS items_name ON items (name COLLATE NOCASE);
    CREATE INDEX IF NOT EXISTS items_size ON items (size);
    CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5 (name, content='items', content_rowid='rowid', tokenize='trigram');
    CREATE TRIGGER IF NOT EXISTS items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts (rowid, name) VALUES (new.rowid, new.name);
    END;
    CREATE TRIGGER IF NOT EXISTS items_audit AFTER INSERT ON items BEGIN SELECT 1; END;`);
  return db;
}

const schemaOf = (db: Database.Database) =>
  db.prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'items' AND sql IS NOT NULL ORDER BY name").all();
const deferred = (db: Database.Database) =>
  new DeferredSchema(db, 'items', 'items_fts_', () => db.exec("INSERT INTO items_fts (items_fts) VALUES ('rebuild')"));
const found = (db: Database.Database, needle: string) =>
  db.prepare('SELECT i.id FROM items_fts f JOIN items i ON i.rowid = f.rowid WHERE items_fts MATCH ? ORDER BY i.id').pluck().all(needle);

describe('a table filled from empty with its indexes set aside', () => {
  it('sets aside the indexes and the named triggers of an empty table, and brings back the same schema with search entries for every row', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-deferred-'));
    dirs.push(dir);
    const db = openDb(path.join(dir, 'c.sqlite'));
    const before = schemaOf(db);
    const d = deferred(db);
    expect(db.transaction(() => d.deferIfEmpty())()).toBe(true);
    expect(d.isDeferred()).toBe(true);
    const names = (schemaOf(db) as Array<{ name: string }>).map((o) => o.name);
    expect(names).not.toContain('items_name');
    expect(names).not.toContain('items_fts_insert');
    // A trigger not named by the prefix keeps running.
    expect(names).toContain('items_audit');

    const insert = db.prepare('INSERT INTO items (id, name, size) VALUES (?, ?, ?)');
    for (let i = 0; i < 500; i++) insert.run(`P-${i}`, i % 2 ? `Katingan peatland ${i}` : `Rimba forest ${i}`, i);
    expect(found(db, 'peatland')).toHaveLength(0);

    expect(db.transaction(() => d.restore())()).toBe(true);
    expect(schemaOf(db)).toEqual(before);
    expect(d.isDeferred()).toBe(false);
    expect(found(db, 'peatland')).toHaveLength(250);
    expect(() => db.exec("INSERT INTO items_fts (items_fts) VALUES ('integrity-check')")).not.toThrow();
    // Rows written after the restore are indexed by the trigger again.
    insert.run('P-new', 'New peatland', 1);
    expect(found(db, 'new peat')).toEqual(['P-new']);
    db.close();
  });

  it('leaves a table that has rows as it is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-deferred-'));
    dirs.push(dir);
    const db = openDb(path.join(dir, 'c.sqlite'));
    db.prepare("INSERT INTO items (id, name, size) VALUES ('P-1', 'one', 1)").run();
    const before = schemaOf(db);
    expect(deferred(db).deferIfEmpty()).toBe(false);
    expect(schemaOf(db)).toEqual(before);
    expect(deferred(db).restore()).toBe(false);
    expect(schemaOf(db)).toEqual(before);
    db.close();
  });

  it('remembers what it set aside across a crash: another connection restores it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-deferred-'));
    dirs.push(dir);
    const file = path.join(dir, 'c.sqlite');
    const first = openDb(file);
    const before = schemaOf(first);
    inTransaction(first, () => deferred(first).deferIfEmpty());
    first.prepare("INSERT INTO items (id, name, size) VALUES ('P-1', 'Mangrove restoration', 1)").run();
    first.close();

    const second = new Database(file);
    expect(deferred(second).isDeferred()).toBe(true);
    inTransaction(second, () => deferred(second).restore());
    expect(schemaOf(second)).toEqual(before);
    expect(found(second, 'mangrove')).toEqual(['P-1']);
    second.close();
  });
});

function inTransaction(db: Database.Database, fn: () => unknown): void {
  db.transaction(fn)();
}
