/** The change log as files a user shares: CSV rows (raw values, formula-safe) and a Markdown digest for an email. */
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind } from '../../../../shared/contract';
import { numberCell, textCell } from '../../../../shared/csv-safety';

export const KIND_LABELS: Record<ChangeKind, string> = {
  projects_new: 'New projects',
  projects_changed: 'Project changes',
  projects_gone: 'Projects no longer listed',
  credit_transactions_new: 'New credit transactions',
  forensic_entries_new: 'New forensic entries',
  memos_changed: 'Forensic memos changed',
  satellite_changed: 'Satellite changes',
  country_updates_new: 'New country policy updates',
  countries_changed: 'Country policy changes',
};

const CSV_COLUMNS: Array<[keyof ChangeEntry, 'text' | 'number']> = [
  ['detected_at', 'text'], ['kind', 'text'], ['project_id', 'text'], ['project_name', 'text'], ['buyer', 'text'], ['country', 'text'],
  ['field', 'text'], ['old_value', 'text'], ['new_value', 'text'], ['transaction_type', 'text'], ['transactions', 'number'],
  ['quantity', 'number'], ['ref', 'text'], ['watched', 'text'], ['summary', 'text'],
];

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export function changesCsv(rows: ChangeEntry[]): string {
  const lines = [CSV_COLUMNS.map(([c]) => c).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map(([c, type]) => quote(type === 'number' ? numberCell(r[c]) : textCell(r[c]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Markdown text safe to paste: characters Markdown reads as syntax are escaped. */
const md = (text: string) => text.replace(/([\\`*_[\]<>|#])/g, '\\$1');

/** A digest grouped by watched items first, then by kind; credit groups summed per project. */
export function changesDigest(rows: ChangeEntry[], title: string, period: string): string {
  const out = [`# ${md(title)}`, '', md(period), ''];
  if (rows.length === 0) return [...out, 'Nothing changed in this period.', ''].join('\n');
  const sections: Array<[string, ChangeEntry[]]> = [['Watched items', rows.filter((r) => r.watched)]];
  for (const kind of CHANGE_KINDS) sections.push([KIND_LABELS[kind], rows.filter((r) => !r.watched && r.kind === kind)]);
  for (const [heading, list] of sections) {
    if (!list.length) continue;
    out.push(`## ${md(heading)} (${list.length})`, '');
    for (const r of list.slice(0, 200)) out.push(`- ${md(r.summary)}${r.project_name && r.project_id ? ` — ${md(r.project_name)}` : ''}`);
    if (list.length > 200) out.push(`- … and ${list.length - 200} more`);
    out.push('');
  }
  return out.join('\n');
}
