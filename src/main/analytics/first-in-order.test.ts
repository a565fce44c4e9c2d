import { describe, expect, it } from 'vitest';
import { firstInOrder } from './first-in-order';
import { seededRandom } from './testing/synced-market';

describe('firstInOrder', () => {
  it('is the head of the full sort, for any count, without changing its input', () => {
    const r = seededRandom(3);
    for (let round = 0; round < 200; round++) {
      const n = r.int(0, 400);
      // Ties on the value, broken by the name: a total order, as the buyer comparator's.
      const items = Array.from({ length: n }, (_, i) => ({ value: r.int(0, 20), name: `b${i}` }));
      const before = [...items];
      const compare = (a: (typeof items)[0], b: (typeof items)[0]) => a.value - b.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      const count = r.int(0, n + 5);
      expect(firstInOrder(items, compare, count)).toEqual([...items].sort(compare).slice(0, count));
      expect(items).toEqual(before);
    }
  });
});
