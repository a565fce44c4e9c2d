/**
 * The read model on the analytical copy: a ReadEngine over one DuckDB connection. Statements run
 * one at a time (a DuckDB connection answers one statement at a time; DuckDB spreads each over its
 * own threads), prepared once per SQL text and kept in a least-recently-used cache. 64-bit integers
 * (counts) come back as JavaScript numbers.
 */
import { DOUBLE, listValue, type DuckDBConnection, type DuckDBPreparedStatement, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { LRUCache } from 'lru-cache';
import { DUCKDB_DIALECT } from '../read-dialect';
import type { ReadEngine } from '../read-engine';

/** Runs `task`s one after another, in the order given. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

const bindable = (v: unknown): DuckDBValue => (typeof v === 'boolean' ? (v ? 1 : 0) : Array.isArray(v) ? listValue(v as DuckDBValue[]) : (v as DuckDBValue));
/**
 * The type to bind a value as, where inference would fail: an integer beyond ±2^53 is a double
 * (inference makes every integer a BIGINT, and 9.2e18 is not one).
 */
const bindType = (v: unknown): DuckDBType | undefined => (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) ? DOUBLE : undefined);
const plain = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : Array.isArray(v) ? v.map(plain) : v);

export function duckdbEngine(connection: DuckDBConnection, queue = new SerialQueue()): ReadEngine {
  const prepared = new LRUCache<string, Promise<DuckDBPreparedStatement>>({ max: 256, dispose: (p) => void p.then((s) => s.destroySync?.(), () => undefined) });
  const statementFor = (sql: string) => {
    let p = prepared.get(sql);
    if (!p) {
      p = connection.prepare(sql);
      p.catch(() => prepared.delete(sql));
      prepared.set(sql, p);
    }
    return p;
  };
  return {
    dialect: DUCKDB_DIALECT,
    all: <T>(sql: string, params: readonly unknown[] = []) =>
      queue.run(async () => {
        const statement = await statementFor(sql);
        if (params.length) statement.bind(params.map(bindable), params.map(bindType) as DuckDBType[]);
        else statement.clearBindings();
        const reader = await statement.runAndReadAll();
        const rows = reader.getRowObjectsJS();
        for (const row of rows) for (const k of Object.keys(row)) row[k] = plain(row[k]) as never;
        return rows as T[];
      }),
  };
}
