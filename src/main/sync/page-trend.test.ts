import { describe, expect, it } from 'vitest';
import { markPages, pageGrowth, pageTrend, TREND_MIN_PAGES, TREND_REACH, trendSeconds } from './page-trend';
import { swing } from './test-noise';

/** Marks of `pages` pages from page `from`, page n taking `msOf(n)`. */
const marked = (from: number, pages: number, msOf: (n: number) => number, fromPages = from) => {
  const trend = pageTrend(fromPages);
  let ms = 0;
  for (let n = from + 1; n <= from + pages; n++) {
    ms += msOf(n);
    markPages(trend, n, ms);
  }
  return trend;
};

describe('page trend', () => {
  it('finds the growth of a page time that rises with the page number', () => {
    // As the tenfold market's projects: 55 ms + 0.27 ms a page number (80 ms at the 100th).
    const trend = marked(36, 300, (n) => 55 + 0.27 * n);
    expect(pageGrowth(trend)).toBeCloseTo(0.27 / 2 / 1000, 7);
    // 248 pages left with 100 in the window: 0.135 ms × 248 × 348 = 11.7 s beyond the window's pace.
    expect(trendSeconds(trend, 248, 100)).toBeCloseTo(0.000135 * 248 * 348, 1);
    // Grown over TREND_REACH times the 299 pages it was fitted on, and held beyond: each page past
    // them costs γ × (2 × reach + window) more than at the window's pace, not more and more.
    const reach = TREND_REACH * 299;
    const beyond = trendSeconds(trend, reach + 1000, 100) - trendSeconds(trend, reach, 100);
    expect(beyond).toBeCloseTo(0.000135 * 1000 * (2 * reach + 100), 1);
  });

  it('sees through uneven steps and the odd page held behind a commit', () => {
    const noisy = (n: number) => (55 + 0.27 * n) * (n % 7 === 0 ? 0.4 : n % 5 === 0 ? 1.6 : 1) + (n % 30 === 0 ? 600 : 0);
    const growth = pageGrowth(marked(36, 400, noisy));
    expect(growth / (0.27 / 2 / 1000)).toBeGreaterThan(0.8);
    expect(growth / (0.27 / 2 / 1000)).toBeLessThan(1.25);
  });

  it('finds a growth early through page times that swing by a third, and never more than there is', () => {
    // The tenfold market's projects as the engine met them: 57 ms + 0.25 ms a page number, each
    // page 30% either way. 130 pages past the filling (the run's first tenth), and near the end.
    const msOf = (n: number) => (57 + 0.25 * n) * (1 + 0.3 * swing(n));
    const truth = 0.25 / 2 / 1000;
    const early = pageGrowth(marked(32, 130, msOf));
    expect(early / truth).toBeGreaterThan(0.4);
    expect(early / truth).toBeLessThan(1.1);
    const late = pageGrowth(marked(32, 520, msOf));
    expect(late / truth).toBeGreaterThan(0.75);
    expect(late / truth).toBeLessThan(1.1);
  });

  it('reads no growth in a flat list whose page times swing, at any step', () => {
    // As a credits pass: 2 ms a page, each 50% either way, asked at every 20th page as the ETA is.
    const trend = pageTrend(32);
    let ms = 0;
    const found: number[] = [];
    for (let n = 33; n <= 3000; n++) {
      ms += 2 * (1 + 0.5 * swing(n));
      markPages(trend, n, ms);
      if (n % 20 === 0) found.push(pageGrowth(trend));
    }
    expect(found.filter((g) => g > 0)).toEqual([]);
  });

  it('counts nothing for a flat list, one whose pages get faster, or one too short to say', () => {
    // Flat, with noise: the growth it may find adds well under a second over 20,000 pages.
    const flat = marked(32, 2600, (n) => 1.8 * (n % 3 === 0 ? 1.5 : n % 2 === 0 ? 0.7 : 1));
    expect(trendSeconds(flat, 10_000, 100)).toBeLessThan(0.5);
    expect(pageGrowth(marked(32, 600, (n) => 300 - 0.2 * n))).toBe(0);
    expect(pageGrowth(marked(32, TREND_MIN_PAGES - 1, (n) => 55 + 0.27 * n))).toBe(0);
    // A slow stretch, past or now: flat, but for pages 400-600 at twice the time.
    expect(pageGrowth(marked(32, 1200, (n) => (n >= 400 && n < 600 ? 3.6 : 1.8)))).toBeLessThan(1e-12);
    expect(pageGrowth(marked(32, 540, (n) => (n >= 400 ? 3.6 : 1.8)))).toBeLessThan(1e-12);
  });

  it('marks nothing before its filling is past, and keeps at most a few hundred marks', () => {
    const trend = marked(0, 5000, (n) => 2 + 0.001 * n, 32);
    expect(trend.marks[0]!.pages).toBe(32);
    expect(trend.marks.length).toBeLessThanOrEqual(400);
    expect(trend.marks.at(-1)!.pages).toBeGreaterThan(4950);
    // Evenly: the first half of the pages holds about half of the marks.
    const firstHalf = trend.marks.filter((k) => k.pages <= 2516).length / trend.marks.length;
    expect(firstHalf).toBeGreaterThan(0.4);
    expect(firstHalf).toBeLessThan(0.6);
    expect(pageGrowth(trend)).toBeCloseTo(0.001 / 2 / 1000, 8);
  });
});
