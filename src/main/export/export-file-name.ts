/** Sensible export file names: `projects-2026-11-20.csv`, `boundary-VCS-1234-2026-11-20.geojson`. */
import type { ExportFormat, ExportStartInput } from '../../shared/contract/export-types';

export const EXPORT_EXTENSION: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', geojson: 'geojson' };

export function formatOf(input: ExportStartInput): ExportFormat {
  return input.table === 'boundaries' ? 'geojson' : (input.format ?? 'csv');
}

/** Local calendar date YYYY-MM-DD (what the user's clock says today). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Keeps letters, digits, `-`, `_` and `.` of an id; anything else becomes `-`. */
const safePart = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '').slice(0, 64) || 'export';

export function exportFileName(input: ExportStartInput, now: Date = new Date()): string {
  const ext = EXPORT_EXTENSION[formatOf(input)];
  const date = localDate(now);
  if (input.table === 'boundaries' && input.query?.project_id) return `boundary-${safePart(input.query.project_id)}-${date}.${ext}`;
  if (input.table === 'forensic-entries' && input.query?.project_id) return `forensic-entries-${safePart(input.query.project_id)}-${date}.${ext}`;
  if (input.table === 'country-updates' && input.query?.country_code) return `country-updates-${input.query.country_code.toUpperCase()}-${date}.${ext}`;
  return `${input.table}-${date}.${ext}`;
}
