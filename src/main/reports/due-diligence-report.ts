/**
 * The due-diligence report of a screened portfolio: a summary (holdings, tonnes, flagged tonnes by
 * rule), the holdings table with their flags, a section per flagged holding with its findings and
 * the evidence of its project, the rows that could not be read, and the provenance block.
 */
import { type ProjectFacts, projectEvidenceBlocks } from './project-evidence';
import { type Provenance, provenanceBlocks, reportTime } from './provenance';
import { type ReportBlock, type ReportDocument, orDash, tonnes } from './report-document';

export interface HoldingFinding {
  rule: string;
  severity: string;
  message: string;
  /** The figures and the ids or URLs the finding rests on, as text. */
  evidence: string;
  /** The cached resource it comes from. */
  source: string;
}

export interface ScreenedHolding {
  /** The holding's row in the imported file (1 = the first data row's line as the file counts it). */
  row: number;
  projectId: string;
  projectName: string | null;
  registry: string | null;
  vintage: number | null;
  quantity: number | null;
  findings: HoldingFinding[];
}

export interface DueDiligenceInput {
  portfolio: { name: string; source: string | null; importedAt: string | null };
  holdings: ScreenedHolding[];
  /** Rows of the file that were not understood, with why. */
  unmatched: Array<{ row: number; value: string; reason: string }>;
  /** Cached facts per project id (the flagged holdings' projects). */
  facts: ReadonlyMap<string, ProjectFacts>;
  provenance: Provenance;
}

/** The figures and ids of a finding's evidence object as one line ("issued: 1,000; ids: 1, 2"). */
export function evidenceText(evidence: unknown): string {
  if (evidence === null || evidence === undefined) return '';
  if (typeof evidence !== 'object') return typeof evidence === 'number' ? tonnes(evidence) : String(evidence);
  if (Array.isArray(evidence)) return evidence.map(evidenceText).join(', ');
  return Object.entries(evidence as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v === null ? '—' : typeof v === 'object' ? evidenceText(v) : typeof v === 'number' ? tonnes(v) : String(v)}`)
    .join('; ');
}

function summaryBlocks(input: DueDiligenceInput): ReportBlock[] {
  const total = input.holdings.reduce((s, h) => s + (h.quantity ?? 0), 0);
  const flagged = input.holdings.filter((h) => h.findings.length > 0);
  const byRule = new Map<string, { holdings: number; tonnes: number }>();
  for (const h of input.holdings) {
    for (const rule of new Set(h.findings.map((f) => f.rule))) {
      const r = byRule.get(rule) ?? { holdings: 0, tonnes: 0 };
      r.holdings += 1;
      r.tonnes += h.quantity ?? 0;
      byRule.set(rule, r);
    }
  }
  return [
    { kind: 'heading', level: 1, text: 'Summary' },
    {
      kind: 'facts',
      rows: [
        { label: 'Holdings', value: input.holdings.length.toLocaleString('en-GB') },
        { label: 'Tonnes', value: `${tonnes(total)} t` },
        { label: 'Flagged holdings', value: `${flagged.length.toLocaleString('en-GB')} (${tonnes(flagged.reduce((s, h) => s + (h.quantity ?? 0), 0))} t)` },
        { label: 'Rows not understood', value: input.unmatched.length.toLocaleString('en-GB') },
        { label: 'Source file', value: orDash(input.portfolio.source) },
        { label: 'Imported', value: reportTime(input.portfolio.importedAt) },
      ],
    },
    {
      kind: 'table',
      columns: [{ label: 'Rule', weight: 2 }, { label: 'Holdings', align: 'right' }, { label: 'Flagged tonnes', align: 'right', weight: 1.4 }],
      rows: [...byRule.entries()].sort((a, b) => b[1].tonnes - a[1].tonnes || a[0].localeCompare(b[0])).map(([rule, r]) => [rule, r.holdings.toLocaleString('en-GB'), tonnes(r.tonnes)]),
      empty: 'No holding is flagged by any rule.',
    },
  ];
}

function holdingsTable(input: DueDiligenceInput): ReportBlock[] {
  return [
    { kind: 'heading', level: 1, text: 'Holdings' },
    {
      kind: 'table',
      columns: [
        { label: 'Row', align: 'right', weight: 0.5 }, { label: 'Project', weight: 1.1 }, { label: 'Name', weight: 2.2 }, { label: 'Registry', weight: 0.9 },
        { label: 'Vintage', align: 'right', weight: 0.7 }, { label: 'Tonnes', align: 'right', weight: 1 }, { label: 'Flags', weight: 2.2 },
      ],
      rows: input.holdings.map((h) => [String(h.row), h.projectId, orDash(h.projectName), orDash(h.registry), orDash(h.vintage), tonnes(h.quantity), [...new Set(h.findings.map((f) => f.rule))].join(', ')]),
      empty: 'The portfolio holds no holding.',
    },
  ];
}

function findingsSections(input: DueDiligenceInput): ReportBlock[] {
  const flagged = input.holdings.filter((h) => h.findings.length > 0);
  if (flagged.length === 0) return [];
  const out: ReportBlock[] = [{ kind: 'page-break' }, { kind: 'heading', level: 1, text: 'Findings and evidence' }];
  for (const h of flagged) {
    out.push({ kind: 'heading', level: 2, text: `Row ${h.row} · ${h.projectId}${h.vintage === null ? '' : ` · vintage ${h.vintage}`} · ${tonnes(h.quantity)} t` });
    out.push({
      kind: 'table',
      columns: [{ label: 'Rule', weight: 1.7 }, { label: 'Severity', weight: 0.9 }, { label: 'Finding', weight: 3 }, { label: 'Evidence', weight: 2.6 }, { label: 'Source', weight: 1.3 }],
      rows: h.findings.map((f) => [f.rule, f.severity, f.message, f.evidence, f.source]),
    });
    const facts = input.facts.get(h.projectId);
    if (facts) out.push(...projectEvidenceBlocks(facts, [h.vintage]));
  }
  return out;
}

function unmatchedBlocks(input: DueDiligenceInput): ReportBlock[] {
  if (input.unmatched.length === 0) return [];
  return [
    { kind: 'heading', level: 1, text: 'Rows not understood' },
    { kind: 'table', columns: [{ label: 'Row', align: 'right', weight: 0.5 }, { label: 'Value', weight: 2 }, { label: 'Reason', weight: 3 }], rows: input.unmatched.map((u) => [String(u.row), u.value, u.reason]) },
  ];
}

export function dueDiligenceReport(input: DueDiligenceInput): ReportDocument {
  const connection = input.provenance.connection?.name ?? 'no connection';
  return {
    title: `Due diligence: ${input.portfolio.name}`,
    subtitle: `${input.holdings.length.toLocaleString('en-GB')} holdings screened against the cache of ${connection}, ${reportTime(input.provenance.generatedAt)}`,
    blocks: [...summaryBlocks(input), ...holdingsTable(input), ...findingsSections(input), ...unmatchedBlocks(input), { kind: 'page-break' }, ...provenanceBlocks(input.provenance)],
  };
}
