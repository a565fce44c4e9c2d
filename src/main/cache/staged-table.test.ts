import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StagedTable } from './staged-table';

function market(): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, w INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX t_v ON t (v COLLATE NOCASE, w);
    CREATE TABLE log (n INTEGER);
    CREATE TRIGGER t_insert AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.id); END;
    INSERT INTO t (id, v) VALUES (1, 'old'), (2, 'gone');
    DELETE FROM log;`);
  return db;
}

const schemaOf = (db: Database.Database) => ({
  dependents: db.prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 't' AND type <> 'table' ORDER BY name").all(),
  columns: db.prepare("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('t')").all(),
});

describe('StagedTable', () => {
  it('publishes the staged rows with the live table’s indexes and triggers, and only then', () => {
    const db = market();
    const before = schemaOf(db);
    const staged = new StagedTable(db, 't');
    staged.start();
    db.prepare("INSERT INTO t_next (id, v, w) VALUES (1, 'new', 5), (3, 'added', 1)").run();
    // Until published, the live rows are the old ones and the trigger saw nothing.
    expect(db.prepare('SELECT id, v FROM t ORDER BY id').all()).toEqual([{ id: 1, v: 'old' }, { id: 2, v: 'gone' }]);
    expect(db.prepare('SELECT count(*) FROM log').pluck().get()).toBe(0);
    db.transaction(() => staged.publish())();
    expect(db.prepare('SELECT id, v, w FROM t ORDER BY id').all()).toEqual([{ id: 1, v: 'new', w: 5 }, { id: 3, v: 'added', w: 1 }]);
    expect(schemaOf(db)).toEqual(before);
    expect(staged.exists()).toBe(false);
    // The index answers, and the trigger fires on later writes.
    expect(db.prepare("SELECT id FROM t INDEXED BY t_v WHERE v = 'ADDED' COLLATE NOCASE").pluck().all()).toEqual([3]);
    db.prepare("INSERT INTO t (id, v) VALUES (4, 'x')").run();
    expect(db.prepare('SELECT n FROM log').pluck().all()).toEqual([4]);
  });

  it('changes nothing when the publishing transaction fails', () => {
    const db = market();
    const staged = new StagedTable(db, 't');
    staged.start();
    db.prepare("INSERT INTO t_next (id, v) VALUES (9, 'nine')").run();
    expect(() => db.transaction(() => {
      staged.publish();
      throw new Error('crash');
    })()).toThrow('crash');
    expect(db.prepare('SELECT id FROM t ORDER BY id').pluck().all()).toEqual([1, 2]);
    expect(db.prepare('SELECT id FROM t_next').pluck().all()).toEqual([9]);
  });

  it('copies into the live table when a migration changed it while a pass was staged', () => {
    const db = market();
    const staged = new StagedTable(db, 't');
    staged.start();
    db.prepare("INSERT INTO t_next (id, v) VALUES (7, 'seven')").run();
    db.exec('ALTER TABLE t ADD COLUMN extra TEXT');
    db.transaction(() => staged.publish())();
    expect(db.prepare('SELECT id, v, extra FROM t').all()).toEqual([{ id: 7, v: 'seven', extra: null }]);
    expect(staged.exists()).toBe(false);
  });
});
