import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withSortSettings } from './database';

describe('withSortSettings', () => {
  it('runs with the page cache and sort threads asked for and puts the previous ones back, also when the work fails', () => {
    const db = new Database(':memory:');
    db.pragma('cache_size = -16384');
    const settings = () => [db.pragma('cache_size', { simple: true }), db.pragma('threads', { simple: true })];
    expect(withSortSettings(db, { pageCacheKib: 4096, sortThreads: 2 }, settings)).toEqual([-4096, 2]);
    expect(settings()).toEqual([-16384, 0]);
    expect(() => withSortSettings(db, { pageCacheKib: 4096, sortThreads: 2 }, () => {
      throw new Error('the publishing failed');
    })).toThrow('the publishing failed');
    expect(settings()).toEqual([-16384, 0]);
    db.close();
  });
});
