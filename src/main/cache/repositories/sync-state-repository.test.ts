import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheMigrations, runMigrations } from '../migrations';
import { SyncStateRepository } from './sync-state-repository';

describe('SyncStateRepository: the last publishing', () => {
  it('remembers the rows and time of a large published pass, and ignores a small one', () => {
    const db = new Database(':memory:');
    runMigrations(db, cacheMigrations());
    const state = new SyncStateRepository(db);
    expect(state.lastPublish()).toBeNull();
    state.rememberPublish(532_800, 3.4);
    expect(state.lastPublish()).toEqual({ rows: 532_800, seconds: 3.4 });
    // A few hundred rows publish in fixed costs: their pace would mislead the next large pass.
    state.rememberPublish(300, 0.2);
    expect(state.lastPublish()).toEqual({ rows: 532_800, seconds: 3.4 });
    state.rememberPublish(5_327_990, 37.3);
    expect(state.lastPublish()).toEqual({ rows: 5_327_990, seconds: 37.3 });
    // What is not a measurement reads as never measured.
    for (const value of ['fast', '{"rows":532800}', '{"rows":532800,"seconds":0}', '{"rows":"many","seconds":3}', 'null']) {
      db.prepare("UPDATE cache_facts SET value = ? WHERE key = 'last_full_publish'").run(value);
      expect(state.lastPublish(), value).toBeNull();
    }
  });

  it('drops the pace per row an earlier version kept (the rows it was measured on are unknown)', () => {
    const db = new Database(':memory:');
    runMigrations(db, cacheMigrations());
    db.prepare("INSERT INTO cache_facts (key, value) VALUES ('publish_seconds_per_row', '6.3e-6')").run();
    const state = new SyncStateRepository(db);
    expect(state.lastPublish()).toBeNull();
    state.rememberPublish(532_800, 3.4);
    expect(db.prepare("SELECT key FROM cache_facts WHERE key LIKE 'publish%' OR key LIKE '%publish'").pluck().all()).toEqual(['last_full_publish']);
  });
});
