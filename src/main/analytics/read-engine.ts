/**
 * What the read model's queries run on: an engine (its SQL dialect and a way to run a statement),
 * and the context a query function is given: the SQLite reading connection (page rows by id, and
 * every table the analytical copy does not hold) and the engine that answers the read model's
 * aggregations now: the analytical copy while it mirrors the cache's current state, SQLite itself
 * otherwise (the same SQL, the same answers: read-dialect.ts).
 */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import { SQLITE_DIALECT, type SqlDialect } from './read-dialect';

export interface ReadEngine {
  readonly dialect: SqlDialect;
  /**
   * The rows of one statement; parameters bind in order (booleans as 1/0, so both engines compare
   * flags alike; an array as one list parameter: see SqlDialect.inTextList).
   */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface ReadContext {
  /** The cache's SQLite reading connection, with the read model's views (read-views.ts). */
  readonly db: Database.Database;
  /** The engine answering the read model's queries at this moment. */
  engine(): Promise<ReadEngine>;
}

const bindable = (v: unknown): unknown => (typeof v === 'boolean' ? (v ? 1 : 0) : Array.isArray(v) ? JSON.stringify(v) : v);

/** The read model on the cache's SQLite connection `db` (prepared by prepareReadConnection). */
export function sqliteEngine(db: Database.Database): ReadEngine {
  return {
    dialect: SQLITE_DIALECT,
    all: <T>(sql: string, params: readonly unknown[] = []) => Promise.resolve(statement(db, sql).all(...params.map(bindable)) as T[]),
  };
}

/** A context whose engine is always SQLite (the export worker, tests, a reader without its copy). */
export const sqliteContext = (db: Database.Database): ReadContext => {
  const engine = sqliteEngine(db);
  return { db, engine: () => Promise.resolve(engine) };
};
