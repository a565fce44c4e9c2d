/**
 * charts.categoryByYear points as stacked series for one flow (issued or retired): every year from
 * the first to the last (zero-filled), one series per category in the market's category order
 * (categories the vocabulary does not name after, by name), the year totals, and what had no date.
 */
import type { CategoryYearPoint } from '../../../../shared/contract';
import { CATEGORIES } from '../../../../shared/api/values';

export type CreditFlow = 'issued' | 'retired';

export interface CategoryYearStacks {
  years: number[];
  series: Array<{ category: string; values: number[] }>;
  /** Per year, the sum of every category. */
  totals: number[];
  /** The flow's quantity on transactions without a date (not on the year axis). */
  undated: number;
}

const KNOWN_ORDER = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));

/** The market's category order: the known categories as the vocabulary lists them, then the others by name. */
export function compareCategories(a: string, b: string): number {
  const ia = KNOWN_ORDER.get(a) ?? Infinity;
  const ib = KNOWN_ORDER.get(b) ?? Infinity;
  return ia === ib ? a.localeCompare(b) : ia - ib;
}

export function stackCategoryYears(points: readonly CategoryYearPoint[], flow: CreditFlow): CategoryYearStacks {
  const dated = points.filter((p) => p.year !== null);
  const undated = points.filter((p) => p.year === null).reduce((s, p) => s + p[flow], 0);
  if (dated.length === 0) return { years: [], series: [], totals: [], undated };
  const first = Math.min(...dated.map((p) => p.year!));
  const last = Math.max(...dated.map((p) => p.year!));
  const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  // Every category the points hold, so a category keeps its place (and colour) when the flow changes.
  const categories = [...new Set(points.map((p) => p.category))].sort(compareCategories);
  const values = new Map(categories.map((c) => [c, new Array<number>(years.length).fill(0)]));
  for (const p of dated) values.get(p.category)![p.year! - first]! += p[flow];
  const series = categories.map((category) => ({ category, values: values.get(category)! })).filter((s) => s.values.some((v) => v !== 0));
  const totals = years.map((_, i) => series.reduce((s, x) => s + x.values[i]!, 0));
  return { years, series, totals, undated };
}
