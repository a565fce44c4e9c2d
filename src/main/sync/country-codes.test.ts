import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './country-codes';

describe('countryCodeOf', () => {
  it('maps official names and aliases', () => {
    expect(countryCodeOf('Brazil')).toBe('BR');
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('Democratic Republic of the Congo')).toBe('CD');
    expect(countryCodeOf("Côte d'Ivoire")).toBe('CI');
  });
  it('tolerates accents, case and punctuation', () => {
    expect(countryCodeOf('cote d ivoire')).toBe('CI');
    expect(countryCodeOf('  brazil ')).toBe('BR');
  });
  it('accepts a code and rejects unknown names', () => {
    expect(countryCodeOf('ke')).toBe('KE');
    expect(countryCodeOf('Atlantis')).toBeNull();
    expect(countryCodeOf('')).toBeNull();
  });
});
