/**
 * The first `count` items of `items` in the order `compare` defines (a total order: no two items
 * compare equal), without sorting them all or changing `items`. A page of 50 out of 20,000 buyers
 * is picked through a bounded heap (about n log 50 comparisons instead of n log n); a large share
 * is sorted whole.
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, count: number): T[] {
  const k = Math.min(count, items.length);
  if (k <= 0) return [];
  if (k * 4 >= items.length) return [...items].sort(compare).slice(0, k);
  // A max-heap of the k first so far: its root is the last of them.
  const heap: T[] = items.slice(0, k);
  const down = (at: number): void => {
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let last = at;
      if (l < k && compare(heap[l]!, heap[last]!) > 0) last = l;
      if (r < k && compare(heap[r]!, heap[last]!) > 0) last = r;
      if (last === at) return;
      [heap[at], heap[last]] = [heap[last]!, heap[at]!];
      at = last;
    }
  };
  for (let at = (k >> 1) - 1; at >= 0; at--) down(at);
  for (let i = k; i < items.length; i++) {
    if (compare(items[i]!, heap[0]!) < 0) {
      heap[0] = items[i]!;
      down(0);
    }
  }
  return heap.sort(compare);
}
