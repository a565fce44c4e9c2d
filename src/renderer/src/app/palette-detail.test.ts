import { describe, expect, it } from 'vitest';
import { paletteDetail, paletteStatus } from './palette-detail';

describe('palette detail', () => {
  it('names a project registry by its display name, not its slug', () => {
    expect(paletteDetail({ kind: 'project', id: 'ACR-12', label: 'Wetland', detail: null, registry: 'american-carbon-registry', country: 'United States' })).toBe(
      'ACR-12 · American Carbon Registry · United States',
    );
  });
  it('shows a registry it does not know as it came, and a project without facts by its id', () => {
    expect(paletteDetail({ kind: 'project', id: 'X-1', label: 'X', detail: null, registry: 'cercarbono', country: null })).toBe('X-1 · cercarbono');
    expect(paletteDetail({ kind: 'project', id: 'X-2', label: 'X', detail: null })).toBe('X-2');
  });
  it('keeps the detail of buyers and countries', () => {
    expect(paletteDetail({ kind: 'buyer', id: 'acme', label: 'acme', detail: 'Buyer' })).toBe('Buyer');
    expect(paletteDetail({ kind: 'country', id: 'KE', label: 'Kenya', detail: '3 projects' })).toBe('3 projects');
  });
});

describe('palette status', () => {
  const hit = (kind: 'project' | 'buyer' | 'country', id: string) => ({ kind, id, label: id, detail: null });
  it('says how many match when all are shown', () => {
    expect(paletteStatus({ hits: [hit('buyer', 'A'), hit('country', 'KE')], matches: { projects: 0, buyers: 1, countries: 1 } })).toBe('2 matches: 1 buyer, 1 country');
  });
  it('says "first N of all" when the hits leave some out, by kind', () => {
    const hits = Array.from({ length: 20 }, (_, i) => hit('buyer', `B${i}`));
    expect(paletteStatus({ hits, matches: { projects: 15, buyers: 122, countries: 5 } })).toBe(
      'First 20 of 142 matches (15 projects, 122 buyers, 5 countries): type more to narrow, or open a full list below',
    );
  });
});
