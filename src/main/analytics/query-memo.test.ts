import { describe, expect, it } from 'vitest';
import { memoCount, statement } from './query-memo';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

describe('remembered counts and statements', () => {
  it('a count is remembered until the data changes', () => {
    const db = tinyMarket();
    const before = memoCount(db, 'projects WHERE 1 = ?', [1]);
    expect(memoCount(db, 'projects WHERE 1 = ?', [1])).toBe(before);
    writeProjects(db, [project({ project_id: 'NEW-1' })]);
    expect(memoCount(db, 'projects WHERE 1 = ?', [1])).toBe(before + 1);
    db.close();
  });

  it('a statement is prepared once per SQL text', () => {
    const db = tinyMarket();
    expect(statement(db, 'SELECT 1')).toBe(statement(db, 'SELECT 1'));
    expect(statement(db, 'SELECT 2')).not.toBe(statement(db, 'SELECT 1'));
    db.close();
  });
});
