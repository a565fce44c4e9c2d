/**
 * A portfolio's due-diligence report as Markdown: summary (holdings, tonnes, flagged tonnes by
 * rule), the holdings table with flags, per flagged holding its evidence, and the provenance block.
 */
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import { type Provenance, provenanceMarkdown } from './provenance';

const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v).replace(/\|/g, '\\|').replace(/\r?\n/g, ' '));
const tonnes = (t: number) => t.toLocaleString('en-US', { maximumFractionDigits: 3 });

export function dueDiligenceMarkdown(p: PortfolioSummary, holdings: HoldingRow[], prov: Provenance): string {
  const lines = [
    `# Due diligence: ${cell(p.name)}`,
    '',
    `${p.holdings} holdings, ${tonnes(p.tonnes)} t; ${p.matched} matched to cached projects; ${p.flagged_holdings} flagged; ${p.unmatched.length} row${p.unmatched.length === 1 ? '' : 's'} not understood.`,
    '',
    '| rule | holdings | tonnes |',
    '|---|---:|---:|',
    ...p.by_rule.map((r) => `| ${r.rule} | ${r.holdings} | ${tonnes(r.tonnes)} |`),
    '',
    '## Holdings',
    '',
    '| row | project | name | registry | vintage | tonnes | flags |',
    '|---:|---|---|---|---:|---:|---|',
    ...holdings.map((h) => `| ${h.row} | ${cell(h.project_ref ?? h.project_id)} | ${cell(h.project_name)} | ${cell(h.registry)} | ${cell(h.vintage)} | ${tonnes(h.quantity)} | ${h.flags.map((f) => f.rule).join(', ')} |`),
    '',
  ];
  if (p.unmatched.length > 0) {
    lines.push('## Rows not understood', '', ...p.unmatched.map((u) => `- row ${u.row}: ${cell(u.reason)} (${cell(u.value)})`), '');
  }
  lines.push('## Evidence', '');
  for (const h of holdings.filter((x) => x.flags.length > 0)) {
    lines.push(`### Row ${h.row}: ${cell(h.project_ref ?? h.project_id)}${h.vintage === null ? '' : `, vintage ${h.vintage}`}`, '');
    for (const f of h.flags) {
      lines.push(`- **${f.rule}** (${f.severity}, from ${f.source}): ${cell(f.message)}`);
      lines.push(`  - evidence: \`${JSON.stringify(f.evidence).replace(/`/g, "'")}\``);
    }
    lines.push('');
  }
  return [...lines, ...provenanceMarkdown(prov), ''].join('\n');
}
