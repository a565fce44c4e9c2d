import { describe, expect, it } from 'vitest';
import type { ChangeEntry } from '../../../../shared/contract';
import { neutraliseText } from '../../../../shared/csv-safety';
import { HOSTILE_STRINGS } from '../../../../shared/testing/hostile-strings';
import { readStrictCsv } from '../../../../shared/testing/strict-csv';
import { changesCsv, changesDigest, mdLine } from './change-digest';

const entry = (over: Partial<ChangeEntry>): ChangeEntry => ({
  key: 'c1', run_id: 2, detected_at: '2026-11-24T10:00:00.000Z', kind: 'projects_changed', project_id: 'VCS-1', project_name: 'Katingan',
  buyer: null, country: 'Indonesia', field: 'status', old_value: 'registered', new_value: 'suspended', ref: null,
  summary: 'VCS-1: status registered → suspended', transactions: null, quantity: null, transaction_type: null, watched: false, ...over,
});

describe('change digest', () => {
  it('writes CSV with raw values, quoting and formula-safe text', () => {
    const csv = changesCsv([entry({ summary: '=HYPERLINK("x")', project_name: 'A, "B"' }), entry({ kind: 'credit_transactions_new', transactions: 3, quantity: 1234.5 })]);
    const [head, first, second] = csv.trim().split('\r\n');
    expect(head!.split(',')).toContain('quantity');
    expect(first).toContain('"A, ""B"""');
    expect(first).toContain(`"'=HYPERLINK(""x"")"`);
    expect(second).toContain(',3,1234.5,');
  });

  it('groups a Markdown digest by watched items, then kind, escaping Markdown', () => {
    const text = changesDigest([entry({ watched: true }), entry({ key: 'c2', project_id: 'VCS-2', summary: 'VCS-2: name *bold* → [x]' })], 'Carbon Desk changes', 'Since the last sync');
    expect(text.indexOf('## Watched items (1)')).toBeLessThan(text.indexOf('## Project changes (1)'));
    expect(text).toContain('VCS-2: name \\*bold\\* → \\[x\\]');
    expect(changesDigest([], 't', 'p')).toContain('Nothing changed');
  });
});

describe('the change log with hostile text', () => {
  const rows = HOSTILE_STRINGS.map(([, text], i) => entry({ key: `c${i}`, project_id: `VCS-${i}`, project_name: text, old_value: text, summary: text, watched: i % 2 === 0 }));

  it('writes CSV a strict RFC 4180 reader reads back row for row, value for value', () => {
    const [header, ...records] = readStrictCsv(changesCsv([...rows, entry({ key: 'n', old_value: null, new_value: '' })]));
    expect(records).toHaveLength(rows.length + 1);
    const at = (name: string) => header!.indexOf(name);
    HOSTILE_STRINGS.forEach(([what, text], i) => {
      expect(records[i]![at('project_name')], what).toBe(neutraliseText(text));
      expect(records[i]![at('old_value')], what).toBe(neutraliseText(text));
      expect(records[i]![at('summary')], what).toBe(neutraliseText(text));
    });
    // A missing value is an empty field, an empty text a quoted one.
    expect(records[rows.length]![at('old_value')]).toBeNull();
    expect(records[rows.length]![at('new_value')]).toBe('');
  });

  it('keeps each entry one Markdown list item whose text reads back as written (line breaks as spaces)', () => {
    const text = changesDigest(rows, '# Title | with *syntax*\n=== ', '- since\nthe last sync');
    const lines = text.split('\n');
    // No line break survives inside a value: the digest has exactly its own lines.
    const items = lines.filter((l) => l.startsWith('- '));
    expect(items).toHaveLength(rows.length);
    expect(lines.filter((l) => l !== '' && !l.startsWith('- ') && !l.startsWith('## '))).toEqual(['# \\# Title \\| with \\*syntax\\* ===', '\\- since the last sync']);
    const unescape = (s: string) => s.replace(/\\([\\`*_[\]<>|#~&+=.)-])/g, '$1');
    const shown = (s: string) => s.replace(/\r\n|[\r\n\u2028\u2029\t]/g, ' ').trim();
    const expected = rows.map((r) => `${shown(r.summary) || '(no summary)'}${shown(r.project_name!) ? ` — ${shown(r.project_name!)}` : ''}`);
    // Watched items first (the even ones), then the rest, each in order.
    const order = [...rows.keys()].sort((a, b) => (a % 2) - (b % 2) || a - b);
    items.forEach((item, k) => {
      const content = item.slice(2);
      // Nothing in it starts a list, a heading, a quote, code or a table cell.
      expect(content).not.toMatch(/^(\s|[-+*>#=`~]|\d+[.)])/);
      expect(content.replace(/\\\|/g, '')).not.toContain('|');
      expect(unescape(content), HOSTILE_STRINGS[order[k]!]![0]).toBe(expected[order[k]!]);
    });
    HOSTILE_STRINGS.forEach(([what, value]) => expect(unescape(mdLine(value)), what).toBe(shown(value)));
  });
});
