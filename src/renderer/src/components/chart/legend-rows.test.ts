import { describe, expect, it } from 'vitest';
import { legendRows, legendTop } from './legend-rows';

describe('legendRows', () => {
  const names = ['Renewable energy', 'Forest', 'GHG management', 'Energy efficiency', 'Fuel switching', 'Agriculture', 'Unknown', 'Land use'];

  it('wraps names onto more lines as the chart narrows, never cutting one', () => {
    expect(legendRows(names, 2000)).toBe(1);
    const wide = legendRows(names, 900);
    const narrow = legendRows(names, 420);
    expect(narrow).toBeGreaterThan(wide);
    // at 420 px no line holds more than its width: each name whole on some line
    expect(narrow).toBeGreaterThanOrEqual(Math.ceil(names.reduce((s, n) => s + n.length * 7.4 + 35, 0) / 420));
    expect(legendRows(['A very long category name that fills the line'], 200)).toBe(1);
    expect(legendRows([], 500)).toBe(0);
  });

  it('puts the plot under the legend', () => {
    expect(legendTop(names, 2000)).toBe(22 + 14);
    expect(legendTop(names, 420)).toBe(legendRows(names, 420) * 22 + 14);
  });
});
