import { describe, expect, it } from 'vitest';
import { pagesForRange, sortDirection, sortRank, toggleSort } from './sort-order';

describe('sort order', () => {
  it('cycles a field: first direction, the other, off', () => {
    expect(toggleSort([], 'issued', { first: 'desc' })).toEqual(['-issued']);
    expect(toggleSort(['-issued'], 'issued', { first: 'desc' })).toEqual(['issued']);
    expect(toggleSort(['issued'], 'issued', { first: 'desc' })).toEqual([]);
    expect(toggleSort(['name'], 'name')).toEqual(['-name']);
  });
  it('replaces the sort on a plain click and extends it with shift', () => {
    expect(toggleSort(['name'], 'country')).toEqual(['country']);
    expect(toggleSort(['name'], 'country', { additive: true })).toEqual(['name', 'country']);
    expect(toggleSort(['name', 'country'], 'name', { additive: true })).toEqual(['-name', 'country']);
    expect(toggleSort(['-name', 'country'], 'name', { additive: true })).toEqual(['country']);
  });
  it('reads direction and rank, with + prefixes', () => {
    expect(sortDirection(['+name', '-issued'], 'name')).toBe('asc');
    expect(sortDirection(['+name', '-issued'], 'issued')).toBe('desc');
    expect(sortDirection(['name'], 'issued')).toBeNull();
    expect(sortRank(['+name', '-issued'], 'issued')).toBe(2);
    expect(sortRank([], 'issued')).toBeNull();
  });
  it('maps a row range to the pages that hold it', () => {
    expect(pagesForRange(0, 99, 100)).toEqual([1]);
    expect(pagesForRange(95, 205, 100)).toEqual([1, 2, 3]);
    expect(pagesForRange(-3, 0, 100)).toEqual([1]);
    expect(pagesForRange(10, 5, 100)).toEqual([]);
  });
});
