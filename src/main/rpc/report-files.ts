/**
 * Reports as files handed to a host, in PDF, HTML or Markdown, composed from the current
 * connection's cache offline.
 */
import type { ClaimVerifyInput, HoldingRow, ReportFile, ReportFormat } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import type { AppContext } from '../app-context';
import { claimReport } from '../reports/claim-report';
import { dueDiligenceReport, evidenceText, type ScreenedHolding } from '../reports/due-diligence-report';
import { gatherProjectFacts, type ProjectFacts } from '../reports/project-evidence';
import type { ReportDocument } from '../reports/report-document';
import { renderHtml } from '../reports/render-html';
import { renderMarkdown } from '../reports/render-markdown';
import { renderPdf } from '../reports/render-pdf';
import { SCREENING_RULES } from '../portfolios/rule-registry';
import { cacheReportReader, reportProvenance } from './report-sources';

const MIME: Record<ReportFormat, string> = { pdf: 'application/pdf', html: 'text/html; charset=utf-8', md: 'text/markdown; charset=utf-8' };
const PAGE = 1000;

/** A file name of letters, digits, dashes and dots from a title. */
export function reportFileName(title: string, format: ReportFormat, now: Date): string {
  const stem = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'report';
  return `${stem}-${now.toISOString().slice(0, 10)}.${format}`;
}

export async function renderReport(doc: ReportDocument, format: ReportFormat, now: Date): Promise<ReportFile> {
  const bytes = format === 'pdf' ? await renderPdf(doc, { createdAt: now }) : Buffer.from(format === 'html' ? renderHtml(doc) : renderMarkdown(doc), 'utf8');
  return { file_name: reportFileName(doc.title, format, now), mime: MIME[format], bytes: bytes.length, content_base64: bytes.toString('base64') };
}

function screened(h: HoldingRow): ScreenedHolding {
  return {
    row: h.row,
    projectId: h.project_ref ?? h.project_id,
    projectName: h.project_name,
    registry: h.registry,
    vintage: h.vintage,
    quantity: h.quantity,
    findings: h.flags.map((f) => ({ rule: f.rule, severity: f.severity, message: f.message, evidence: evidenceText(f.evidence), source: f.source })),
  };
}

export async function portfolioReportFile(ctx: AppContext, id: number, format: ReportFormat, now = new Date()): Promise<ReportFile> {
  const cache = ctx.currentCache();
  const first = await cache.call('read:portfolio', { id, rule: null, offset: 0, limit: PAGE });
  if (!first) throw new ContractError('not_found', `No portfolio ${id} in this connection's cache.`);
  const rows = [...first.holdings.rows];
  for (let offset = PAGE; offset < first.holdings.total; offset += PAGE) {
    rows.push(...(await cache.call('read:portfolio', { id, rule: null, offset, limit: PAGE }))!.holdings.rows);
  }
  const holdings = rows.map(screened);
  const read = cacheReportReader(ctx);
  const facts = new Map<string, ProjectFacts>();
  for (const projectId of new Set(holdings.filter((h) => h.findings.length > 0).map((h) => h.projectId))) {
    facts.set(projectId, await gatherProjectFacts(read, projectId));
  }
  const p = first.portfolio;
  const provenance = await reportProvenance(ctx, SCREENING_RULES.map((r) => ({ id: r.id, definition: r.definition })), now);
  const doc = dueDiligenceReport({ portfolio: { name: p.name, source: p.file_name, importedAt: p.imported_at }, holdings, unmatched: p.unmatched, facts, provenance });
  return renderReport(doc, format, now);
}

export async function claimReportFile(ctx: AppContext, input: ClaimVerifyInput, format: ReportFormat, now = new Date()): Promise<ReportFile> {
  const answer = await ctx.currentCache().call('query:claims.verify', { ...input, current_page: 1, per_page: 15 });
  const provenance = await reportProvenance(ctx, CLAIM_DEFINITIONS, now);
  return renderReport(claimReport(input, answer, provenance), format, now);
}

const CLAIM_DEFINITIONS = [
  { id: 'matched', definition: 'A retirement whose buyer name (the harmonized beneficiary, or the beneficiary as written where there is none) equals the claimed name ignoring case, in the period and projects and vintages given.' },
  { id: 'near match', definition: 'A retirement not matched whose beneficiary as written, account, note or reason contains the claimed name ignoring case; shown apart and never added to the matched total.' },
  { id: 'shortfall / excess', definition: 'The claimed tonnes minus the matched tonnes when positive (a shortfall), else the matched tonnes minus the claimed (an excess).' },
];
