/**
 * The analytical copy's tables in DuckDB: `read_credits` and `read_projects` with exactly the read
 * model's logical columns (../read-views.ts), `read_credits_next` beside them while a full credits
 * pass is staged in the cache, and `copy_state`, what the copy mirrors: the cache's version of each
 * table (bumped by the cache's writer with every change to it) and the staged pass. Rows are read
 * from the cache as stored and written through DuckDB's appender a data chunk at a time.
 */
import type Database from 'better-sqlite3';
import {
  BIGINT, DATE, DOUBLE, DuckDBDataChunk, INTEGER, LIST, TINYINT, VARCHAR, dateValue, listValue, type DuckDBAppender, type DuckDBConnection, type DuckDBType, type DuckDBValue,
} from '@duckdb/node-api';
import { READ_CREDIT_COLUMNS, READ_PROJECT_COLUMNS, type CacheRow, type ReadColumn } from '../read-views';

export type CopyTable = 'read_credits' | 'read_credits_next' | 'read_projects';

interface TableSource {
  columns: readonly ReadColumn[];
  /** The cache's table the rows come from, and its key. */
  cache: string;
  key: string;
}

export const SOURCES: Record<CopyTable, TableSource> = {
  read_credits: { columns: READ_CREDIT_COLUMNS, cache: 'credit_transactions', key: 'id' },
  read_credits_next: { columns: READ_CREDIT_COLUMNS, cache: 'credit_transactions_next', key: 'id' },
  read_projects: { columns: READ_PROJECT_COLUMNS, cache: 'projects', key: 'project_id' },
};

/** The cache's columns a table's rows are computed from. */
export const CACHE_COLUMNS: Record<'credits' | 'projects', readonly string[]> = {
  credits: ['id', 'project_id', 'transaction_type', 'vintage', 'transaction_date', 'quantity', 'retirement_account', 'retirement_beneficiary',
    'retirement_reason', 'retirement_note', 'retirement_beneficiary_harmonized'],
  projects: ['project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'project_type', 'corc_durability', 'listed_at',
    'first_issuance_at', 'first_retirement_at', 'issued', 'retired', 'unretired', 'is_compliance', 'has_ccb', 'has_icvcm_ccp', 'has_corsia',
    'has_sdvista', 'has_social_carbon', 'article6_authorized', 'protocol', 'certifications', 'sdg_goals', 'article6_authorization_types'],
};

export const cacheColumnsOf = (table: CopyTable): readonly string[] => (table === 'read_projects' ? CACHE_COLUMNS.projects : CACHE_COLUMNS.credits);

const DUCK_TYPES: Record<string, DuckDBType> = {
  VARCHAR, BIGINT, INTEGER, DOUBLE, TINYINT, DATE, 'VARCHAR[]': LIST(VARCHAR), 'INTEGER[]': LIST(INTEGER),
};

export const tableDdl = (table: CopyTable): string =>
  `CREATE TABLE IF NOT EXISTS ${table} (${SOURCES[table].columns.map((c) => `${c.name} ${c.duckType}`).join(', ')})`;

export const STATE_DDL = 'CREATE TABLE IF NOT EXISTS copy_state (name VARCHAR PRIMARY KEY, value BIGINT NOT NULL)';
export const CODES_DDL = 'CREATE TABLE IF NOT EXISTS copy_codes (kind VARCHAR NOT NULL, value VARCHAR NOT NULL, code INTEGER NOT NULL)';

/**
 * The copy's dictionaries of join and grouping keys (ReadColumn.code): one integer per distinct
 * value of each kind, never reused. A new code is written to `copy_codes` before any row that uses
 * it, so every stored row's codes are in the stored dictionary whatever a kill interrupts.
 */
export class CopyCodes {
  private readonly codes = new Map<string, Map<string, number>>();
  private pending: Array<[kind: string, value: string, code: number]> = [];

  static async load(connection: DuckDBConnection): Promise<CopyCodes> {
    await connection.run(CODES_DDL);
    const codes = new CopyCodes();
    for (const [kind, value, code] of (await connection.runAndReadAll('SELECT kind, value, code FROM copy_codes')).getRowsJS() as Array<[string, string, number]>) {
      codes.of(kind).set(value, Number(code));
    }
    return codes;
  }

  private of(kind: string): Map<string, number> {
    let m = this.codes.get(kind);
    if (!m) this.codes.set(kind, (m = new Map()));
    return m;
  }

  /** The code of `value` (null stays null), a new one when it has none yet. */
  code(kind: string, value: unknown): number | null {
    if (value === null || value === undefined) return null;
    const key = String(value);
    const m = this.of(kind);
    let c = m.get(key);
    if (c === undefined) {
      c = m.size + 1;
      m.set(key, c);
      this.pending.push([kind, key, c]);
    }
    return c;
  }

  /** Writes the codes given since the last call (before the rows that use them are appended). */
  async persist(connection: DuckDBConnection): Promise<void> {
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    const appender = await connection.createAppender('copy_codes');
    for (const [kind, value, code] of rows) {
      appender.appendVarchar(kind);
      appender.appendVarchar(value);
      appender.appendInteger(code);
      appender.endRow();
    }
    appender.closeSync();
  }

