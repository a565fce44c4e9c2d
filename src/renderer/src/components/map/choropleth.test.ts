import { describe, expect, it } from 'vitest';
import { alpha2OfNumeric, classBreaks, classColour, classOf, numericCodeOf } from './choropleth';

describe('classBreaks / classOf', () => {
  it('splits positive values into quantile classes, ignoring zeros and non-numbers', () => {
    const values = [0, NaN, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const breaks = classBreaks(values);
    expect(breaks).toEqual([2, 4, 6, 8, 10]);
    expect(classOf(1, breaks)).toBe(0);
    expect(classOf(5, breaks)).toBe(2);
    expect(classOf(10, breaks)).toBe(4);
    expect(classOf(0, breaks)).toBe(-1);
    expect(classOf(undefined, breaks)).toBe(-1);
  });

  it('collapses equal breaks so every class is distinct', () => {
    expect(classBreaks([5, 5, 5, 5, 100])).toEqual([5, 100]);
    expect(classBreaks([])).toEqual([]);
    expect(classBreaks([0, 0])).toEqual([]);
  });

  it('spreads classes over the whole palette and differs by theme', () => {
    expect(classColour(0, 2, 'light')).not.toBe(classColour(1, 2, 'light'));
    expect(classColour(4, 5, 'light')).not.toBe(classColour(4, 5, 'dark'));
  });
});

describe('ISO codes', () => {
  it('maps alpha-2 to the numeric ids of Natural Earth and back', () => {
    expect(numericCodeOf('br')).toBe('076');
    expect(numericCodeOf('US')).toBe('840');
    expect(numericCodeOf('ZZ')).toBeNull();
    expect(alpha2OfNumeric('076')).toBe('BR');
    expect(alpha2OfNumeric(76)).toBe('BR');
    expect(alpha2OfNumeric(undefined)).toBeNull();
  });
});
