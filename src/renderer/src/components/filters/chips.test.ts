import { describe, expect, it, vi } from 'vitest';
import { buildChips, dateChip } from './chips-bar';
import { parseBound, rangeError } from './range-input';

describe('buildChips', () => {
  it('makes one chip per array value and removes only that value', () => {
    const set = vi.fn();
    const chips = buildChips({ registry: ['verra', 'isometric'], issued_min: 100, other: 'x' }, { registry: { label: 'Registry' }, issued_min: { label: 'Issued ≥', format: (v) => `${v} t` } }, set);
    expect(chips.map((c) => c.label)).toEqual(['Registry: verra', 'Registry: isometric', 'Issued ≥: 100 t']);
    chips[0]!.onRemove();
    expect(set).toHaveBeenLastCalledWith('registry', ['isometric']);
    chips[2]!.onRemove();
    expect(set).toHaveBeenLastCalledWith('issued_min', undefined);
  });
  it('removes the key when its last value goes', () => {
    const set = vi.fn();
    buildChips({ category: ['forest'] }, { category: { label: 'Category' } }, set)[0]!.onRemove();
    expect(set).toHaveBeenCalledWith('category', undefined);
  });
  it('shows false booleans', () => {
    const chips = buildChips({ has_ccb: false }, { has_ccb: { label: 'CCB', format: (v) => (v ? 'yes' : 'no') } }, vi.fn());
    expect(chips[0]!.label).toBe('CCB: no');
  });
  it('writes date filters as calendar dates', () => {
    const chips = buildChips({ listed_at_from: '2024-10-04' }, { listed_at_from: dateChip('Listed from') }, vi.fn());
    expect(chips[0]!.label).toBe('Listed from: 4 Oct 2024');
  });
});

describe('range bounds', () => {
  it('accepts numbers with separators and empty bounds', () => {
    expect(rangeError('1,000', '', true)).toBeNull();
    expect(parseBound('1,000')).toBe(1000);
    expect(parseBound(' ')).toBeUndefined();
  });
  it('explains bad bounds', () => {
    expect(rangeError('abc', '', true)).toMatch(/not a number/);
    expect(rangeError('1.5', '', true)).toMatch(/whole number/);
    expect(rangeError('10', '5', true)).toBe('Minimum is above maximum');
    expect(rangeError('1.5', '', false)).toBeNull();
  });
});
