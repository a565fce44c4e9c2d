import { describe, expect, it } from 'vitest';
import { rowMinWidth, trackMinPx } from './column-widths';

describe('column widths', () => {
  it('reads the least width of a track', () => {
    expect(trackMinPx('120px')).toBe(120);
    expect(trackMinPx('minmax(220px, 2fr)')).toBe(220);
    expect(trackMinPx('1fr')).toBe(80);
  });
  it('sums a row', () => {
    expect(rowMinWidth(['28px', '100px', 'minmax(200px, 1fr)'])).toBe(328);
  });
});
