import { describe, expect, it } from 'vitest';
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import { dueDiligenceMarkdown } from './due-diligence-markdown';
import { provenance } from './provenance';

const summary: PortfolioSummary = {
  id: 1, name: 'Book', file_name: null, imported_at: '2026-01-01', screened_at: '2026-01-01', holdings: 2, matched: 1, tonnes: 1500.5,
  flagged_holdings: 1, unmatched: [{ row: 5, value: 'X | lots', reason: 'quantity "lots" is not a number' }], by_rule: [{ rule: 'unknown_project', holdings: 1, tonnes: 500 }],
};
const holdings: HoldingRow[] = [
  { row: 2, project_id: 'vcs 1', project_ref: 'VCS-1', project_name: 'A | B', registry: 'verra', vintage: 2020, quantity: 1000.5, status: 'held', serial: null, note: null, flags: [] },
  { row: 3, project_id: 'X-9', project_ref: null, project_name: null, registry: null, vintage: null, quantity: 500, status: 'held', serial: null, note: null,
    flags: [{ rule: 'unknown_project', severity: 'high', message: 'Project X-9 is not in the cache.', evidence: { project_id: 'X-9' }, source: 'projects' }] },
];

describe('the due-diligence report in Markdown', () => {
  it('has the summary, the holdings, the evidence and the provenance', () => {
    const prov = provenance({
      connection: { name: 'Demo', baseUrl: 'http://127.0.0.1:1' },
      checkpoints: [{ job: 'projects', state: 'done', last_success_at: '2026-01-02', last_full_success_at: '2026-01-02' }, { job: 'satellite', state: 'unsupported', last_success_at: null, last_full_success_at: null }],
      appVersion: '0.1.0', now: '2026-01-03', definitions: [{ id: 'unknown_project', definition: 'Not in the cache.' }],
    });
    expect(prov.last_complete_sync).toBe('2026-01-02');
    const md = dueDiligenceMarkdown(summary, holdings, prov);
    expect(md).toContain('2 holdings, 1,500.5 t; 1 matched');
    expect(md).toContain('| 2 | VCS-1 | A \\| B | verra | 2020 | 1,000.5 |  |');
    expect(md).toContain('### Row 3: X-9');
    expect(md).toContain('- row 5: quantity "lots" is not a number');
    expect(md).toContain('- Connection: Demo (http://127.0.0.1:1)');
    expect(md).toContain('- `unknown_project`: Not in the cache.');
  });
});
