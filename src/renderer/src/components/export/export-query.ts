/**
 * What a view's filter state becomes as an export's query: only the keys the table's list query
 * knows (so an extra UI key never makes the contract refuse the export), empty values dropped,
 * paging dropped (an export holds every matching row). Boundaries take the project filters only.
 */
import {
  boundariesExportQuery,
  countryUpdatesExportQuery,
  forensicEntriesExportQuery,
  type ExportFormat,
  type ExportStartInput,
  type ExportTable,
} from '../../../../shared/contract/export-types';
import { contractQueries } from '../../../../shared/api/params';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { buyerListQuery, creditListAppQuery, legacyForensicsQuery, projectListQuery, satelliteListQuery } = contractQueries;

const QUERY_KEYS: Record<ExportTable, readonly string[]> = {
  projects: Object.keys(projectListQuery.shape),
  'credit-transactions': Object.keys(creditListAppQuery.shape),
  buyers: Object.keys(buyerListQuery.shape),
  'satellite-metrics': Object.keys(satelliteListQuery.shape),
  'forensic-entries': Object.keys(forensicEntriesExportQuery.shape),
  'legacy-forensics': Object.keys(legacyForensicsQuery.shape),
  'country-updates': Object.keys(countryUpdatesExportQuery.shape),
  boundaries: Object.keys(boundariesExportQuery.shape),
};
const PAGING = new Set(['current_page', 'per_page', 'limit', 'offset']);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The query for `table` from a view's filters. */
export function exportQuery(table: ExportTable, filters: Record<string, unknown>): Record<string, unknown> {
  const keys = QUERY_KEYS[table];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (!keys.includes(k) || PAGING.has(k) || isEmpty(v)) continue;
    out[k] = v;
  }
  return out;
}

/** The formats a table offers: its rows as CSV or XLSX; projects also offer their boundaries as GeoJSON. */
export function formatsFor(table: ExportTable): ExportFormat[] {
  if (table === 'boundaries') return ['geojson'];
  if (table === 'projects') return ['csv', 'xlsx', 'geojson'];
  return ['csv', 'xlsx'];
}

/** The export.start input for a table, format and the view's filters. */
export function exportInput(table: ExportTable, format: ExportFormat, filters: Record<string, unknown>, bom: boolean): ExportStartInput {
  if (format === 'geojson') return { table: 'boundaries', query: exportQuery('boundaries', filters) } as ExportStartInput;
  if (format === 'xlsx') return { table, format, query: exportQuery(table, filters) } as ExportStartInput;
  return { table, query: exportQuery(table, filters), ...(bom ? { bom: true } : {}) } as ExportStartInput;
}
