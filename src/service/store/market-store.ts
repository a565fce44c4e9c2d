/**
 * Read access to the market tables: prepared statements cached by SQL text, and caches for counts
 * and aggregates (the market never changes while the service runs).
 */
import type Database from 'better-sqlite3';
import { LruCache } from './lru-cache';
import type { Db } from './open-store';

export class MarketStore {
  private readonly statements = new Map<string, Database.Statement>();
  readonly counts = new LruCache<number>(2000);
  readonly aggregates = new LruCache<unknown>(200);
  readonly creditCount: number;

  constructor(readonly db: Db) {
    this.creditCount = (this.get<{ n: number }>('SELECT count(*) AS n FROM credits'))!.n;
  }

  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  all<T>(sql: string, params: readonly unknown[] = []): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T>(sql: string, params: readonly unknown[] = []): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  /** COUNT(*) of a query, cached by its SQL and parameters. */
  count(sql: string, params: readonly unknown[]): number {
    return this.counts.getOrCompute(JSON.stringify([sql, params]), () => (this.get<{ n: number }>(`SELECT count(*) AS n FROM (${sql})`, params))!.n);
  }
}
