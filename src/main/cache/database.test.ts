import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withPageCache } from './database';

describe('withPageCache', () => {
  it('runs with the page cache asked for and puts the previous one back, also when the work fails', () => {
    const db = new Database(':memory:');
    db.pragma('cache_size = -16384');
    expect(withPageCache(db, 4096, () => db.pragma('cache_size', { simple: true }))).toBe(-4096);
    expect(db.pragma('cache_size', { simple: true })).toBe(-16384);
    expect(() => withPageCache(db, 4096, () => {
      throw new Error('the publishing failed');
    })).toThrow('the publishing failed');
    expect(db.pragma('cache_size', { simple: true })).toBe(-16384);
    db.close();
  });
});
