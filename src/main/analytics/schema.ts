/**
 * The query layer's own migrations of the cache file, 100 and above in ./migrations (the rollups and
 * indexes the earlier ones made are dropped by the later ones: the read model answers without them),
 * applied after the cache's own by whoever opens the cache with the query layer (the cache worker's
 * composition root, tests).
 */
import type Database from 'better-sqlite3';
import { openCacheDatabase } from '../cache/database';
import { loadMigrations, migrationsDir, type Migration } from '../cache/migrations';

export function analyticsMigrations(): Migration[] {
  return loadMigrations(migrationsDir('analytics', __dirname));
}

/** A cache file with the cache's and the query layer's schema (created and migrated when needed). */
export function openQueryableCache(file: string): Database.Database {
  return openCacheDatabase(file, analyticsMigrations());
}
