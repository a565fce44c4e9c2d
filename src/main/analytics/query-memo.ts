/**
 * Prepared statements per cache connection (by SQL text), and counts remembered while the data does
 * not change: every count's key carries the database's write generation (see writeGeneration), so a
 * write makes every older entry unreachable. Least recently used entries go first.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

interface DbMemo {
  statements: LRUCache<string, Database.Statement>;
  counts: LRUCache<string, number>;
}

const memos = new WeakMap<Database.Database, DbMemo>();

function memoOf(db: Database.Database): DbMemo {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = { statements: new LRUCache({ max: 500 }), counts: new LRUCache({ max: 2000 }) }));
  return m;
}

/** A prepared statement for `sql`, prepared once per database while it is among the 500 used last. */
export function statement(db: Database.Database, sql: string): Database.Statement {
  const m = memoOf(db);
  let s = m.statements.get(sql);
  if (!s) m.statements.set(sql, (s = db.prepare(sql)));
  return s;
}

/**
 * The write generation of `db`: this connection's own writes (total_changes) and the generation the
 * cache's writer moves with every transaction a reader can see (cache_facts.generation), so the
 * writer's staged pages (a full resync) keep every memo of the reader's connection valid.
 */
export function writeGeneration(db: Database.Database): string {
  const changes = statement(db, 'SELECT total_changes()').pluck().get() as number;
  const generation = statement(db, "SELECT value FROM cache_facts WHERE key = 'generation'").pluck().get() as string | undefined;
  return `${generation ?? 0}:${changes}`;
}

/** COUNT(*) of `fromWhere` (`FROM ... WHERE ...`), remembered until the data changes. */
export function memoCount(db: Database.Database, fromWhere: string, params: readonly unknown[]): number {
  const m = memoOf(db);
  const sql = `SELECT count(*) FROM ${fromWhere}`;
  const key = JSON.stringify([writeGeneration(db), sql, params]);
  const hit = m.counts.get(key);
  if (hit !== undefined) return hit;
  const n = statement(db, sql).pluck().get(...params) as number;
  m.counts.set(key, n);
  return n;
}
