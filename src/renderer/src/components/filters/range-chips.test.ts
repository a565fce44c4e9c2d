import { describe, expect, it, vi } from 'vitest';
import { buildRangeChips, rangeChipLabel, VINTAGE_RANGE_CHIP } from './range-chips';

describe('range chips', () => {
  it('reads a vintage range as one chip: closed, open-ended, one year, empty', () => {
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, 2015, 2018)).toBe('Vintage 2015–2018');
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, 2015, undefined)).toBe('Vintage ≥ 2015');
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, undefined, 2018)).toBe('Vintage ≤ 2018');
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, 2016, 2016)).toBe('Vintage 2016');
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, 2019, 2015)).toBe('Vintage 2019–2015 (empty: 2019 is after 2015)');
    expect(rangeChipLabel(VINTAGE_RANGE_CHIP, undefined, undefined)).toBeNull();
  });

  it('makes no chip without a bound, and removes both bounds in one change', () => {
    const patch = vi.fn();
    expect(buildRangeChips({ vintage: [2019] }, [VINTAGE_RANGE_CHIP], patch)).toEqual([]);
    const chips = buildRangeChips({ vintage_min: 2015, vintage_max: 2018, quantity_min: 3 }, [VINTAGE_RANGE_CHIP], patch);
    expect(chips.map((c) => c.label)).toEqual(['Vintage 2015–2018']);
    chips[0]!.onRemove();
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith({ vintage_min: undefined, vintage_max: undefined });
  });

  it('formats bounds with the spec\'s format', () => {
    const spec = { label: 'Quantity', min: 'quantity_min', max: 'quantity_max', format: (v: number) => `${v} t` };
    expect(buildRangeChips({ quantity_max: 10 }, [spec], vi.fn())[0]!.label).toBe('Quantity ≤ 10 t');
  });
});
