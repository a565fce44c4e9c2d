/**
 * Memos of costly answers (counts, aggregated buyer lists, chart sums) per cache database, valid
 * while the data does not change: every key carries the database's write generation (see
 * writeGeneration), so a write makes every older entry unreachable.
 * Least recently used entries go first. Prepared statements are kept per SQL text too.
 */
import type Database from 'better-sqlite3';

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  clear(): void {
    this.map.clear();
  }
}

interface DbMemo {
  statements: Map<string, Database.Statement>;
  counts: Lru<number>;
  answers: Lru<unknown>;
  /** memoSlot's answers: one per slot name, with the key (generation included) it was computed under. */
  slots: Map<string, { key: string; value: unknown }>;
}

const memos = new WeakMap<Database.Database, DbMemo>();

function memoOf(db: Database.Database): DbMemo {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = { statements: new Map(), counts: new Lru(2000), answers: new Lru(48), slots: new Map() }));
  return m;
}

/** A prepared statement for `sql`, prepared once per database. */
export function statement(db: Database.Database, sql: string): Database.Statement {
  const m = memoOf(db);
  let s = m.statements.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (m.statements.size > 500) m.statements.clear();
    m.statements.set(sql, s);
  }
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

/** The number `sql` answers (one row, one column), remembered until the data changes. */
export function memoNumber(db: Database.Database, sql: string, params: readonly unknown[]): number {
  const m = memoOf(db);
  const key = JSON.stringify([writeGeneration(db), sql, params]);
  const hit = m.counts.get(key);
  if (hit !== undefined) return hit;
  const n = statement(db, sql).pluck().get(...params) as number;
  m.counts.set(key, n);
  return n;
}

/** COUNT(*) of `fromWhere` (`FROM ... WHERE ...`), remembered until the data changes. */
export const memoCount = (db: Database.Database, fromWhere: string, params: readonly unknown[]): number =>
  memoNumber(db, `SELECT count(*) FROM ${fromWhere}`, params);

/** `compute()` under `key`, remembered until the data changes. Callers must not mutate the answer. */
export function memoAnswer<T>(db: Database.Database, key: unknown, compute: () => T): T {
  const m = memoOf(db);
  const k = JSON.stringify([writeGeneration(db), key]);
  const hit = m.answers.get(k);
  if (hit !== undefined) return hit as T;
  const v = compute();
  m.answers.set(k, v);
  return v;
}

/**
 * `compute()` under `key`, remembered until the data changes in a slot of its own (`slot`, one answer
 * each): for the few answers views start from (every buyer, the projects' default order), which a
 * stream of filtered answers would otherwise push out of the shared memo.
 */
export function memoSlot<T>(db: Database.Database, slot: string, key: unknown, compute: () => T): T {
  const m = memoOf(db);
  const k = JSON.stringify([writeGeneration(db), key]);
  const held = m.slots.get(slot);
  if (held?.key === k) return held.value as T;
  const value = compute();
  m.slots.set(slot, { key: k, value });
  return value;
}

/**
 * Forgets every remembered answer of `db`: for when what the answers were computed from changes
 * without a write to the cache (which moves the generation and makes them unreachable anyway).
 */
export function forgetAnswers(db: Database.Database): void {
  const m = memos.get(db);
  m?.answers.clear();
  m?.slots.clear();
}
