/**
 * A table rebuilt beside the live one and swapped in: a full pass writes its rows into
 * `<table>_next` (the live table's columns and primary key, none of its secondary indexes or
 * triggers, so every insert is an append), and publishing it replaces the live table in the caller's
 * transaction: the live table's indexes and triggers are recreated on the new rows, each index built
 * once from sorted keys instead of updated row by row. Readers on other connections keep the old
 * rows until that transaction commits. The staging table lives in the file, so a pass interrupted by
 * a crash resumes writing where its cursor says.
 */
import type Database from 'better-sqlite3';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An index or trigger of the live table, recreated on the published rows. */
export interface StagedDependent {
  type: 'index' | 'trigger';
  name: string;
}

/** The indexes and triggers of `table` that a publishing recreates, in its order: the indexes by name, then the triggers. */
export function stagedDependents(db: Database.Database, table: string): Array<StagedDependent & { sql: string }> {
  return db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type = 'trigger', name")
    .all(table) as Array<StagedDependent & { sql: string }>;
}

export class StagedTable {
  readonly staging: string;

  constructor(
    private readonly db: Database.Database,
    readonly live: string,
  ) {
    this.staging = `${live}_next`;
  }

  exists(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(this.staging) !== undefined;
  }

  /** An empty staging table with the live table's definition (its schema as the migrations left it). */
  start(): void {
    this.drop();
    const sql = this.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(this.live) as string | undefined;
    if (!sql) throw new Error(`No table ${this.live} to stage`);
    const body = sql.slice(sql.indexOf('('));
    this.db.exec(`CREATE TABLE ${quote(this.staging)} ${body}`);
  }

  drop(): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quote(this.staging)}`);
  }

  /**
   * Replaces the live table by the staging table, with the live table's indexes and triggers. Run it
   * inside a transaction: on any failure nothing changes. When a migration changed the live table
   * while a pass was staged (their columns differ), the rows are copied into the live table instead.
   */
  publish(): number {
    // Columns of the main schema's tables only: a table-valued pragma without a schema reads every
    // attached database, and would wait for the lock of a busy one.
    const columns = (t: string) => (this.db.prepare(`SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid`).pluck().all(t) as string[]).join(',');
    const rows = this.db.prepare(`SELECT count(*) FROM ${quote(this.staging)}`).pluck().get() as number;
    if (columns(this.live) !== columns(this.staging)) {
      const shared = (this.db.prepare("SELECT name FROM pragma_table_info(?, 'main') WHERE name IN (SELECT name FROM pragma_table_info(?, 'main'))").pluck().all(this.staging, this.live) as string[]).map(quote).join(', ');
      this.db.exec(`DELETE FROM ${quote(this.live)}`);
      this.db.exec(`INSERT INTO ${quote(this.live)} (${shared}) SELECT ${shared} FROM ${quote(this.staging)}`);
      this.drop();
      return rows;
    }
    const dependents = stagedDependents(this.db, this.live);
    this.db.exec(`DROP TABLE ${quote(this.live)}`);
    // The legacy rename touches only the table itself (nothing else names the staging table).
    this.db.pragma('legacy_alter_table = ON');
    try {
      this.db.exec(`ALTER TABLE ${quote(this.staging)} RENAME TO ${quote(this.live)}`);
    } finally {
      this.db.pragma('legacy_alter_table = OFF');
    }
    for (const d of dependents) this.db.exec(d.sql);
    return rows;
  }
}
