import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import { dueDiligenceReport } from './due-diligence-report';
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
const prov = provenance({
  connection: { name: 'Demo', baseUrl: 'http://127.0.0.1:1' },
  checkpoints: [{ job: 'projects', state: 'done', last_success_at: '2026-01-02', last_full_success_at: '2026-01-02' }, { job: 'satellite', state: 'unsupported', last_success_at: null, last_full_success_at: null }],
  appVersion: '0.1.0', now: '2026-01-03', definitions: [{ id: 'unknown_project', definition: 'Not in the cache.' }],
});

describe('the due-diligence report', () => {
  it('in Markdown has the summary, the holdings, the evidence and the provenance', async () => {
    expect(prov.last_complete_sync).toBe('2026-01-02');
    const md = (await dueDiligenceReport('md', summary, holdings, prov)).toString();
    expect(md).toContain('2 holdings, 1,500.5 t; 1 matched');
    expect(md).toContain('| 2 | VCS-1 | A \\| B | verra | 2020 | 1,000.5 |  |');
    expect(md).toContain('### Row 3: X-9');
    expect(md).toContain('- row 5: quantity "lots" is not a number');
    expect(md).toContain('- Connection: Demo (http://127.0.0.1:1)');
    expect(md).toContain('- unknown_project: Not in the cache.');
  });

  it('as a PDF renders page 1 as a non-blank A4 image holding the holdings', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...holdings[1]!, row: i + 3, project_id: `X-${i}`, project_ref: null }));
    const pdf = await dueDiligenceReport('pdf', { ...summary, holdings: 121 }, [holdings[0]!, ...many], prov);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-report-'));
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-gray', file, path.join(dir, 'page')]);
    const pgm = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith('page'))!));
    const [magic, w, h] = pgm.toString('latin1', 0, 20).split(/\s+/);
    expect([magic, Number(w), Number(h)]).toEqual(['P5', 414, 585]);
    const pixels = pgm.subarray(pgm.length - 414 * 585);
    const dark = pixels.filter((v) => v < 128).length;
    expect(dark / pixels.length).toBeGreaterThan(0.002);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Due diligence: Book');
    expect(text).toContain('VCS-1');
    expect(text).toContain('X-119');
    expect(text).toContain('Provenance');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