  /** Forgets the codes given and not persisted (their rows were not appended). */
  discard(): void {
    for (const [kind, value] of this.pending) this.of(kind).delete(value);
    this.pending = [];
  }
}

/** A value as the appender takes it for a column of `duckType`. */
function duckValue(duckType: string, v: unknown): DuckDBValue {
  if (v === null || v === undefined) return null;
  switch (duckType) {
    case 'BIGINT':
      return typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));
    case 'INTEGER':
    case 'TINYINT':
      return Math.trunc(Number(v));
    case 'DOUBLE':
      return Number(v);
    case 'DATE':
      return dateValue(Number(v));
    case 'VARCHAR[]':
    case 'INTEGER[]':
      return listValue(v as DuckDBValue[]);
    default:
      return v as DuckDBValue;
  }
}

/** DuckDB's vector size: the most rows a data chunk holds. */
const CHUNK_ROWS = 2048;

/** A turn of the event loop: the copy's upkeep shares its thread with the reader's queries. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Appends cache rows to `table` through `appender` (a connection's), computing every column
 * (read-views.ts) and the codes of its keys; new codes are persisted first. The event loop gets a
 * turn after every data chunk, so no query waits behind more than one chunk's work.
 */
export async function appendRows(connection: DuckDBConnection, appender: DuckDBAppender, table: CopyTable, rows: readonly CacheRow[], codes: CopyCodes): Promise<void> {
  const columns = SOURCES[table].columns;
  const valueOf = (c: ReadColumn, r: CacheRow) => duckValue(c.duckType, c.code ? codes.code(c.code, c.value(r)) : c.value(r));
  const chunk = chunkFor(table);
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    if (start > 0) await nextTurn();
    const part = rows.slice(start, start + CHUNK_ROWS);
    const values = columns.map((c) => part.map((r) => valueOf(c, r)));
    await codes.persist(connection);
    chunk.reset();
    chunk.rowCount = part.length;
    chunk.setColumns(values);
    appender.appendDataChunk(chunk);
  }
}

/**
 * The cache's current rows of `keys` appended to `into` (default: the table), read and appended a
 * data chunk at a time with a turn of the event loop between, so a large change (a staged pass's
 * batch, every project of a full pass) never holds the reader's thread for long.
 */
export async function loadRowsByKey(connection: DuckDBConnection, db: Database.Database, table: CopyTable, keys: readonly (string | number)[], codes: CopyCodes, into: string = table): Promise<void> {
  if (!keys.length) return;
  const appender = await connection.createAppender(into);
  try {
    for (let start = 0; start < keys.length; start += CHUNK_ROWS) {
      if (start > 0) await nextTurn();
      await appendRows(connection, appender, table, cacheRowsByKey(db, table, keys.slice(start, start + CHUNK_ROWS)), codes);
    }
  } finally {
    appender.closeSync();
  }
}

/** Appends cache rows of `table`'s shape to `into` (default: the table) through one appender; new codes are persisted first. */
export async function loadRows(connection: DuckDBConnection, table: CopyTable, rows: readonly CacheRow[], codes: CopyCodes, into: string = table): Promise<void> {
  if (!rows.length) return;
  const appender = await connection.createAppender(into);
  try {
    await appendRows(connection, appender, table, rows, codes);
  } finally {
    appender.closeSync();
  }
}

/**
 * One data chunk per table, reused for every append: a chunk's vectors live in native memory that
 * JavaScript's collector does not see, so a chunk made per append piles them up between collections.
 */
const chunks = new Map<string, DuckDBDataChunk>();
function chunkFor(table: CopyTable): DuckDBDataChunk {
  const shape = table === 'read_projects' ? 'projects' : 'credits';
  let chunk = chunks.get(shape);
  if (!chunk) chunks.set(shape, (chunk = DuckDBDataChunk.create(SOURCES[table].columns.map((c) => DUCK_TYPES[c.duckType]!), CHUNK_ROWS)));
  return chunk;
}

/** The cache rows of `keys` from its table `cache` (the keys that exist). */
export function cacheRowsByKey(db: Database.Database, table: CopyTable, keys: readonly (string | number)[]): CacheRow[] {
  if (!keys.length) return [];
  const { key } = SOURCES[table];
  // Staged rows reported before their pass was published are read where the publishing put them.
  const staged = table === 'read_credits_next' && db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'credit_transactions_next'").get() === undefined;
  const cache = staged ? SOURCES.read_credits.cache : SOURCES[table].cache;
  return db.prepare(`SELECT ${cacheColumnsOf(table).join(', ')} FROM main.${cache} WHERE ${key} IN (SELECT value FROM json_each(?))`).all(JSON.stringify(keys)) as CacheRow[];
}

/** Removes the rows of `keys` from a copy table (before their current versions are appended). */
export async function deleteKeys(connection: DuckDBConnection, table: CopyTable, keys: readonly (string | number)[]): Promise<void> {
  if (!keys.length) return;
  const { key } = SOURCES[table];
  if (key === 'id') await connection.run(`DELETE FROM ${table} WHERE id IN (SELECT unnest(?::BIGINT[]))`, [listValue(keys.map((k) => BigInt(k)))]);
  else await connection.run(`DELETE FROM ${table} WHERE project_id IN (SELECT unnest(?::VARCHAR[]))`, [listValue(keys.map(String))]);
}
