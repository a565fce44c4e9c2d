/**
 * Test support (not a test): the read model over one cache connection in both engines: SQLite
 * itself (its temp views) and an analytical copy in DuckDB built from it (in memory). `refresh`
 * brings the copy up to what the connection wrote since: tests write without the cache's writer,
 * which moves each mirrored table's version with every transaction (cache/read-model-log.ts), so it
 * moves both versions as that writer would and then rebuilds what is behind.
 */
import type Database from 'better-sqlite3';
import { AnalyticalCopy } from '../copy/analytical-copy';
import { sqliteContext, type ReadContext } from '../read-engine';
import { prepareReadConnection } from '../read-views';

export interface ReadContexts {
  sqlite: ReadContext;
  duckdb: ReadContext;
  copy: AnalyticalCopy;
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export async function readContexts(db: Database.Database, cacheFile = ':memory:'): Promise<ReadContexts> {
  prepareReadConnection(db);
  const copy = await AnalyticalCopy.open(cacheFile, db, { file: ':memory:', source: db, threads: 1 });
  await copy.catchUpNow();
  const duckdb: ReadContext = {
    db,
    engine: () => {
      if (!copy.isCurrent()) throw new Error('the analytical copy is behind the cache: call refresh() after writing');
      return Promise.resolve(copy.engine);
    },
  };
  const bump = db.prepare("INSERT INTO cache_facts (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1");
  const refresh = async () => {
    db.transaction(() => {
      bump.run('read_version:credits');
      bump.run('read_version:projects');
    })();
    await copy.catchUpNow();
  };
  return { sqlite: sqliteContext(db), duckdb, copy, refresh, close: () => copy.close() };
}
