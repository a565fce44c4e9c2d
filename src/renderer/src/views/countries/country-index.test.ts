import { describe, expect, it } from 'vitest';
import type { CountryIndexEntry } from '../../../../shared/contract';
import { choroplethValues, readIndexSort, riskScoreStanding, searchCountries, sortCountries } from './country-index';

const row = (country: string, code: string | null, issued: number, projects = 1): CountryIndexEntry => ({ country, country_code: code, projects, issued, retired: issued / 2, has_profile: code !== null, country_risk_score: null });
const rows = [row('Brazil', 'BR', 500, 4), row('india', 'IN', 900, 2), row('Atlantis', null, 50), row('Chile', 'CL', 500, 9)];

describe('country index', () => {
  it('sorts by any column with the name as a tie-breaker', () => {
    expect(sortCountries(rows, 'issued', true).map((r) => r.country)).toEqual(['india', 'Brazil', 'Chile', 'Atlantis']);
    expect(sortCountries(rows, 'country', false).map((r) => r.country)).toEqual(['Atlantis', 'Brazil', 'Chile', 'india']);
    expect(sortCountries(rows, 'projects', true)[0]!.country).toBe('Chile');
  });

  it('reads the sort from the URL, falling back to most issued', () => {
    expect(readIndexSort('country')).toEqual({ field: 'country', descending: false });
    expect(readIndexSort('-retired')).toEqual({ field: 'retired', descending: true });
    expect(readIndexSort('bogus')).toEqual({ field: 'issued', descending: true });
    expect(readIndexSort(null)).toEqual({ field: 'issued', descending: true });
  });

  it('searches names and codes', () => {
    expect(searchCountries(rows, 'IND').map((r) => r.country)).toEqual(['india']);
    expect(searchCountries(rows, 'cl').map((r) => r.country)).toEqual(['Chile']);
    expect(searchCountries(rows, ' ')).toHaveLength(4);
  });

  it('gives the map one value per ISO code, without unrecognised countries', () => {
    expect(choroplethValues(rows, 'issued')).toEqual({ BR: 500, IN: 900, CL: 500 });
    expect(choroplethValues(rows, 'projects')).toEqual({ BR: 4, IN: 2, CL: 9 });
  });
});

describe('country risk score', () => {
  const scored = (code: string, score: number | null): CountryIndexEntry => ({ ...row(code, code, 1), country_risk_score: score });
  it('reads a score against the other cached profiles, saying the service gives no scale', () => {
    const all = [scored('BR', 95.2), scored('IN', 40), scored('CL', 12.5), scored('KE', 99), scored('PE', null)];
    expect(riskScoreStanding('br', all)).toBe(
      'Higher than 2 of the 3 other countries with a profile, whose scores run from 12.5 to 99. The service gives this score without a scale or a direction; compare it with other countries.',
    );
  });
  it('says when nothing compares, and nothing without a score', () => {
    expect(riskScoreStanding('BR', [scored('BR', 10), scored('IN', null)])).toMatch(/^No other country with a profile has a score/);
    expect(riskScoreStanding('PE', [scored('PE', null)])).toBeNull();
    expect(riskScoreStanding('ZZ', [scored('BR', 10)])).toBeNull();
  });
});
