import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dueDiligenceReport, evidenceText, type DueDiligenceInput } from './due-diligence-report';
import type { ProjectFacts } from './project-evidence';
import { renderHtml } from './render-html';
import { renderMarkdown } from './render-markdown';
import { pdfText, renderPdf } from './render-pdf';

const HOSTILE = 'Société | RUBIM PRODUÇÕES <b>*x*</b> "q" Łódź\nnext\r\nline';

const facts: ProjectFacts = {
  projectId: 'VCS-1234',
  project: null,
  totals: {
    transactions: 3, projects: 1, buyers: 1,
    issued: { transactions: 1, quantity: 1000 }, retired: { transactions: 1, quantity: 400.5 }, cancelled: { transactions: 1, quantity: 0 },
    other_types: [], by_vintage: [{ vintage: 2019, issued: 1000, retired: 400.5 }, { vintage: null, issued: 0, retired: 0 }],
  } as ProjectFacts['totals'],
  satellite: null,
  forensics: null,
  country: null,
  missing: { project: 'VCS-1234 is not in the cache (projects are completely synced).', satellite: 'No satellite metrics cached for VCS-1234.' },
};

function sample(holdings: number): DueDiligenceInput {
  return {
    portfolio: { name: `Fund ${HOSTILE}`, source: 'holdings.csv', importedAt: '2026-12-01T10:00:00Z' },
    holdings: Array.from({ length: holdings }, (_, i) => ({
      row: i + 2, projectId: 'VCS-1234', projectName: i === 0 ? HOSTILE : `Project ${i}`, registry: 'verra', vintage: i % 3 === 0 ? null : 2019, quantity: 1000.25 * (i + 1),
      findings: i % 2 === 0 ? [{ rule: 'no_ccp_label', severity: 'medium', message: `The project has no ICVCM CCP label. ${HOSTILE}`, evidence: evidenceText({ has_icvcm_ccp: null, issued: 1000 }), source: 'projects' }] : [],
    })),
    unmatched: [{ row: 99, value: 'lots', reason: 'the quantity "lots" is not a number' }],
    facts: new Map([['VCS-1234', facts]]),
    provenance: {
      connection: { name: 'Demo market', baseUrl: 'http://127.0.0.1:8787' }, appName: 'Carbon Desk', appVersion: '0.1.0', host: 'cli', generatedAt: '2026-12-02T12:00:00Z',
      resources: [{ label: 'Projects', cached: 740, known: 740, lastSuccessAt: '2026-12-02T11:00:00Z', notOffered: false }, { label: 'Satellite metrics', cached: 0, known: null, lastSuccessAt: null, notOffered: true }],
      definitions: [{ id: 'no_ccp_label', definition: 'The project\'s has_icvcm_ccp is not true.' }],
    },
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-report-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the due-diligence report', () => {
  it('summarises holdings, tonnes and flagged tonnes by rule', () => {
    const md = renderMarkdown(dueDiligenceReport(sample(4)));
    // holdings 1 and 3 (rows 2 and 4) are flagged: 1,000.25 + 3,000.75 t
    expect(md).toContain('| no\\_ccp\\_label | 2 | 4,001 |');
    expect(md).toContain('**Holdings:** 4');
    expect(md).toContain('Rows not understood');
    expect(md).toContain('VCS\\-1234 is not in the cache');
  });

  it('escapes markup in Markdown and HTML: names print as written, on one line in a cell', () => {
    const doc = dueDiligenceReport(sample(1));
    const md = renderMarkdown(doc);
    expect(md).toContain('Société \\| RUBIM PRODUÇÕES \\<b\\>\\*x\\*\\</b\\> "q" Łódź next line');
    const html = renderHtml(doc);
    expect(html).toContain('Société | RUBIM PRODUÇÕES &lt;b&gt;*x*&lt;/b&gt; &quot;q&quot; Łódź');
    expect(html).not.toMatch(/<b>|<script/);
  });

  it('keeps line breaks and drops control characters in PDF text', () => {
    expect(pdfText('a\r\nb\rc\u0000d\u0007e')).toBe('a\nb\nc d e');
  });

  it('writes a PDF whose pages render and whose text holds the holdings, accents included', async () => {
    const pdf = await renderPdf(dueDiligenceReport(sample(60)), { createdAt: new Date('2026-12-02T12:00:00Z') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('RUBIM PRODUÇÕES');
    expect(text).toContain('Łódź');
    expect(text).toMatch(/page 1 of (\d+)/);
    const pages = Number(/page 1 of (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(3); // 60 holdings, 30 flagged sections
    // every holding's row is in the table: rows 2 … 61
    for (const row of [2, 30, 61]) expect(text).toMatch(new RegExp(`\\b${row}\\s+VCS-1234`));
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith('page'))!));
    // A4 at 50 dpi: 414 × 585 pixels
    expect(png.readUInt32BE(16)).toBe(414);
    expect(png.readUInt32BE(20)).toBe(585);
    expect(png.length).toBeGreaterThan(5_000); // not a blank page
  });
});
