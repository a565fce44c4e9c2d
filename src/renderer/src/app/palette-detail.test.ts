import { describe, expect, it } from 'vitest';
import { paletteDetail } from './palette-detail';

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
