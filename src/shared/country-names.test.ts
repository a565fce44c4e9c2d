import { describe, expect, it } from 'vitest';
import { ALIASES, countryCodeOf, countryNameKey } from './country-names';

/** Names as registries, OffsetsDB, the UN and the World Bank write them, with their ISO codes. */
const WRITTEN: ReadonlyArray<readonly [string, string]> = [
  ['DR Congo', 'CD'],
  ['Democratic Republic of the Congo', 'CD'],
  ['Congo, The Democratic Republic of the', 'CD'],
  ['Congo (Kinshasa)', 'CD'],
  ['Congo, Dem. Rep.', 'CD'],
  ['Congo Republic', 'CG'],
  ['Republic of the Congo', 'CG'],
  ['Congo', 'CG'],
  ['Congo (Brazzaville)', 'CG'],
  ['Congo-Brazzaville', 'CG'],
  ['Congo, Rep.', 'CG'],
  ['Congo-Kinshasa', 'CD'],
  ["Côte d'Ivoire", 'CI'],
  ['Cote d\u2019Ivoire', 'CI'],
  ["Cote d'Ivoire", 'CI'],
  ['Ivory Coast', 'CI'],
  ['Türkiye', 'TR'],
  ['Turkiye', 'TR'],
  ['Turkey', 'TR'],
  ['Viet Nam', 'VN'],
  ['Vietnam', 'VN'],
  ['Lao PDR', 'LA'],
  ["Lao People's Democratic Republic", 'LA'],
  ['Korea, Republic of', 'KR'],
  ['Republic of Korea', 'KR'],
  ["Korea, Democratic People's Republic of", 'KP'],
  ['Bolivia (Plurinational State of)', 'BO'],
  ['Tanzania, United Republic of', 'TZ'],
  ['Iran (Islamic Republic of)', 'IR'],
  ['Micronesia (Federated States of)', 'FM'],
  ['Swaziland', 'SZ'],
  ['Eswatini', 'SZ'],
  ['Cape Verde', 'CV'],
  ['Cabo Verde', 'CV'],
  ['Czech Republic', 'CZ'],
  ['Czechia', 'CZ'],
  ['Burma', 'MM'],
  ['Myanmar', 'MM'],
  ['Russian Federation', 'RU'],
  ['Syrian Arab Republic', 'SY'],
  ['Macedonia', 'MK'],
  ['North Macedonia', 'MK'],
  ['Palestine, State of', 'PS'],
  ['Moldova, Republic of', 'MD'],
  ['Venezuela (Bolivarian Republic of)', 'VE'],
  ['St. Lucia', 'LC'],
  ['Saint Lucia', 'LC'],
  ['Saint Kitts and Nevis', 'KN'],
  ['St Kitts & Nevis', 'KN'],
  ['St. Vincent and the Grenadines', 'VC'],
  ['Timor-Leste', 'TL'],
  ['East Timor', 'TL'],
  ['The Gambia', 'GM'],
  ['Gambia', 'GM'],
  ['The Bahamas', 'BS'],
  ['Bahamas', 'BS'],
  ['São Tomé & Príncipe', 'ST'],
  ['Curaçao', 'CW'],
  ['Trinidad & Tobago', 'TT'],
  ['Guinea Bissau', 'GW'],
  ['United States', 'US'],
  ['U.S.A.', 'US'],
  ['UK', 'GB'],
];

describe('countryCodeOf', () => {
  it.each(WRITTEN)('resolves %s', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });

  it('ignores case, accents, punctuation, spacing and a leading "The"', () => {
    expect(countryCodeOf('  DR CONGO ')).toBe('CD');
    expect(countryCodeOf('dr congo')).toBe('CD');
    expect(countryCodeOf('cote d ivoire')).toBe('CI');
    expect(countryCodeOf('CÔTE D’IVOIRE')).toBe('CI');
    expect(countryCodeOf('the gambia')).toBe('GM');
    expect(countryCodeOf('VIET-NAM')).toBe('VN');
    expect(countryCodeOf('  brazil ')).toBe('BR');
  });

  it('keeps countries apart whose names share words', () => {
    expect(countryCodeOf('Guinea')).toBe('GN');
    expect(countryCodeOf('Equatorial Guinea')).toBe('GQ');
    expect(countryCodeOf('Papua New Guinea')).toBe('PG');
    expect(countryCodeOf('Niger')).toBe('NE');
    expect(countryCodeOf('Nigeria')).toBe('NG');
    expect(countryCodeOf('Sudan')).toBe('SD');
    expect(countryCodeOf('South Sudan')).toBe('SS');
    expect(countryCodeOf('North Korea')).toBe('KP');
    expect(countryCodeOf('South Korea')).toBe('KR');
    expect(countryCodeOf('Dominica')).toBe('DM');
    expect(countryCodeOf('Dominican Republic')).toBe('DO');
  });

  it('accepts an alpha-2 code given as the name', () => {
    expect(countryCodeOf('ke')).toBe('KE');
    expect(countryCodeOf('CD')).toBe('CD');
  });

  it('gives no code to a name it cannot resolve, rather than a guess', () => {
    for (const name of ['Atlantis', 'Global', 'Multiple countries', 'Korea', '', '   ', 'XX']) expect(countryCodeOf(name), name).toBeNull();
  });

  it('has one alias per name key, each resolving to its code', () => {
    const keys = Object.keys(ALIASES).map(countryNameKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, code] of Object.entries(ALIASES)) expect(countryCodeOf(name), name).toBe(code);
  });
});
