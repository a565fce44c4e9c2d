/**
 * What is still unretired of each issued vintage of one project, so a retirement or cancellation
 * takes credits of a vintage that has them: no vintage ever loses more than it was issued.
 */
import type { Rng } from './rng';

/** A vintage's key: its year, or null for credits issued without one. */
type VintageKey = number | null;

export class VintageBalance {
  private readonly left = new Map<VintageKey, number>();

  issue(vintage: VintageKey, quantity: number): void {
    this.left.set(vintage, (this.left.get(vintage) ?? 0) + quantity);
  }

  /** Everything still unretired, across vintages. */
  total(): number {
    let n = 0;
    for (const q of this.left.values()) n += q;
    return n;
  }

  /**
   * Takes an outflow of up to `wanted` credits from one vintage: among the vintages that hold all of
   * it, one picked in proportion to what each holds; when none does, the fullest vintage gives what it
   * has. Null when nothing is left.
   */
  take(rng: Rng, wanted: number): { vintage: VintageKey; quantity: number } | null {
    const holding = [...this.left].filter(([, q]) => q >= 1);
    if (holding.length === 0) return null;
    const whole = holding.filter(([, q]) => q >= wanted);
    const vintage = whole.length
      ? rng.weighted(whole)
      : holding.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    const quantity = Math.max(1, Math.min(wanted, Math.floor(this.left.get(vintage)!)));
    this.left.set(vintage, this.left.get(vintage)! - quantity);
    return { vintage, quantity };
  }
}
