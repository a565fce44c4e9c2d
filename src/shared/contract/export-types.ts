/**
 * Export: which tables can be exported, the query each takes (the SAME object its list
 * method takes; paging fields are accepted and ignored: an export holds every matching row in the
 * list's sort order), and the export job the back end reports.
 */
import { z } from 'zod';
import { contractQueries, openProjectFilterParams, openValue, projectSearchParams } from '../api/params';

/** Exports take the same open value sets as the list methods (any registry, category, risk level…). */
const { buyerListQuery, creditListAppQuery, legacyForensicsQuery, projectListQuery, satelliteListAppQuery } = contractQueries;

export const EXPORT_TABLES = [
  'projects',
  'credit-transactions',
  'buyers',
  'satellite-metrics',
  'forensic-entries',
  'legacy-forensics',
  'country-updates',
  'boundaries',
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Forensic entries: one project's (as forensics.project) or the latest feed's (as forensics.latest, by category). */
export const forensicEntriesExportQuery = z.object({
  project_id: z.string().min(1).max(64).optional(),
  category: z.string().max(200).optional(),
});
/** Country updates: one country's (as countries.updates) or every cached country's, most recent first. */
export const countryUpdatesExportQuery = z.object({
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code').optional(),
});
/** Boundaries: one project's, or every cached boundary under the project filters and a risk level. */
export const boundariesExportQuery = z.object({
  project_id: z.string().min(1).max(64).optional(),
  risk_level: openValue().optional(),
  ...openProjectFilterParams,
  ...projectSearchParams,
});

/** Rows go out as CSV (the default) or as an XLSX workbook; the byte-order mark is CSV's. */
const common = { format: z.enum(['csv', 'xlsx']).optional(), bom: z.boolean().optional() };
export const exportStartInput = z.discriminatedUnion('table', [
  z.object({ table: z.literal('projects'), query: projectListQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('credit-transactions'), query: creditListAppQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('buyers'), query: buyerListQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('satellite-metrics'), query: satelliteListAppQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('forensic-entries'), query: forensicEntriesExportQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('legacy-forensics'), query: legacyForensicsQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('country-updates'), query: countryUpdatesExportQuery.strict().optional(), ...common }).strict(),
  z.object({ table: z.literal('boundaries'), format: z.literal('geojson').optional(), query: boundariesExportQuery.strict().optional(), bom: z.literal(false).optional() }).strict(),
]);
export type ExportStartInput = z.output<typeof exportStartInput>;

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportJob {
  exportId: string;
  table: ExportTable;
  format: ExportFormat;
  /** The suggested file name, e.g. `projects-2026-11-20.csv`. */
  fileName: string;
  state: ExportState;
  rows: number;
  /** Rows expected (counted before writing); null until known. */
  totalRows: number | null;
  /** Where the file was written (Electron save dialog, CLI); null in the web host. */
  path: string | null;
  /** Web host: GET this (with the session token) to download the finished file; null elsewhere. */
  downloadUrl: string | null;
  /** GeoJSON: features left out because their geometry could not be repaired (project ids). */
  skipped: string[];
  /** XLSX: cells the workbook could not hold as they were (cut to 32,767 characters, control characters replaced). */
  changedCells: { cells: number; examples: string[] } | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}
