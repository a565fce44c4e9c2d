/** Fast weighted picking over a fixed list (cumulative weights + binary search). */
import type { Rng } from './rng';

export function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number): (rng: Rng) => T {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, i) => {
    total += Math.max(0, weightOf(item));
    cumulative[i] = total;
  });
  return (rng) => {
    const r = rng.float() * total;
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}
