/**
 * A portfolio's due-diligence report as blocks: summary (holdings, tonnes, flagged tonnes by rule),
 * the holdings table with flags, the rows not understood, per flagged holding its flags with their
 * evidence, and the provenance block.
 */
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import { type Provenance, provenanceBlocks } from './provenance';
import type { Block } from './report-document';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).replace(/\r?\n/g, ' '));
export const tonnes = (t: number) => t.toLocaleString('en-US', { maximumFractionDigits: 3 });

export function dueDiligenceDocument(p: PortfolioSummary, holdings: HoldingRow[], prov: Provenance): Block[] {
  const blocks: Block[] = [
    { kind: 'heading', level: 1, text: `Due diligence: ${text(p.name)}` },
    { kind: 'paragraph', text: `${p.holdings} holdings, ${tonnes(p.tonnes)} t; ${p.matched} matched to cached projects; ${p.flagged_holdings} flagged; ${p.unmatched.length} row${p.unmatched.length === 1 ? '' : 's'} not understood.` },
    { kind: 'table', columns: ['rule', 'holdings', 'tonnes'], numeric: [false, true, true], rows: p.by_rule.map((r) => [r.rule, String(r.holdings), tonnes(r.tonnes)]) },
    { kind: 'heading', level: 2, text: 'Holdings' },
    {
      kind: 'table',
      columns: ['row', 'project', 'name', 'registry', 'vintage', 'tonnes', 'flags'],
      numeric: [true, false, false, false, true, true, false],
      rows: holdings.map((h) => [String(h.row), text(h.project_ref ?? h.project_id), text(h.project_name), text(h.registry), text(h.vintage), tonnes(h.quantity), h.flags.map((f) => f.rule).join(', ')]),
    },
  ];
  if (p.unmatched.length > 0) {
    blocks.push({ kind: 'heading', level: 2, text: 'Rows not understood' }, { kind: 'list', items: p.unmatched.map((u) => `row ${u.row}: ${text(u.reason)} (${text(u.value)})`) });
  }
  blocks.push({ kind: 'heading', level: 2, text: 'Evidence' });
  for (const h of holdings.filter((x) => x.flags.length > 0)) {
    blocks.push(
      { kind: 'heading', level: 3, text: `Row ${h.row}: ${text(h.project_ref ?? h.project_id)}${h.vintage === null ? '' : `, vintage ${h.vintage}`}` },
      { kind: 'list', items: h.flags.map((f) => `${f.rule} (${f.severity}, from ${f.source}): ${text(f.message)} Evidence: ${JSON.stringify(f.evidence)}`) },
    );
  }
  return [...blocks, ...provenanceBlocks(prov)];
}
