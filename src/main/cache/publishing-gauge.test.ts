import { describe, expect, it } from 'vitest';
import { INDEX_COSTS, PublishingGauge } from './publishing-gauge';
import type { StagedDependent } from './staged-table';

const index = (name: string): StagedDependent => ({ type: 'index', name });
const trigger = (name: string): StagedDependent => ({ type: 'trigger', name });
/** The transactions' indexes and triggers, in the order a publishing builds them (by name, triggers last). */
const CREDITS: StagedDependent[] = [...Object.keys(INDEX_COSTS).sort().map(index), trigger('agg_dirty_credit_delete'), trigger('agg_dirty_credit_insert'), trigger('agg_dirty_credit_update')];

describe('PublishingGauge', () => {
  it('counts each index by its cost, a trigger as nothing, and leaves the commit after the rollups', () => {
    const gauge = new PublishingGauge(CREDITS);
    const shares = CREDITS.map((_, i) => gauge.built(i + 1));
    for (let i = 1; i < 8; i++) expect(shares[i]).toBeGreaterThan(shares[i - 1]!);
    expect(shares.slice(8)).toEqual([shares[7], shares[7], shares[7]]);
    expect(gauge.rolledUp()).toBeGreaterThan(shares[7]!);
    expect(gauge.rolledUp()).toBeLessThan(1);
    // The costliest index (five columns) weighs three times a one-column one.
    const wide = CREDITS.findIndex((d) => d.name === 'credit_transactions_retirement_window');
    expect((shares[wide]! - shares[wide - 1]!) / (shares[wide - 2]! - shares[wide - 3]!)).toBeGreaterThan(2.5);
    // An index a later migration adds counts as a typical one, not as nothing.
    const more = new PublishingGauge([...CREDITS.slice(0, 8), index('credit_transactions_serial'), ...CREDITS.slice(8)]);
    expect(more.built(9) - more.built(8)).toBeGreaterThan(0.05);
  });

  it('times the default market\'s recorded publishings from their first step (the costs were measured at ten times its size)', () => {
    // Two publishings of the default market on the reference machine, each step's seconds: the eight
    // indexes, the three triggers, the rollups, the commit.
    const recorded = [
      [0.35, 0.16, 0.19, 0.17, 0.41, 0.17, 0.34, 0.17, 0, 0, 0, 0.39, 0.07],
      [0.38, 0.15, 0.18, 0.19, 0.43, 0.17, 0.33, 0.17, 0, 0, 0, 0.39, 0.07],
    ];
    for (const steps of recorded) {
      const gauge = new PublishingGauge(CREDITS);
      const whole = steps.reduce((a, b) => a + b, 0);
      let at = 0;
      steps.slice(0, 12).forEach((s, i) => {
        at += s;
        const share = i < 11 ? gauge.built(i + 1) : gauge.rolledUp();
        // Its first step holds more than an index (what comes before the indexes): within 12% there.
        expect(Math.abs(at / share - whole) / whole).toBeLessThanOrEqual(i === 0 ? 0.12 : 0.06);
      });
    }
  });
});
