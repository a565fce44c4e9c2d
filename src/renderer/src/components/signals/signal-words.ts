/** Integrity signals in words: each kind's name, one line of its figures, and the CSV of a list. */
import type { IntegritySignal, SignalKind } from '../../../../shared/contract';
import { numberCell, textCell } from '../../../../shared/csv-safety';
import { formatNumber } from '../format';

export const SIGNAL_LABELS: Record<SignalKind, string> = {
  retired_exceeds_issued: 'Retired exceeds issued',
  retirement_before_issuance: 'Retirement before issuance',
  totals_mismatch: 'Listed total differs from transactions',
  large_retirement: 'Large retirement',
};

const t = (v: unknown) => (typeof v === 'number' ? `${formatNumber(v)} t` : String(v ?? '—'));

/** One line saying what the signal's figures show. */
export function describeSignal(s: IntegritySignal): string {
  const f = s.figures;
  switch (s.kind) {
    case 'retired_exceeds_issued':
      return `Retired ${t(f.retired)} and cancelled ${t(f.cancelled)} of ${t(f.issued)} issued: ${t(f.excess)} more than issued`;
    case 'retirement_before_issuance':
      return `First retirement ${String(f.first_retirement_date)}, ${String(f.days_before)} days before the first issuance (${String(f.first_issuance_date)})`;
    case 'totals_mismatch':
      return `Listed ${String(f.field)} ${t(f.listed)}, its transactions sum to ${t(f.cached)} (${typeof f.relative === 'number' ? `${(f.relative * 100).toFixed(1)}%` : 'from none'})`;
    case 'large_retirement':
      return `One retirement of ${t(f.quantity)}: ${typeof f.share === 'number' ? `${(f.share * 100).toFixed(1)}%` : '—'} of the ${t(f.project_issued)} the project lists as issued`;
  }
}

const quote = (cell: string) => (cell === '' || /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** CSV of signals: CRLF records, formula-safe text, the figures as JSON. */
export function signalsCsv(rows: IntegritySignal[]): string {
  const head = ['kind', 'project_id', 'project_name', 'registry', 'country', 'category', 'vintage', 'description', 'figures', 'transaction_ids', 'fields', 'detected_at'];
  const lines = [head.join(',')];
  for (const s of rows) {
    lines.push([
      textCell(s.kind), textCell(s.project_id), textCell(s.project_name), textCell(s.registry), textCell(s.country), textCell(s.category),
      numberCell(s.vintage), textCell(describeSignal(s)), textCell(JSON.stringify(s.figures)), textCell(s.evidence.transaction_ids.join(';')),
      textCell(s.evidence.fields.join(';')), textCell(s.detected_at),
    ].map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
