/**
 * A report as blocks of text, facts and tables, independent of its output: the same document is
 * written as PDF (render-pdf.ts), HTML (render-html.ts) and Markdown (render-markdown.ts), so the
 * three say the same thing. Every value is already text here: formatting happens once, when the
 * document is composed.
 */
export type ReportBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string; tone?: 'plain' | 'muted' | 'warning' }
  /** Label and value pairs (a value may carry a link). */
  | { kind: 'facts'; rows: ReportFact[] }
  | { kind: 'table'; columns: ReportColumn[]; rows: string[][]; empty?: string }
  | { kind: 'list'; items: string[] }
  /** Starts the next block on a new page in paged outputs (PDF, print). */
  | { kind: 'page-break' };

export interface ReportFact {
  label: string;
  value: string;
  url?: string | null;
}

export interface ReportColumn {
  label: string;
  align?: 'left' | 'right';
  /** Relative width in paged outputs (default 1). */
  weight?: number;
}

export interface ReportDocument {
  title: string;
  /** One line under the title: what, of whom, when. */
  subtitle: string;
  blocks: ReportBlock[];
}

const TONNES = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** Tonnes as the reports write them: grouped thousands, up to three decimals, "—" for none. */
export function tonnes(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : TONNES.format(value);
}

/** A value that may be missing, as the reports write it. */
export function orDash(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** "1 retirement", "2 retirements": a count with its noun. */
export function counted(n: number, noun: string): string {
  return `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;
}
