import { describe, expect, it } from 'vitest';
import { CopyWait, SLOW_ANSWER_MS } from './copy-wait';

/** When a query that wants the columnar copy being built waits for it instead of answering by SQL. */
describe('waiting for the copy being built', () => {
  it('answers by SQL until an answer that wanted the copy was slow, then waits for the rest of that build', () => {
    const wait = new CopyWait();
    wait.buildStarts();
    expect(wait.asks(false)).toBe(false);
    wait.answered(SLOW_ANSWER_MS - 1, true);
    expect(wait.asks(false)).toBe(false);
    wait.answered(SLOW_ANSWER_MS, true);
    expect(wait.asks(false)).toBe(true);
    expect(wait.asks(false)).toBe(true);
    // The next build tries SQL again.
    wait.buildStarts();
    expect(wait.asks(false)).toBe(false);
  });

  it('counts only slow answers that asked for the copy while it was being built', () => {
    const wait = new CopyWait(100);
    wait.buildStarts();
    // A slow answer that did not want the copy (a projects page), or that came once the copy was in.
    wait.answered(5_000, true);
    expect(wait.asks(false)).toBe(false);
    wait.answered(5_000, false);
    expect(wait.asks(false)).toBe(false);
    // What asked is forgotten with each answer.
    wait.answered(10, true);
    wait.answered(5_000, true);
    expect(wait.asks(false)).toBe(false);
  });

  it('always waits once only the assembly is left, without counting that as an answer by SQL', () => {
    const wait = new CopyWait(100);
    wait.buildStarts();
    expect(wait.asks(true)).toBe(true);
    wait.answered(5_000, true);
    expect(wait.asks(false)).toBe(false);
  });
});
