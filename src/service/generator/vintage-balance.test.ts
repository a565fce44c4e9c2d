import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { VintageBalance } from './vintage-balance';

describe('VintageBalance', () => {
  it('takes a whole outflow from a vintage that holds it, never more than a vintage has', () => {
    const rng = new Rng(7);
    const b = new VintageBalance();
    b.issue(2019, 100);
    b.issue(2020, 5);
    for (let i = 0; i < 20; i++) {
      const t = b.take(rng, 3)!;
      expect(t.quantity).toBe(3);
    }
    expect(b.total()).toBe(45);
  });

  it('lets the fullest vintage give what it has when none holds the whole outflow, and says when nothing is left', () => {
    const rng = new Rng(1);
    const b = new VintageBalance();
    b.issue(2018, 10);
    b.issue(null, 4);
    expect(b.take(rng, 25)).toEqual({ vintage: 2018, quantity: 10 });
    expect(b.take(rng, 25)).toEqual({ vintage: null, quantity: 4 });
    expect(b.take(rng, 1)).toBeNull();
    expect(b.total()).toBe(0);
  });

  it('picks vintages in proportion to what they hold', () => {
    const rng = new Rng(3);
    const b = new VintageBalance();
    b.issue(2015, 9_000_000);
    b.issue(2016, 1_000_000);
    const picks = Array.from({ length: 2000 }, () => b.take(rng, 1)!.vintage);
    const share = picks.filter((v) => v === 2015).length / picks.length;
    expect(share).toBeGreaterThan(0.85);
    expect(share).toBeLessThan(0.95);
  });
});
