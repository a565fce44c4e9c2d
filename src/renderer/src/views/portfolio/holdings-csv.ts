/** The screened holdings table as CSV (RFC 4180: CRLF records, quoted where needed, UTF-8 BOM). */
import type { HoldingRow } from '../../../../shared/contract';
import { downloadFile } from '../../components/download-file';

const HEADER = ['row', 'project_id', 'project_name', 'registry', 'vintage', 'quantity', 'status', 'serial', 'note', 'flags', 'flag_messages'];

/** A field quoted when it holds a comma, a quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function holdingsCsv(rows: HoldingRow[]): string {
  const records = [HEADER, ...rows.map((h) => [
    h.row,
    h.project_id,
    h.project_name,
    h.registry,
    h.vintage,
    h.quantity,
    h.status,
    h.serial,
    h.note,
    h.flags.map((f) => f.rule).join('; '),
    h.flags.map((f) => f.message).join(' | '),
  ])];
  return '\uFEFF' + records.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers the text as a file download through a Blob link. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadFile(text, fileName, type);
}

/** A file name from the portfolio's name (and the rule filtered by). */
export function csvFileName(portfolioName: string, rule: string | null): string {
  const slug = portfolioName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'portfolio';
  return `${slug}${rule ? `-${rule}` : ''}-holdings.csv`;
}
