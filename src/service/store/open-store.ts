/**
 * Opens (or creates) the service database: WAL, one connection, market generated when missing or
 * generated with other settings (seed, scale, today, schema version).
 */
import Database from 'better-sqlite3';
import { AUTH_DDL, MARKET_DDL, MARKET_INDEXES, MARKET_TABLES, SCHEMA_VERSION } from './schema';

export type Db = Database.Database;

export interface MarketStamp {
  seed: number;
  scale: number;
  today: string;
}

export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -131072');
  db.pragma('temp_store = MEMORY');
  db.pragma('mmap_size = 268435456');
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  db.exec(AUTH_DDL);
  return db;
}

const stampOf = (s: MarketStamp) => JSON.stringify({ v: SCHEMA_VERSION, seed: s.seed, scale: s.scale, today: s.today });

/** True when the database already holds a complete market generated with these settings. */
export function hasMarket(db: Db, stamp: MarketStamp): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'market'").get() as { value: string } | undefined;
  return row?.value === stampOf(stamp);
}

/** Drops any previous market tables and creates empty ones. */
export function resetMarket(db: Db): void {
  db.exec("DELETE FROM meta WHERE key = 'market'");
  for (const t of MARKET_TABLES) db.exec(`DROP TABLE IF EXISTS ${t}`);
  db.exec(MARKET_DDL);
}

/** Builds the indexes and records the stamp; called once the generator has written everything. */
export function sealMarket(db: Db, stamp: MarketStamp): void {
  db.exec(MARKET_INDEXES);
  db.exec('ANALYZE');
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('market', ?)").run(stampOf(stamp));
}
