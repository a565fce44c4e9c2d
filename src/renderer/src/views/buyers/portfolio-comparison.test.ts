import { describe, expect, it } from 'vitest';
import { portfolioComparison } from './portfolio-comparison';

const current_year = { forest: 10, agriculture: 30 };
const previous_year = { forest: 50, 'renewable-energy': 7 };

describe('portfolio comparison', () => {
  it('compares this year so far with the same period last year, labelled with the period', () => {
    const c = portfolioComparison({ current_year, previous_year, previous_year_to_date: { forest: 5 }, as_of: '2026-11-25' }, 2031);
    expect(c.rows).toEqual([
      { category: 'agriculture', current: 30, previous: 0 },
      { category: 'forest', current: 10, previous: 5 },
    ]);
    expect(c.periodLabel).toBe('1 Jan – 25 Nov 2026 vs 1 Jan – 25 Nov 2025');
    expect([c.currentLabel, c.previousLabel]).toEqual(['1 Jan – 25 Nov 2026', '1 Jan – 25 Nov 2025']);
    expect(c.note).toBeNull();
  });
  it('ends last year\'s period on 28 Feb when today is 29 Feb', () => {
    expect(portfolioComparison({ current_year, previous_year, previous_year_to_date: {}, as_of: '2028-02-29' }, 2028).periodLabel).toBe('1 Jan – 29 Feb 2028 vs 1 Jan – 28 Feb 2027');
  });
  it('says so when it can only compare with the whole previous year', () => {
    const c = portfolioComparison({ current_year, previous_year }, 2026);
    expect(c.rows).toEqual([
      { category: 'agriculture', current: 30, previous: 0 },
      { category: 'forest', current: 10, previous: 50 },
      { category: 'renewable-energy', current: 0, previous: 7 },
    ]);
    expect(c.periodLabel).toBe('2026 to date vs all of 2025');
    expect(c.note).toMatch(/whole of 2025/);
  });
});
