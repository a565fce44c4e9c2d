import { describe, expect, it } from 'vitest';
import { quantityAxis, quantityFormatter } from './tooltip';

describe('chart formatters', () => {
  it('formats tooltip values with separators and unit', () => {
    expect(quantityFormatter()(1234567)).toBe('1,234,567 tCO2e');
    expect(quantityFormatter(null)(42)).toBe('42');
    expect(quantityFormatter('projects')([ '2020-01-01', 12000 ])).toBe('12,000 projects');
    expect(quantityFormatter()('x')).toBe('—');
  });
  it('compacts axis labels', () => {
    const axis = quantityAxis() as { axisLabel: { formatter: (v: number) => string }; name: string };
    expect(axis.axisLabel.formatter(2_500_000)).toBe('2.5M');
    expect(axis.name).toBe('tCO2e');
  });
});
