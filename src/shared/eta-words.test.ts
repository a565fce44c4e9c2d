import { describe, expect, it } from 'vitest';
import { etaWords } from './eta-words';

describe('etaWords', () => {
  it('says less than 10 s for anything shorter, and never a negative time', () => {
    expect(etaWords(0)).toBe('less than 10 s');
    expect(etaWords(9.9)).toBe('less than 10 s');
    expect(etaWords(-3)).toBe('less than 10 s');
  });
  it('rounds under a minute to 10 s', () => {
    expect(etaWords(10)).toBe('about 10 s');
    expect(etaWords(14.9)).toBe('about 10 s');
    expect(etaWords(15)).toBe('about 20 s');
    expect(etaWords(37)).toBe('about 40 s');
    expect(etaWords(54.9)).toBe('about 50 s');
  });
  it('rounds under an hour to the minute, from 55 s on', () => {
    expect(etaWords(55)).toBe('about 1 min');
    expect(etaWords(89)).toBe('about 1 min');
    expect(etaWords(90)).toBe('about 2 min');
    expect(etaWords(151)).toBe('about 3 min');
    expect(etaWords(3569)).toBe('about 59 min');
  });
  it('rounds an hour or more to 5 minutes', () => {
    expect(etaWords(3570)).toBe('about 1 h');
    expect(etaWords(3600 + 7 * 60)).toBe('about 1 h 5 min');
    expect(etaWords(3600 + 8 * 60)).toBe('about 1 h 10 min');
    expect(etaWords(2 * 3600 + 58 * 60)).toBe('about 3 h');
  });
});
