/**
 * A table filled from empty without its secondary indexes and chosen triggers, which are recreated
 * when the filling is done. Inserting a row into an indexed table costs every index a random insert;
 * building each index once afterwards sorts its keys once. What was set aside is kept in
 * `deferred_schema` in the same transaction that drops it, so a crash in between loses nothing (the
 * cache store restores them when the pass completes, when the sync run ends, and when it opens the
 * cache). Readers meanwhile see every row, only without the indexes' speed.
 */
import type Database from 'better-sqlite3';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class DeferredSchema {
  /**
   * `table`: the table; `triggerPrefix`: the triggers set aside with its indexes (those whose name
   * starts with it; null: none); `rebuild`: what recreates what those triggers kept up to date, run
   * after they are back (e.g. an external-content full-text index's 'rebuild').
   */
  constructor(
    private readonly db: Database.Database,
    readonly table: string,
    private readonly triggerPrefix: string | null,
    private readonly rebuild: () => void = () => undefined,
  ) {}

  isDeferred(): boolean {
    return this.db.prepare('SELECT 1 FROM deferred_schema WHERE tbl = ? LIMIT 1').get(this.table) !== undefined;
  }

  /**
   * Sets the indexes and triggers aside when the table is empty (run it inside the transaction that
   * begins the filling). Answers whether it did.
   */
  deferIfEmpty(): boolean {
    if (this.isDeferred()) return true;
    if (this.db.prepare(`SELECT 1 FROM ${quote(this.table)} LIMIT 1`).get() !== undefined) return false;
    const objects = this.db
      .prepare(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL
        AND (type = 'index' OR (type = 'trigger' AND substr(name, 1, length(?)) = ?)) ORDER BY type, name`)
      .all(this.table, this.triggerPrefix ?? '\u0000', this.triggerPrefix ?? '\u0000') as Array<{ type: 'index' | 'trigger'; name: string; sql: string }>;
    const save = this.db.prepare('INSERT INTO deferred_schema (name, tbl, type, sql) VALUES (?, ?, ?, ?)');
    for (const o of objects) {
      save.run(o.name, this.table, o.type, o.sql);
      this.db.exec(`DROP ${o.type === 'index' ? 'INDEX' : 'TRIGGER'} ${quote(o.name)}`);
    }
    return objects.length > 0;
  }

  /** Recreates what was set aside (indexes first, then triggers, then the rebuild); nothing when nothing was. Answers whether it did. */
  restore(): boolean {
    const saved = this.db.prepare("SELECT name, type, sql FROM deferred_schema WHERE tbl = ? ORDER BY type = 'trigger', name").all(this.table) as Array<{ name: string; type: string; sql: string }>;
    if (!saved.length) return false;
    for (const o of saved) {
      const exists = this.db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(o.name) !== undefined;
      if (!exists) this.db.exec(o.sql);
    }
    this.db.prepare('DELETE FROM deferred_schema WHERE tbl = ?').run(this.table);
    this.rebuild();
    return true;
  }
}
