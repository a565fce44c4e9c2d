import { describe, expect, it } from 'vitest';
import { compareCategories, stackCategoryYears } from './category-year-series';

const points = [
  { year: 2023, category: 'renewable-energy', issued: 200, retired: 0 },
  { year: 2021, category: 'forest', issued: 600, retired: 200 },
  { year: 2023, category: 'forest', issued: 300, retired: 100 },
  { year: 2023, category: 'seaweed', issued: 0, retired: 5 },
  { year: null, category: 'forest', issued: 0, retired: 50 },
];

describe('stackCategoryYears', () => {
  it('zero-fills every year between the first and the last, categories in the market order', () => {
    expect(stackCategoryYears(points, 'issued')).toEqual({
      years: [2021, 2022, 2023],
      series: [
        { category: 'forest', values: [600, 0, 300] },
        { category: 'renewable-energy', values: [0, 0, 200] },
      ],
      totals: [600, 0, 500],
      undated: 0,
    });
  });
  it('keeps the order for the other flow, drops all-zero categories and counts the undated apart', () => {
    const retired = stackCategoryYears(points, 'retired');
    expect(retired.series.map((s) => s.category)).toEqual(['forest', 'seaweed']);
    expect(retired.totals).toEqual([200, 0, 105]);
    expect(retired.undated).toBe(50);
  });
  it('answers nothing for no dated points', () => {
    expect(stackCategoryYears([{ year: null, category: 'forest', issued: 3, retired: 0 }], 'issued')).toEqual({ years: [], series: [], totals: [], undated: 3 });
  });
  it('orders unnamed categories after the known ones, by name', () => {
    expect(['zeta', 'agriculture', 'alpha', 'forest'].sort(compareCategories)).toEqual(['forest', 'agriculture', 'alpha', 'zeta']);
  });
});
