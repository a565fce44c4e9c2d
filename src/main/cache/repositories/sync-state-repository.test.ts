import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheMigrations, runMigrations } from '../migrations';
import { SyncStateRepository } from './sync-state-repository';

describe('SyncStateRepository: the publishing pace', () => {
  it('remembers the pace of a large published pass, and ignores a small one', () => {
    const db = new Database(':memory:');
    runMigrations(db, cacheMigrations());
    const state = new SyncStateRepository(db);
    expect(state.publishPace()).toBeNull();
    state.rememberPublishPace(532_800, 6.4);
    expect(state.publishPace()).toBeCloseTo(6.4 / 532_800, 12);
    // A few hundred rows publish in fixed costs: their pace would mislead the next large pass.
    state.rememberPublishPace(300, 0.2);
    expect(state.publishPace()).toBeCloseTo(6.4 / 532_800, 12);
    state.rememberPublishPace(1_000_000, 30);
    expect(state.publishPace()).toBeCloseTo(3e-5, 12);
    // A value that is not a positive number reads as never measured.
    db.prepare("UPDATE cache_facts SET value = 'fast' WHERE key = 'publish_seconds_per_row'").run();
    expect(state.publishPace()).toBeNull();
  });
});
