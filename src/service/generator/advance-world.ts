/** What the days of an advance draw from (shared by the steps that add credits, projects and signals). */
import type { BuyerSeed } from './names';
import type { Rng } from './rng';

export interface AdvanceStamp {
  seed: number;
  scale: number;
  messy: boolean;
  base: string;
}

/** What every day of an advance draws from: fixed by the seed and the base market only. */
export interface AdvanceWorld {
  stamp: AdvanceStamp;
  pickBuyer: (rng: Rng) => BuyerSeed;
  proponents: readonly string[];
  /** Projects that had credit activity in the base market's last year, picked by that activity. */
  pickActiveProject: ((rng: Rng) => string) | undefined;
  /** Per day in the base market's last year (forensic entries: its last quarter): how much happened. */
  rates: { credits: number; projects: number; statuses: number; entries: number; updates: number; satellite: number; clips: number };
  /** The mean day weight of the credit activity curve over the base market's last year. */
  meanDayWeight: number;
  projectCount: number;
}

/** A whole number of events around a (fractional) rate: the fraction decides one more. */
export const countAround = (rng: Rng, rate: number): number => Math.floor(rate) + (rng.chance(rate - Math.floor(rate)) ? 1 : 0);
