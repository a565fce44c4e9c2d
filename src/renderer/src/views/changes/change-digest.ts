/** The change log as files a user shares: CSV rows (raw values, formula-safe) and a Markdown digest for an email. */
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind } from '../../../../shared/contract';
import { csvText } from '../../../../shared/csv-text';

export const KIND_LABELS: Record<ChangeKind, string> = {
  projects_new: 'New projects',
  projects_changed: 'Project changes',
  projects_gone: 'Projects no longer listed',
  holdings_flagged: 'Holdings newly flagged',
  credit_transactions_new: 'New credit transactions',
  forensic_entries_new: 'New forensic entries',
  memos_changed: 'Forensic memos changed',
  satellite_changed: 'Satellite changes',
  country_updates_new: 'New country policy updates',
  countries_changed: 'Country policy changes',
  signals_new: 'New integrity signals',
  signals_resolved: 'Integrity signals resolved',
};

const CSV_COLUMNS: Array<[keyof ChangeEntry, 'text' | 'number']> = [
  ['detected_at', 'text'], ['kind', 'text'], ['project_id', 'text'], ['project_name', 'text'], ['buyer', 'text'], ['country', 'text'],
  ['field', 'text'], ['old_value', 'text'], ['new_value', 'text'], ['transaction_type', 'text'], ['transactions', 'number'],
  ['quantity', 'number'], ['ref', 'text'], ['watched', 'text'], ['summary', 'text'],
];

/** CSV of the entries (the export dialect: shared/csv-text.ts): a missing value is an empty field, an empty text `""`. */
export function changesCsv(rows: ChangeEntry[]): string {
  return csvText(CSV_COLUMNS.map(([name, kind]) => ({ name, kind, value: (r: ChangeEntry) => r[name] })), rows);
}

/**
 * Text for one line of Markdown that stays that line and reads as written: line breaks (CR, LF,
 * U+2028, U+2029) and tabs become spaces and the ends are trimmed (a break would end the list item,
 * leading spaces could start a code block); the punctuation Markdown reads as syntax is
 * backslash-escaped (emphasis, code, links, HTML, headings, `|` so the text is also safe in a table
 * cell, and `&` where it would start an entity); a leading `-`, `+`, `=` or `1.` / `1)` is escaped
 * so it starts no list, heading underline or rule.
 */
export function mdLine(text: string): string {
  const flat = text.replace(/\r\n|[\r\n\u2028\u2029\t]/g, ' ').trim();
  return flat
    .replace(/[\\`*_[\]<>|#~]|&(?=#?\w+;)/g, '\\$&')
    .replace(/^[-+=]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}
const md = mdLine;

/** A digest grouped by watched items first, then by kind; credit groups summed per project. */
export function changesDigest(rows: ChangeEntry[], title: string, period: string): string {
  const out = [`# ${md(title)}`, '', md(period), ''];
  if (rows.length === 0) return [...out, 'Nothing changed in this period.', ''].join('\n');
  const sections: Array<[string, ChangeEntry[]]> = [['Watched items', rows.filter((r) => r.watched)]];
  for (const kind of CHANGE_KINDS) sections.push([KIND_LABELS[kind], rows.filter((r) => !r.watched && r.kind === kind)]);
  for (const [heading, list] of sections) {
    if (!list.length) continue;
    out.push(`## ${md(heading)} (${list.length})`, '');
    for (const r of list.slice(0, 200)) {
      const name = r.project_name && r.project_id ? md(r.project_name) : '';
      out.push(`- ${md(r.summary) || '(no summary)'}${name ? ` — ${name}` : ''}`);
    }
    if (list.length > 200) out.push(`- … and ${list.length - 200} more`);
    out.push('');
  }
  return out.join('\n');
}
