/**
 * Read access to the market tables: prepared statements cached by SQL text, and caches for counts
 * and aggregates (the market never changes while the service runs: it is generated or advanced
 * before the service listens).
 */
import type Database from 'better-sqlite3';
import { LruCache } from './lru-cache';
import type { Db } from './open-store';

export class MarketStore {
  private readonly statements = new Map<string, Database.Statement>();
  readonly counts = new LruCache<number>(2000);
  readonly aggregates = new LruCache<unknown>(200);
  readonly creditCount: number;
  /** Credit ids run 1..N without gaps (pages in id order are then a keyset range). */
  readonly creditIdsContiguous: boolean;
  /** Ascending id order equals (project_id, id) order: true for a freshly generated market. */
  readonly creditIdsInProjectOrder: boolean;

  constructor(readonly db: Db) {
    const ids = this.get<{ n: number; lo: number | null; hi: number | null }>('SELECT count(*) AS n, min(id) AS lo, max(id) AS hi FROM credits')!;
    this.creditCount = ids.n;
    this.creditIdsContiguous = ids.n === 0 || (ids.lo === 1 && ids.hi === ids.n);
    const flag = this.get<{ value: string }>("SELECT value FROM meta WHERE key = 'credit_ids_in_project_order'");
    this.creditIdsInProjectOrder = flag?.value === 'true';
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
