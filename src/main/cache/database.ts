/** Opens a connection's cache file: WAL, foreign keys, a busy timeout, and the schema migrated. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SQL_TEXT_FUNCTIONS } from '../../shared/case-folding';
import { cacheMigrations, combineMigrations, runMigrations, type Migration } from './migrations';

/** How long opening a cache waits for another process's lock on it. */
const OPENING_BUSY_MS = 30_000;
/**
 * A sync commits every few pages: fewer WAL checkpoints keep those commits near the speed of one
 * bulk transaction (SQLite's default is 1,000 pages).
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

const isBusy = (err: unknown): boolean => (err as { code?: unknown })?.code === 'SQLITE_BUSY';

/**
 * Switches the file to WAL. While another connection writes to a file not yet in WAL (another process
 * creating the same new cache), SQLite answers the switch "database is locked" at once, without
 * waiting for its busy timeout (in a loaded test run, three of six processes opening one new cache at
 * once failed so). The switch is retried until `waitMs` have passed.
 */
function switchToWal(db: Database.Database, waitMs: number): void {
  const until = Date.now() + waitMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() >= until) throw err;
      Atomics.wait(pause, 0, 0, Math.min(200, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * Opens (creating when needed) a cache file and applies the cache's migrations plus `layered`, the
 * migrations of the layers that keep their own schema in the cache (the query layer's, 100 and above).
 */
export function openCacheDatabase(file: string, layered: Migration[] = []): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    registerTextFunctions(db);
    // The busy timeout first: switching a new file to WAL takes a lock another process may hold, and
    // another process may be migrating it (generous while opening, on a busy machine; 5 s afterwards).
    db.pragma(`busy_timeout = ${OPENING_BUSY_MS}`);
    switchToWal(db, OPENING_BUSY_MS);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // The publishing of a full pass sorts every index key: in a temporary file, not in memory, so the
    // sort does not set the sync's peak RSS.
    db.pragma('temp_store = FILE');
    // A full pass only appends, so a small page cache costs it nothing; bench/sync measures the
    // sync's time and peak RSS with it.
    db.pragma('cache_size = -16384');
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    // A published pass is one large transaction; once checkpointed, the WAL shrinks back to this.
    db.pragma('journal_size_limit = 67108864');
    runMigrations(db, combineMigrations(cacheMigrations(), layered));
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** How a full pass is published (its index builds, one transaction): see withSortSettings. */
export interface SortSettings {
  /** The connection's page cache, KiB. */
  pageCacheKib: number;
  /** SQLite's auxiliary threads for large sorts (`PRAGMA threads`; 0 sorts on the calling thread only). */
  sortThreads: number;
}

/**
 * Runs `fn` with the connection's page cache and sort threads set, then puts both back (also when
 * `fn` throws). Publishing a full pass sorts every transaction once per index; at that point of a
 * sync the pages are all in and a second core is idle, so one sort thread helps. A sort thread holds
 * its own sorted runs, each up to the page cache's size, so the page cache is kept small while it
 * runs (PUBLISHING_SORTS: as fast as a larger cache or more threads, with less memory).
 */
export function withSortSettings<T>(db: Database.Database, settings: SortSettings, fn: () => T): T {
  const cacheBefore = db.pragma('cache_size', { simple: true }) as number;
  const threadsBefore = db.pragma('threads', { simple: true }) as number;
  db.pragma(`cache_size = -${settings.pageCacheKib}`);
  db.pragma(`threads = ${settings.sortThreads}`);
  try {
    return fn();
  } finally {
    db.pragma(`cache_size = ${cacheBefore}`);
    db.pragma(`threads = ${threadsBefore}`);
  }
}

/**
 * Turns the connection's automatic checkpoints off until `checkpointNow`: the commits in between
 * leave what they wrote in the WAL, for a checkpoint once the sync has said it is done (`sync:tidy`).
 * Otherwise the commit of a full pass's publishing copies the whole pass (its new index pages) into
 * the file, with a flush to disk, before the sync can say it is done; and turned back on at once,
 * the next job's first commit would pay for that checkpoint instead.
 */
export function deferCheckpoints(db: Database.Database): void {
  db.pragma('wal_autocheckpoint = 0');
}

/** Everything in the WAL into the file, the WAL truncated, and automatic checkpoints back on. */
export function checkpointNow(db: Database.Database): void {
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  }
}

/** What a full pass is published with (see withSortSettings). */
export const PUBLISHING_SORTS: SortSettings = { pageCacheKib: 2048, sortThreads: 1 };


/** The text rules as SQL functions (fold, clean_text: src/shared/case-folding.ts), on every connection to a cache. */
export function registerTextFunctions(db: Database.Database): void {
  for (const [name, fn] of Object.entries(SQL_TEXT_FUNCTIONS)) db.function(name, { deterministic: true }, fn);
}

/**
 * A second connection to a cache file another connection opened and migrated: it only reads
 * (`query_only`), and in WAL mode it answers from the last committed state while the writer writes.
 * `prepare` runs on it before it turns read-only (the read model's temp views).
 */
export function openCacheReader(file: string, prepare?: (db: Database.Database) => void): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  try {
    registerTextFunctions(db);
    db.pragma('busy_timeout = 5000');
    // Before anything temporary exists: changing temp_store drops every temporary object.
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -32768');
    // What the reader keeps for itself (temp views) comes before it turns read-only.
    prepare?.(db);
    db.pragma('query_only = ON');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
