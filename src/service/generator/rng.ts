/** A seeded pseudo-random source (pure-rand xoroshiro128+) with the draws the generator needs. */
import { xoroshiro128plus, type RandomGenerator } from 'pure-rand';

export class Rng {
  private readonly gen: RandomGenerator;

  constructor(seed: number) {
    this.gen = xoroshiro128plus(mix32(seed));
    // The first outputs of a freshly seeded xoroshiro128+ are poorly mixed: discard them.
    for (let i = 0; i < 16; i++) this.gen.unsafeNext();
  }

  /** Uniform in [0, 1). */
  float(): number {
    const hi = this.gen.unsafeNext() >>> 0;
    const lo = this.gen.unsafeNext() >>> 11;
    return (hi * 2 ** 21 + lo) / 2 ** 53;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** Picks by weight from [value, weight] pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.float() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1]![0];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and spread (sigma of the underlying normal). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.float() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** Lower-case hex string of `length` characters. */
  hex(length: number): string {
    let s = '';
    while (s.length < length) s += (this.gen.unsafeNext() >>> 0).toString(16).padStart(8, '0');
    return s.slice(0, length);
  }
}

/** A child generator for one part of the market, so parts do not shift each other's draws. */
export const forkRng = (seed: number, part: number): Rng => new Rng(mix32(Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(part | 0, 0x85ebca6b)));

/** MurmurHash3's 32-bit finaliser: spreads nearby seeds apart. */
function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
