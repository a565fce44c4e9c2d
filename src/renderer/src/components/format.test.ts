import { describe, expect, it } from 'vitest';
import { formatAge, formatCategory, formatCompact, formatDate, formatNumber, formatPercent, formatRegistry, formatRegistryCode, formatRegistryShort, formatSlug, formatTco2e } from './format';

describe('format', () => {
  it('separates thousands and keeps fractions short', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1200)).toBe('-1,200');
    expect(formatNumber(12.3456)).toBe('12.35');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
  it('writes quantities in tCO2e', () => {
    expect(formatTco2e(532799)).toBe('532,799 tCO2e');
    expect(formatTco2e(undefined)).toBe('—');
  });
  it('compacts axis numbers', () => {
    expect(formatCompact(1_250_000)).toBe('1.3M');
    expect(formatCompact(999)).toBe('999');
  });
  it('formats dates and keeps unparseable text', () => {
    expect(formatDate('2021-03-04')).toBe('4 Mar 2021');
    expect(formatDate('2021-03-04T10:00:00Z').endsWith('2021')).toBe(true);
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(null)).toBe('—');
  });
  it('says how long ago', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatAge('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatAge('2026-01-10T11:00:00Z', now)).toBe('1 h ago');
    expect(formatAge('2026-01-08T12:00:00Z', now)).toBe('2 days ago');
    expect(formatAge(null, now)).toBe('never');
  });
  it('names slugs, registries and shares', () => {
    expect(formatSlug('renewable-energy')).toBe('Renewable energy');
    expect(formatRegistry('gold-standard')).toBe('Gold Standard');
    // A registry Carbon Desk does not know is shown exactly as the service sent it.
    expect(formatRegistry('something-new')).toBe('something-new');
    expect(formatRegistry('cercarbono')).toBe('cercarbono');
    // Registries written as their project id prefix (legacy analyses) read by the same names.
    expect(formatRegistryCode('VCS')).toBe('Verra');
    expect(formatRegistryCode('acr')).toBe('American Carbon Registry');
    expect(formatRegistryCode('CAR', { short: true })).toBe('CAR');
    expect(formatRegistryCode('GLD', { short: true })).toBe('Gold Standard');
    expect(formatRegistryShort('american-carbon-registry')).toBe('ACR');
    expect(formatRegistry('none')).toBe('No registry');
    expect(formatRegistryCode('CCO')).toBe('CCO');
    expect(formatRegistryCode(null)).toBe('—');
    expect(formatPercent(0.4204)).toBe('42.0%');
    expect(formatCategory('ghg-management')).toBe('GHG management');
    expect(formatCategory('renewable-energy')).toBe('Renewable energy');
  });
});
