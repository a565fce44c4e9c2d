import { describe, expect, it } from 'vitest';
import { exportStartInput } from '../../../../shared/contract/export-types';
import { exportInput, exportQuery, formatsFor } from './export-query';

describe('export query from a view\'s filters', () => {
  const filters = { registry: ['verra'], sort: ['-issued'], search: '', per_page: 50, current_page: 3, panel: 'open', country: [] };

  it('keeps the list query\'s keys, drops paging, empty values and UI-only keys', () => {
    expect(exportQuery('projects', filters)).toEqual({ registry: ['verra'], sort: ['-issued'] });
  });

  it('builds inputs the contract accepts', () => {
    for (const input of [exportInput('projects', 'csv', filters, true), exportInput('projects', 'geojson', filters, true), exportInput('credit-transactions', 'csv', { beneficiary_search: 'acme', vintage: [2020] }, false)]) {
      expect(exportStartInput.safeParse(input).success).toBe(true);
    }
  });

  it('GeoJSON from projects is the boundaries of the filtered projects (no sort, no BOM)', () => {
    expect(exportInput('projects', 'geojson', filters, true)).toEqual({ table: 'boundaries', query: { registry: ['verra'] } });
  });

  it('offers CSV and XLSX for every table of rows, GeoJSON only where boundaries exist', () => {
    expect(formatsFor('projects')).toEqual(['csv', 'xlsx', 'geojson']);
    expect(formatsFor('credit-transactions')).toEqual(['csv', 'xlsx']);
    expect(formatsFor('boundaries')).toEqual(['geojson']);
  });

  it('asks for XLSX by format, and for the byte-order mark only in CSV', () => {
    expect(exportInput('buyers', 'xlsx', { search: 'acme', per_page: 50 }, true)).toEqual({ table: 'buyers', format: 'xlsx', query: { search: 'acme' } });
    expect(exportInput('buyers', 'csv', { search: 'acme' }, true)).toEqual({ table: 'buyers', query: { search: 'acme' }, bom: true });
  });
});
