/** Opens a connection's cache file: WAL, foreign keys, a busy timeout, and the schema migrated. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations } from './migrations';

export function openCacheDatabase(file: string): Database.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('temp_store = MEMORY');
    // A sync commits every few pages: a larger page cache and fewer WAL checkpoints keep those
    // commits near the speed of one bulk transaction (bench/sync measures the ratio).
    db.pragma('cache_size = -65536');
    db.pragma('wal_autocheckpoint = 10000');
    runMigrations(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
