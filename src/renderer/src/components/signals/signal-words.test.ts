import { describe, expect, it } from 'vitest';
import type { IntegritySignal } from '../../../../shared/contract';
import { readStrictCsv } from '../../../../shared/testing/strict-csv';
import { describeSignal, signalsCsv } from './signal-words';

const signal = (over: Partial<IntegritySignal>): IntegritySignal => ({
  key: 'k', kind: 'retired_exceeds_issued', project_id: 'VCS-1', project_name: '=Forest, "North"', registry: 'verra', country: null,
  category: 'forest', vintage: 2019, figures: { issued: 100, retired: 90, cancelled: 20, excess: 10 },
  evidence: { transaction_ids: [7, 9], fields: [] }, detected_at: '2026-12-01T00:00:00Z', ...over,
});

describe('signalsCsv', () => {
  it('writes one record per signal: its words, its figures as JSON and its evidence joined with ;', () => {
    const s = signal({});
    const [header, record, other] = readStrictCsv(signalsCsv([s, signal({ kind: 'large_retirement', vintage: null, figures: { quantity: 60, share: 0.6, project_issued: 100 }, evidence: { transaction_ids: [], fields: ['issued'] } })]));
    expect(header).toEqual(['kind', 'project_id', 'project_name', 'registry', 'country', 'category', 'vintage', 'description', 'figures', 'transaction_ids', 'fields', 'detected_at']);
    expect(record).toEqual(['retired_exceeds_issued', 'VCS-1', '\'=Forest, "North"', 'verra', null, 'forest', '2019', describeSignal(s), JSON.stringify(s.figures), '7;9', null, '2026-12-01T00:00:00Z']);
    expect(other?.[6]).toBeNull();
    expect(other?.[10]).toBe('issued');
  });
});
