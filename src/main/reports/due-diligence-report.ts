/** The due-diligence report in each format, from one document. */
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import { dueDiligenceDocument } from './due-diligence-document';
import { renderMarkdown } from './markdown-rendering';
import { renderPdf } from './pdf-rendering';
import type { Provenance } from './provenance';

export type ReportFormat = 'pdf' | 'md';

export async function dueDiligenceReport(format: ReportFormat, p: PortfolioSummary, holdings: HoldingRow[], prov: Provenance): Promise<Buffer> {
  const blocks = dueDiligenceDocument(p, holdings, prov);
  return format === 'pdf' ? renderPdf(blocks, { title: `Due diligence: ${p.name}` }) : Buffer.from(renderMarkdown(blocks));
}
