/** Keeps buyer and chart aggregates current after a sync job writes (the query layer fills this in). */
import type Database from 'better-sqlite3';

export function refreshAggregates(_db: Database.Database, _job: string): void {
  // no aggregates yet
}
