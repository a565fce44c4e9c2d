import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimReport } from './claim-report';
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

describe('the claim report', () => {
  const answer = {
    beneficiary: 'Rubim Produções', claimed_tonnes: 1500, matched: { quantity: 1000, transactions: 2 }, shortfall: 500, excess: null,
    by_project: [{ project_id: 'VCS-1', project_name: 'Rio | Forest', quantity: 1000, transactions: 2 }],
    by_vintage: [{ vintage: 2019, quantity: 600, transactions: 1 }, { vintage: null, quantity: 400, transactions: 1 }],
    by_year: [{ year: 2024, quantity: 1000, transactions: 2 }],
    transactions: { data: [], total_entries: 2, current_page: 1, total_pages: 1, next_page: null },
    near_matches: [{ field: 'retirement_note' as const, value: 'on behalf of RUBIM PRODUÇÕES clients', quantity: 250, transactions: 1 }],
    near_match_total: { quantity: 250, transactions: 1 },
  } as unknown as Parameters<typeof claimReport>[1];

  it('states the shortfall, keeps near matches apart and ends with the provenance', async () => {
    const doc = claimReport({ beneficiary: 'Rubim Produções', from: '2024-01-01', to: '2024-12-31', tonnes: 1500 }, answer, sample(1).provenance);
    const md = renderMarkdown(doc);
    expect(md).toContain('Shortfall of 500 t: 1,500 t claimed, 1,000 t in 2 retirements found');
    expect(md).toContain('Near matches \\(250 t in 1 retirement, not counted\\)');
    expect(md).toContain('1 Jan 2024 to 31 Dec 2024');
    expect(md.indexOf('# Provenance')).toBeGreaterThan(md.indexOf('Near matches'));
    const file = path.join(dir, 'claim.pdf');
    fs.writeFileSync(file, await renderPdf(doc));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Retirement claim: Rubim Produções');
    expect(text).toContain('Shortfall of 500 t');
  });
});
