/** Integrity signals in words: each kind's name, one line of its figures, and the CSV of a list. */
import type { IntegritySignal, SignalKind } from '../../../../shared/contract';
import { csvText, type CsvTextColumn } from '../../../../shared/csv-text';
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

const SIGNAL_COLUMNS: ReadonlyArray<CsvTextColumn<IntegritySignal>> = [
  { name: 'kind', kind: 'text', value: (s) => s.kind },
  { name: 'project_id', kind: 'text', value: (s) => s.project_id },
  { name: 'project_name', kind: 'text', value: (s) => s.project_name },
  { name: 'registry', kind: 'text', value: (s) => s.registry },
  { name: 'country', kind: 'text', value: (s) => s.country },
  { name: 'category', kind: 'text', value: (s) => s.category },
  { name: 'vintage', kind: 'number', value: (s) => s.vintage },
  { name: 'description', kind: 'text', value: describeSignal },
  { name: 'figures', kind: 'json', value: (s) => s.figures },
  { name: 'transaction_ids', kind: 'list', value: (s) => s.evidence.transaction_ids },
  { name: 'fields', kind: 'list', value: (s) => s.evidence.fields },
  { name: 'detected_at', kind: 'text', value: (s) => s.detected_at },
];

/** CSV of signals (the export dialect: shared/csv-text.ts), the figures as JSON. */
export function signalsCsv(rows: IntegritySignal[]): string {
  return csvText(SIGNAL_COLUMNS, rows);
}
