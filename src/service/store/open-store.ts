/**
 * Opens (or creates) the service database: WAL, one connection. The market tables carry a stamp
 * (schema version, seed, scale, messy or not, and the base day they were generated for) and the
 * number of days the market has been advanced since; see `../market-lifecycle.ts`.
 */
import Database from 'better-sqlite3';
import { SQL_TEXT_FUNCTIONS } from '../../shared/case-folding';
import { AUTH_DDL, CREDIT_INDEXES, MARKET_DDL, MARKET_TABLES, OTHER_MARKET_INDEXES, SCHEMA_VERSION } from './schema';

export type Db = Database.Database;

export interface MarketStamp {
  seed: number;
  scale: number;
  messy: boolean;
  /** The market's base day: generated activity is dated before it. */
  base: string;
}

export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -131072');
  db.pragma('temp_store = MEMORY');
  db.pragma('mmap_size = 268435456');
  // Text matching and ordering ignore case by one rule (src/shared/case-folding.ts).
  for (const [name, fn] of Object.entries(SQL_TEXT_FUNCTIONS)) db.function(name, { deterministic: true }, fn);
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  db.exec(AUTH_DDL);
  return db;
}

export function readMeta(db: Db, key: string): string | undefined {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
}

/** The stamp of the complete market in the database, if it has one of this schema version. */
export function readStamp(db: Db): MarketStamp | undefined {
  const raw = readMeta(db, 'market');
  if (!raw) return undefined;
  const s = JSON.parse(raw) as MarketStamp & { v?: number };
  return s.v === SCHEMA_VERSION ? { seed: s.seed, scale: s.scale, messy: s.messy, base: s.base } : undefined;
}

/** True when the database already holds a complete market generated with these settings. */
export function hasMarket(db: Db, stamp: MarketStamp): boolean {
  const s = readStamp(db);
  return s !== undefined && s.seed === stamp.seed && s.scale === stamp.scale && s.messy === stamp.messy && s.base === stamp.base;
}

/** Days the market has been advanced past its base day. */
export const advancedDays = (db: Db): number => Number(readMeta(db, 'advanced_days') ?? 0);

/** Drops any previous market tables and creates empty ones. */
export function resetMarket(db: Db): void {
  db.exec("DELETE FROM meta WHERE key IN ('market', 'advanced_days', 'credit_ids_in_project_order', 'base_credit_max_id', 'messy_anonymous', 'messy_unfit')");
  for (const t of MARKET_TABLES) db.exec(`DROP TABLE IF EXISTS ${t}`);
  db.exec(MARKET_DDL);
}

/**
 * Builds the indexes and records the stamp; called once the generator has written everything.
 * `creditIndexes: 'later'` leaves the credit transactions' indexes to the running service (a
 * market whose stamp is written may lack them: `missingCreditIndexes` says which).
 */
export function sealMarket(db: Db, stamp: MarketStamp, options: { creditIndexes?: 'now' | 'later' } = {}): void {
  db.exec(OTHER_MARKET_INDEXES);
  if (options.creditIndexes !== 'later') for (const index of CREDIT_INDEXES) db.exec(index.sql);
  db.exec('ANALYZE');
  const maxId = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM credits').get() as { n: number }).n;
  db.transaction(() => {
    writeMeta(db, 'base_credit_max_id', String(maxId));
    writeMeta(db, 'advanced_days', '0');
    // The generator numbers credits in (project_id, date) order.
    writeMeta(db, 'credit_ids_in_project_order', 'true');
    writeMeta(db, 'market', JSON.stringify({ v: SCHEMA_VERSION, ...stamp }));
  })();
}

/** The credit transactions' indexes the database lacks (CREATE statements). */
export function missingCreditIndexes(db: Db): string[] {
  const present = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'credits'").pluck().all() as string[]);
  return CREDIT_INDEXES.filter((index) => !present.has(index.name)).map((index) => index.sql);
}

/** Builds the credit transactions' indexes the database lacks, on this connection. */
export function buildMissingCreditIndexesNow(db: Db): void {
  for (const sql of missingCreditIndexes(db)) db.exec(sql);
}

/** Records whether ascending credit id order equals (project_id, id) order. */
export function recordCreditIdOrder(db: Db): void {
  const disorder = db.prepare(`SELECT EXISTS (SELECT 1 FROM (SELECT id, lag(id) OVER (ORDER BY project_id, id) AS prev FROM credits) WHERE prev > id) AS x`).get() as { x: number };
  writeMeta(db, 'credit_ids_in_project_order', disorder.x ? 'false' : 'true');
}
