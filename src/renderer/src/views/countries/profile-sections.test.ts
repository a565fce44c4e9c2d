import { describe, expect, it } from 'vitest';
import { countryProfileSchema } from '../../../../shared/api/resources';
import { PROFILE_SECTIONS, formatProfileValue, recordPairs } from './profile-sections';

describe('country profile sections', () => {
  it('places every field of the profile exactly once', () => {
    const placed = PROFILE_SECTIONS.flatMap((s) => s.fields.map((f) => f.field as string));
    const schemaFields = Object.keys(countryProfileSchema.shape);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...schemaFields].sort());
  });

  it('reads values in words', () => {
    expect(formatProfileValue(true, 'bool')).toBe('Yes');
    expect(formatProfileValue(false, 'bool')).toBe('No');
    expect(formatProfileValue(null, 'bool')).toBe('—');
    expect(formatProfileValue(12.5, 'usd')).toBe('US$ 12.5 / tCO2e');
    expect(formatProfileValue(45, 'percent')).toBe('45 %');
    expect(formatProfileValue(2030, 'year')).toBe('2030');
    expect(formatProfileValue(['JP', 'SG'], 'list')).toBe('JP, SG');
    expect(formatProfileValue([], 'list')).toBe('—');
    expect(formatProfileValue(['gold-standard', 'verra', 'new-registry'], 'registries')).toBe('Gold Standard, Verra, new-registry');
    expect(formatProfileValue([], 'registries')).toBe('—');
    expect(formatProfileValue('2024-03-05', 'date')).toBe('5 Mar 2024');
    expect(formatProfileValue('  ', 'text')).toBe('—');
  });

  it('shows agreement records as text pairs', () => {
    expect(recordPairs({ partner_country: 'JP', signed: true, terms: { a: 1 }, note: null, signed_on: '2025-03-18' })).toEqual([
      ['partner country', 'JP'],
      ['signed', 'true'],
      ['terms', '{"a":1}'],
      ['note', '—'],
      ['signed on', '18 Mar 2025'],
    ]);
  });
});
