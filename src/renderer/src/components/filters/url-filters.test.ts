import { describe, expect, it } from 'vitest';
import { projectListQuery } from '../../../../shared/api/params';
import { filterKey, parseFilters, withParam, withParams } from './url-filters';

describe('url filters', () => {
  it('parses repeated, numeric, boolean and date params with the endpoint schema', () => {
    const sp = new URLSearchParams('registry=verra&registry=gold-standard&issued_min=1000&is_compliance=true&listed_at_from=2020-01-01&sdg_goals=3');
    const { values, invalid } = parseFilters(projectListQuery, sp);
    expect(invalid).toEqual([]);
    expect(values).toEqual({ registry: ['verra', 'gold-standard'], issued_min: 1000, is_compliance: true, listed_at_from: '2020-01-01', sdg_goals: [3] });
  });
  it('drops and reports a bad value while keeping every other filter', () => {
    const sp = new URLSearchParams('registry=verra&issued_min=lots&listed_at_to=2021-02-30&category=forest&junk=1');
    const { values, invalid } = parseFilters(projectListQuery, sp);
    expect(values).toEqual({ registry: ['verra'], category: ['forest'] });
    expect(invalid.map((i) => i.key).sort()).toEqual(['issued_min', 'listed_at_to']);
    expect(invalid.find((i) => i.key === 'listed_at_to')!.message).toMatch(/calendar date/);
  });
  it('rejects an unknown registry and an unknown sort field', () => {
    const { values, invalid } = parseFilters(projectListQuery, new URLSearchParams('registry=nope&sort=-bogus'));
    expect(values).toEqual({});
    expect(invalid).toHaveLength(2);
  });
  it('limits parsing to the given keys', () => {
    const { values } = parseFilters(projectListQuery, new URLSearchParams('registry=verra&search=x'), ['search']);
    expect(values).toEqual({ search: 'x' });
  });
  it('writes values back as repeated params and removes empty ones', () => {
    const sp = new URLSearchParams('registry=verra&search=abc');
    expect(withParam(sp, 'registry', ['verra', 'isometric']).toString()).toBe('search=abc&registry=verra&registry=isometric');
    expect(withParam(sp, 'search', '').toString()).toBe('registry=verra');
    expect(withParam(sp, 'registry', []).toString()).toBe('search=abc');
    expect(withParams(sp, { issued_min: 5, has_ccb: false }).toString()).toBe('registry=verra&search=abc&issued_min=5&has_ccb=false');
    expect(sp.toString()).toBe('registry=verra&search=abc');
  });
  it('round-trips through the URL', () => {
    const values = { registry: ['verra', 'art-trees'], retired_max: 50, has_corsia: false, article6_authorization_types: ['NDC Use'] };
    const sp = withParams(new URLSearchParams(), values);
    expect(parseFilters(projectListQuery, sp).values).toEqual(values);
  });
  it('keys filters regardless of order', () => {
    expect(filterKey({ a: ['x', 'y'], b: 1 })).toBe(filterKey({ b: 1, a: ['y', 'x'], c: undefined, d: [] }));
    expect(filterKey({ a: 1 })).not.toBe(filterKey({ a: 2 }));
  });
});
