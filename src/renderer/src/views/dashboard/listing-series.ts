/** Projects-by-listing-date points (bin, category, value) as one stacked series per category. */
import type { ListingPoint } from '../../../../shared/api';

export interface StackedSeries {
  starts: string[];
  series: Array<{ category: string; values: number[]; total: number }>;
}

/** Categories ordered by their total, largest first (so the biggest stack is at the bottom). */
export function stackListing(points: readonly ListingPoint[]): StackedSeries {
  const starts = [...new Set(points.map((p) => p.start))].sort();
  const index = new Map(starts.map((s, i) => [s, i]));
  const byCategory = new Map<string, number[]>();
  for (const p of points) {
    let values = byCategory.get(p.category);
    if (!values) byCategory.set(p.category, (values = new Array<number>(starts.length).fill(0)));
    values[index.get(p.start)!]! += p.value;
  }
  const series = [...byCategory.entries()]
    .map(([category, values]) => ({ category, values, total: values.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
  return { starts, series };
}
