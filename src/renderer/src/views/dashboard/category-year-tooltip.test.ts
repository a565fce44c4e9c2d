import { describe, expect, it } from 'vitest';
import { categoryYearTooltip } from './category-year-tooltip';

describe('categoryYearTooltip', () => {
  it('lists the categories with a value, largest first, and the year total', () => {
    const html = categoryYearTooltip(
      [
        { seriesName: 'Forest', marker: '●', value: 1200, axisValueLabel: '2023' },
        { seriesName: 'Agriculture', marker: '●', value: 0, axisValueLabel: '2023' },
        { seriesName: 'Renewable energy', marker: '●', value: 34000, axisValueLabel: '2023' },
      ],
      'Issued',
    );
    expect(html).toContain('2023 · Issued');
    expect(html).not.toContain('Agriculture');
    expect(html.indexOf('Renewable energy')).toBeLessThan(html.indexOf('Forest'));
    expect(html).toContain('Year total');
    expect(html).toContain('35,200 tCO2e');
  });
  it('escapes names the service sent', () => {
    expect(categoryYearTooltip([{ seriesName: '<b>x</b>', value: 1, axisValueLabel: '2020' }], 'Retired')).toContain('&#60;b&#62;x');
  });
});
