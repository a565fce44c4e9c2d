/**
 * The analytical copy: the read model's tables in a DuckDB file beside the cache (`<cache>.duckdb`),
 * derived from the cache and never a second truth. It follows the cache's writes as the writer
 * reports them after each commit (a ReadModelChange: the rows written, or a table replaced whole),
 * mirroring a staged full credits pass as it is staged so that its publishing is a swap here too,
 * and records which version of each cache table it mirrors. While it mirrors the cache's current
 * versions it answers the read model's queries (`engine`); otherwise SQLite answers and the copy
 * catches up: by the changes reported, or by rebuilding a table from the cache when it missed some
 * (a missing, stale or damaged file, a change it was not told of), off the caller's path.
 *
 * Invariants: one serial queue applies every change and rebuild, so they happen in the order they
 * were reported; a table is swapped in, with the version it mirrors, in one DuckDB transaction, so a
 * kill at any point leaves the copy either at its old version or at the new one.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { CopyStatus, ReadModelChange } from '../../cache/cache-protocol';
import { openCacheReader } from '../../cache/database';
import type { ReadEngine } from '../read-engine';
import { cacheColumnsOf, CopyCodes, deleteKeys, loadRows, loadRowsByKey, SOURCES, STATE_DDL, tableDdl, type CopyTable } from './copy-tables';
import { duckdbEngine, SerialQueue } from './duckdb-engine';

/** Moves when the copy's tables change shape: a copy of another shape is rebuilt. */
const COPY_SCHEMA = 3;
/** Rows read from the cache per step of a rebuild (the reader's queries get a turn between steps). */
const REBUILD_STEP_ROWS = 4_096;
/** Rows of a staged pass gathered before they are appended (fewer, larger appends). */
const STAGED_BATCH_ROWS = 20_000;
/** How long a query that found the copy behind waits for the writer's report before the copy rebuilds what is behind. */
const CATCH_UP_AFTER_MS = 1_000;

export interface CopyOptions {
  /** DuckDB's threads (default 2) and memory limit (default '256MB'). */
  threads?: number;
  memoryLimit?: string;
  /** Told when the copy becomes current or falls behind (tests, the smoke check). */
  onState?: (state: CopyStatus) => void;
  /** The DuckDB file (default `<cache>.duckdb`; ':memory:' keeps the copy in memory). */
  file?: string;
  /** The connection a rebuild reads the cache through (default: one of its own, closed after; tests give the cache's own). */
  source?: Database.Database;
}


type Versions = { credits: number; projects: number };

/** The cache's versions of the tables the copy mirrors (moved by the writer with every change). */
export function cacheVersions(db: Database.Database): Versions {
  const rows = db.prepare("SELECT key, value FROM cache_facts WHERE key IN ('read_version:credits', 'read_version:projects')").all() as Array<{ key: string; value: string }>;
  const v = Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]));
  return { credits: v['read_version:credits'] ?? 0, projects: v['read_version:projects'] ?? 0 };
}

const removeFile = (file: string) => {
  for (const f of [file, `${file}.wal`]) fs.rmSync(f, { force: true });
};

async function openInstance(file: string, options: CopyOptions): Promise<DuckDBInstance> {
  // DuckDB's default checkpoint threshold (16 MB) is kept: appended rows wait in memory until a checkpoint writes them.
  const settings = { threads: String(options.threads ?? 2), memory_limit: options.memoryLimit ?? '256MB' };
  try {
    return await DuckDBInstance.create(file, settings);
  } catch {
    // A damaged copy is of no use: it is made again from the cache.
    removeFile(file);
    return DuckDBInstance.create(file, settings);
  }
}

