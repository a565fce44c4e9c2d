import { describe, expect, it } from 'vitest';
import { forgetAnswers, memoAnswer, memoSlot } from './query-memo';
import { project, tinyMarket, writeProjects } from './testing/tiny-market';

describe('remembered answers', () => {
  it('an answer in a slot of its own outlives a stream of other answers, and goes when the data changes or is forgotten', () => {
    const db = tinyMarket();
    let computed = 0;
    const every = () => memoSlot(db, 'every', 'today', () => ++computed);
    expect(every()).toBe(1);
    for (let k = 0; k < 200; k++) memoAnswer(db, ['filtered', k], () => k);
    expect(every()).toBe(1);
    let shared = 0;
    memoAnswer(db, ['first'], () => ++shared);
    for (let k = 0; k < 200; k++) memoAnswer(db, ['filtered again', k], () => k);
    memoAnswer(db, ['first'], () => ++shared);
    expect(shared).toBe(2); // the shared memo let it go
    expect(memoSlot(db, 'every', 'tomorrow', () => ++computed)).toBe(2); // another key
    writeProjects(db, [project({ project_id: 'NEW-1' })]);
    expect(memoSlot(db, 'every', 'tomorrow', () => ++computed)).toBe(3); // a write
    expect(memoSlot(db, 'every', 'tomorrow', () => ++computed)).toBe(3);
    forgetAnswers(db);
    expect(memoSlot(db, 'every', 'tomorrow', () => ++computed)).toBe(4);
    db.close();
  });
});
