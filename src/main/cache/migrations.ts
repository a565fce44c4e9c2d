/**
 * Schema migrations: numbered SQL files in ./migrations (NNN-name.sql), applied in order, each in
 * its own transaction, recorded in `schema_migrations` with the sha256 of its content. A cache whose
 * applied migration changed (or is unknown to this build) is refused instead of being guessed at.
 * Each layer keeps its own set in its own folder: the cache's tables are 001..099
 * (src/main/cache/migrations), the query layer's own 100 and above (src/main/analytics/migrations). The worker's composition root applies both sets, in id order.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { ContractError } from '../../shared/errors';

export interface Migration {
  id: number;
  name: string;
  sql: string;
  sha256: string;
}

const FILE_PATTERN = /^(\d{3})-([a-z0-9-]+)\.sql$/;

/**
 * Where a set's .sql files are: `<module dir>/migrations` when running from the sources, or
 * `migrations/<set>` beside the bundle (the desktop build copies each set there).
 */
export function migrationsDir(set: string, moduleDir: string): string {
  const candidates = [path.join(moduleDir, 'migrations'), path.join(__dirname, 'migrations', set), path.join(__dirname, '..', 'migrations', set)];
  const found = candidates.find((c) => fs.existsSync(c) && fs.readdirSync(c).some((f) => FILE_PATTERN.test(f)));
  if (!found) throw new ContractError('cache_schema_missing', `The ${set} migrations were not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The cache's own migrations (its tables and the sync state). */
export function cacheMigrations(): Migration[] {
  return loadMigrations(migrationsDir('cache', __dirname));
}

/** Several sets as one list in id order; two sets must not share an id. */
export function combineMigrations(...sets: Migration[][]): Migration[] {
  const all = sets.flat().sort((a, b) => a.id - b.id);
  for (let i = 1; i < all.length; i++) {
    if (all[i]!.id === all[i - 1]!.id) {
      throw new ContractError('cache_schema_conflict', `Two migrations share number ${all[i]!.id}: ${all[i - 1]!.name}, ${all[i]!.name}`);
    }
  }
  return all;
}

export function loadMigrations(dir: string): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .map((file) => ({ file, m: FILE_PATTERN.exec(file) }))
    .filter((x): x is { file: string; m: RegExpExecArray } => x.m !== null)
    .map(({ file, m }) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { id: Number(m[1]), name: file, sql, sha256: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.id - b.id);
  return combineMigrations(migrations);
}

/** How long a process waits for another one that is migrating the same cache file. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Applies pending migrations; throws cache_schema_changed when an applied one differs. Returns the
 * names applied now. The check and the migrations run under the database's write lock (BEGIN
 * IMMEDIATE), so two processes opening the same new cache at once (the app and a CLI sync) migrate it
 * once: the second waits, then finds everything applied.
 */
export function runMigrations(db: Database.Database, migrations: Migration[]): string[] {
  const now: string[] = [];
  // One migration per locked transaction, each time re-reading what is applied under the lock.
  for (;;) {
    const name = underWriteLock(db, () => applyNextMigration(db, migrations));
    if (!name) return now;
    now.push(name);
  }
}

function underWriteLock<T>(db: Database.Database, fn: () => T): T {
  const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (;;) {
    try {
      db.exec('BEGIN IMMEDIATE');
      break;
    } catch (err) {
      // Each attempt already waited the connection's busy_timeout; a long migration elsewhere may take longer.
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
    }
  }
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/** Checks the applied migrations and applies the first pending one; its name, or null when none is pending. */
function applyNextMigration(db: Database.Database, migrations: Migration[]): string | null {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at TEXT NOT NULL
  )`);
  const applied = db.prepare('SELECT id, name, sha256 FROM schema_migrations ORDER BY id').all() as Array<{ id: number; name: string; sha256: string }>;
  const byId = new Map(migrations.map((m) => [m.id, m]));
  for (const a of applied) {
    const m = byId.get(a.id);
    if (!m) {
      throw new ContractError('cache_schema_changed', `The cache was written by another version (migration ${a.name} is unknown to this build). Clear the cache to continue.`);
    }
    if (m.sha256 !== a.sha256) {
      throw new ContractError('cache_schema_changed', `Migration ${m.name} changed after it was applied to this cache (sha256 ${a.sha256.slice(0, 12)} recorded, ${m.sha256.slice(0, 12)} now). Clear the cache to continue.`);
    }
  }
  const done = new Set(applied.map((a) => a.id));
  const next = migrations.find((m) => !done.has(m.id));
  if (!next) return null;
  db.exec(next.sql);
  db.prepare('INSERT INTO schema_migrations (id, name, sha256, applied_at) VALUES (?, ?, ?, ?)').run(next.id, next.name, next.sha256, new Date().toISOString());
  return next.name;
}