export class AnalyticalCopy {
  readonly engine: ReadEngine;
  private readonly queue = new SerialQueue();
  private versions: Versions = { credits: -1, projects: -1 };
  private stagedPass: number | null = null;
  private rebuilding: CopyStatus['rebuilding'] = null;
  private catchUp: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private codes = new CopyCodes();
  /** Staged rows reported and not appended yet (all of one pass). */
  private stagedIds: number[] = [];
  /**
   * Whether the staged mirror was counted against the cache's staged rows since the copy opened or a
   * change could not be applied. Afterwards every staged row arrives as a report: while a pass is
   * being written the cache is always ahead of the reports still in the port, and counting then
   * would rebuild the mirror for nothing (a publishing verifies the counts anyway).
   */
  private stagedVerified = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writes: DuckDBConnection,
    queries: DuckDBConnection,
    /** The cache's reading connection (the reader's own): versions and the rows of reported changes. */
    private readonly cache: Database.Database,
    private readonly cacheFile: string,
    private readonly options: CopyOptions,
  ) {
    this.engine = duckdbEngine(queries);
  }

  /** Opens (or makes) the copy of the cache `cacheFile` read through `cache`, and starts catching up with it. */
  static async open(cacheFile: string, cache: Database.Database, options: CopyOptions = {}): Promise<AnalyticalCopy> {
    const file = options.file ?? `${cacheFile}.duckdb`;
    const instance = await openInstance(file, options);
    const writes = await instance.connect();
    const queries = await instance.connect();
    const copy = new AnalyticalCopy(instance, writes, queries, cache, cacheFile, options);
    await copy.queue.run(() => copy.load());
    copy.scheduleCatchUp(0);
    return copy;
  }

  /** Whether the copy mirrors the cache's current state (then `engine` answers as SQLite would). */
  isCurrent(): boolean {
    const now = cacheVersions(this.cache);
    const current = now.credits === this.versions.credits && now.projects === this.versions.projects;
    if (!current) this.scheduleCatchUp(CATCH_UP_AFTER_MS);
    return current;
  }

  status(): CopyStatus {
    return { ...this.versions, current: this.isCurrent(), rebuilding: this.rebuilding };
  }

  /**
   * Resolves once every change reported so far and every rebuild under way is applied, and what is
   * still behind the cache then has been rebuilt.
   */
  settled(): Promise<void> {
    return this.queue.run(async () => {
      await this.appendStaged();
      if (!this.currentNow()) await this.catchUpBehind();
    });
  }

  /** Rebuilds now whatever is behind the cache (a cache written without reporting its changes: tests). */
  catchUpNow(): Promise<void> {
    return this.queue.run(() => this.catchUpBehind());
  }

  /** A change the writer reported after its commit (one it cannot apply leaves the table to a rebuild). */
  follow(change: ReadModelChange): Promise<void> {
    return this.queue.run(() => this.apply(change)).catch(() => {
      this.stagedVerified = false;
      this.scheduleCatchUp(0);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.catchUp) clearTimeout(this.catchUp);
    await this.queue.run(() => Promise.resolve());
    this.writes.closeSync();
    this.instance.closeSync();
  }

  // ---- state ----------------------------------------------------------------------------------

  private async load(): Promise<void> {
    await this.writes.run(STATE_DDL);
    const schema = await this.stateValue('schema');
    if (schema !== COPY_SCHEMA) {
      for (const t of ['read_credits', 'read_credits_next', 'read_projects', 'read_credits_build', 'read_projects_build', 'copy_codes']) await this.writes.run(`DROP TABLE IF EXISTS ${t}`);
      await this.writes.run('DELETE FROM copy_state');
      await this.setState({ schema: COPY_SCHEMA });
    }
    // A rebuild cut off by a kill leaves its half-built table: of no use.
    for (const t of ['read_credits_build', 'read_projects_build']) await this.writes.run(`DROP TABLE IF EXISTS ${t}`);
    for (const t of ['read_credits', 'read_projects'] as const) await this.writes.run(tableDdl(t));
    this.codes = await CopyCodes.load(this.writes);
    this.versions = { credits: (await this.stateValue('credits')) ?? -1, projects: (await this.stateValue('projects')) ?? -1 };
    this.stagedPass = await this.stateValue('staged_pass');
    this.report();
  }

  private async stateValue(name: string): Promise<number | null> {
    const reader = await this.writes.runAndReadAll('SELECT value FROM copy_state WHERE name = ?', [name]);
    const v = reader.getRowsJS()[0]?.[0];
    return v === undefined || v === null ? null : Number(v);
  }

  private async setState(values: Record<string, number | null>): Promise<void> {
    for (const [name, value] of Object.entries(values)) {
      if (value === null) await this.writes.run('DELETE FROM copy_state WHERE name = ?', [name]);
      else await this.writes.run('INSERT OR REPLACE INTO copy_state VALUES (?, ?)', [name, BigInt(value)]);
    }
  }

  private report(): void {
    this.options.onState?.({ ...this.versions, current: this.closed ? false : this.currentNow(), rebuilding: this.rebuilding });
  }

  private currentNow(): boolean {
    const now = cacheVersions(this.cache);
    return now.credits === this.versions.credits && now.projects === this.versions.projects;
  }

  // ---- following the writer ---------------------------------------------------------------------

  private async apply(change: ReadModelChange): Promise<void> {
    if (this.closed) return;
    // Only more rows of the same staged pass may wait to be appended with the next ones.
    const moreStaged = change.staged && !change.credits && !change.projects && change.staged.pass !== null && change.staged.pass === this.stagedPass && change.staged.ids.length > 0;
    if (!moreStaged) await this.appendStaged();
    if (change.staged) await this.followStaged(change.staged.pass, change.staged.ids);
    if (change.projects) await this.followTable('read_projects', 'projects', change.projects.version, change.projects.ids);
    if (change.credits) {
      if (change.credits.ids === null) await this.followPublished(change.credits.version);
      else await this.followTable('read_credits', 'credits', change.credits.version, change.credits.ids);
    }
    this.report();
  }

  /** Rows written to a live table: applied when the copy holds the version just before, else the table is rebuilt. */
  private async followTable(table: 'read_credits' | 'read_projects', name: keyof Versions, version: number, ids: readonly (number | string)[] | null): Promise<void> {
    if (this.versions[name] >= version) return;
    if (ids === null || this.versions[name] !== version - 1) return this.rebuild(table);
    await this.inTransaction(async () => {
      await this.upsert(table, ids);
      await this.setState({ [name]: version });
    });
    this.versions[name] = version;
  }

  /** The cache's current rows of `ids` into `table`, replacing the copy's (`append`: the copy holds none of them yet, or may hold older ones a publishing dedupes). */
  private async upsert(table: CopyTable, ids: readonly (number | string)[], append = false): Promise<void> {
    if (!append) await deleteKeys(this.writes, table, ids);
    await loadRowsByKey(this.writes, this.cache, table, ids, this.codes);
  }

  /** Rows of a staged full pass: mirrored into read_credits_next (made afresh for a new pass; dropped with pass null). */
  private async followStaged(pass: number | null, ids: readonly number[]): Promise<void> {
    if (pass === null) {
      await this.writes.run('DROP TABLE IF EXISTS read_credits_next');
      await this.setState({ staged_pass: null });
      this.stagedPass = null;
      return;
    }
    if (this.stagedPass !== pass) {
      await this.writes.run('DROP TABLE IF EXISTS read_credits_next');
      await this.writes.run(tableDdl('read_credits_next'));
      await this.setState({ staged_pass: pass });
      this.stagedPass = pass;
    }
    // A staged pass appends, in batches (a page staged again, after a crash or a retried transfer, is deduped when the pass is published).
    this.stagedIds.push(...ids);
    if (this.stagedIds.length >= STAGED_BATCH_ROWS) await this.appendStaged();
  }

  /** Appends the staged rows gathered so far. */
  private async appendStaged(): Promise<void> {
    if (!this.stagedIds.length || this.stagedPass === null) return;
    const ids = this.stagedIds;
    this.stagedIds = [];
    await this.upsert('read_credits_next', ids, true);
  }

  /**
   * The cache replaced its transactions whole (a published full pass, a cleared cache): the staged
   * mirror is swapped in when it holds exactly the rows now live, else the table is rebuilt.
   */
  private async followPublished(version: number): Promise<void> {
    if (this.versions.credits >= version) return;
    const live = this.cache.prepare('SELECT count(*) AS n, coalesce(sum(id), 0) AS s FROM main.credit_transactions').get() as { n: number; s: number };
    const stagedCounts = async () => (await this.writes.runAndReadAll('SELECT count(*) AS n, count(DISTINCT id) AS d, coalesce(sum(DISTINCT id), 0) AS s FROM read_credits_next')).getRowsJS()[0]!.map(Number);
    let staged = this.stagedPass === null ? null : await stagedCounts();
    if (staged && staged[1] === live.n && staged[2] === live.s && staged[0] !== staged[1]) {
      // Pages staged twice: the rows appended last are the ones the cache kept.
      await this.writes.run(`CREATE OR REPLACE TABLE read_credits_dedup AS SELECT * EXCLUDE (row_order) FROM (
          SELECT *, row_number() OVER (PARTITION BY id ORDER BY rowid DESC) AS row_order FROM read_credits_next) WHERE row_order = 1`);
      await this.inTransaction(async () => {
        await this.writes.run('DROP TABLE read_credits_next');
        await this.writes.run('ALTER TABLE read_credits_dedup RENAME TO read_credits_next');
      });
      staged = await stagedCounts();
    }
    const matches = staged !== null && staged[0] === live.n && staged[1] === live.n && staged[2] === live.s;
    if (!matches) return this.rebuild('read_credits');
    await this.inTransaction(async () => {
      await this.writes.run('DROP TABLE read_credits');
      await this.writes.run('ALTER TABLE read_credits_next RENAME TO read_credits');
      await this.setState({ credits: version, staged_pass: null });
    });
    this.versions.credits = version;
    this.stagedPass = null;
  }

  // ---- catching up ------------------------------------------------------------------------------

  private scheduleCatchUp(ms: number): void {
    if (this.catchUp || this.closed) return;
    this.catchUp = setTimeout(() => {
      this.catchUp = null;
      void this.queue.run(() => this.catchUpBehind());
    }, ms);
    this.catchUp.unref?.();
  }

  /** Rebuilds what is behind the cache, and a staged mirror that does not hold what the cache staged. */
  private async catchUpBehind(): Promise<void> {
    if (this.closed) return;
    await this.appendStaged();
    const now = cacheVersions(this.cache);
    if (now.projects !== this.versions.projects) await this.rebuild('read_projects');
    if (now.credits !== this.versions.credits) await this.rebuild('read_credits');
    await this.checkStaged();
    this.report();
  }

  private async checkStaged(): Promise<void> {
    const staging = this.cache.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'credit_transactions_next'").get() !== undefined;
    if (!staging) {
      if (this.stagedPass !== null) await this.followStaged(null, []);
      this.stagedVerified = true;
      return;
    }
    const cache = this.cache.prepare('SELECT count(*) AS n, max(sync_pass) AS pass FROM main.credit_transactions_next').get() as { n: number; pass: number | null };
    if (cache.pass === null) {
      this.stagedVerified = true;
      return;
    }
    const copied = this.stagedPass !== cache.pass ? -1 : this.stagedVerified ? cache.n : Number((await this.writes.runAndReadAll('SELECT count(DISTINCT id) FROM read_credits_next')).getRowsJS()[0]![0]);
    if (copied !== cache.n) await this.rebuild('read_credits_next', cache.pass);
    this.stagedVerified = true;
  }

  /**
   * Makes `table` again from the cache, on a connection of its own inside one read transaction (one
   * consistent state, whose version it records), a step at a time so the queries answered by SQLite
   * meanwhile are not held up; then swaps it in.
   */
  private async rebuild(table: CopyTable, stagedPass?: number): Promise<void> {
    if (this.closed) return;
    this.rebuilding = table;
    this.report();
    const build = `${table === 'read_projects' ? 'read_projects' : 'read_credits'}_build`;
    const source = this.options.source ?? openCacheReader(this.cacheFile);
    try {
      source.exec('BEGIN');
      const versions = cacheVersions(source);
      await this.writes.run(`DROP TABLE IF EXISTS ${build}`);
      await this.writes.run(tableDdl(table).replace(`EXISTS ${table} `, `EXISTS ${build} `));
      const { cache, key } = SOURCES[table];
      const columns = cacheColumnsOf(table).join(', ');
      const step = source.prepare(`SELECT ${columns} FROM main.${cache} WHERE ${key} > ? ORDER BY ${key} LIMIT ${REBUILD_STEP_ROWS}`);
      let after: number | string = key === 'id' ? -Number.MAX_SAFE_INTEGER : '';
      for (;;) {
        const rows = step.all(after) as Array<Record<string, unknown>>;
        if (!rows.length) break;
        await loadRows(this.writes, table, rows, this.codes, build);
        after = rows[rows.length - 1]![key] as number | string;
        await new Promise((resolve) => setImmediate(resolve));
        if (this.closed) return;
      }
      source.exec('COMMIT');
      await this.inTransaction(async () => {
        await this.writes.run(`DROP TABLE IF EXISTS ${table}`);
        await this.writes.run(`ALTER TABLE ${build} RENAME TO ${table}`);
        if (table === 'read_credits') await this.setState({ credits: versions.credits });
        else if (table === 'read_projects') await this.setState({ projects: versions.projects });
        else await this.setState({ staged_pass: stagedPass ?? null });
      });
      if (table === 'read_credits') this.versions.credits = versions.credits;
      else if (table === 'read_projects') this.versions.projects = versions.projects;
      else this.stagedPass = stagedPass ?? null;
    } finally {
      if (source.inTransaction) source.exec('ROLLBACK');
      if (source !== this.options.source) source.close();
      this.rebuilding = null;
    }
  }

  private async inTransaction(fn: () => Promise<void>): Promise<void> {
    await this.writes.run('BEGIN TRANSACTION');
    try {
      await fn();
      await this.writes.run('COMMIT');
    } catch (err) {
      await this.writes.run('ROLLBACK').catch(() => undefined);
      // Codes given inside the transaction went with it.
      this.codes = await CopyCodes.load(this.writes);
      throw err;
    }
  }
}
