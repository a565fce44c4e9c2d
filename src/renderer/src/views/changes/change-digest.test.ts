import { describe, expect, it } from 'vitest';
import type { ChangeEntry } from '../../../../shared/contract';
import { changesCsv, changesDigest } from './change-digest';

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
