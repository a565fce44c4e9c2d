/** A flag on a holding: its rule as a chip coloured by severity; the hover text is its message and evidence. */
import type { FlagSeverity, HoldingFlagView } from '../../../../shared/contract';

export const SEVERITY_LABELS: Record<FlagSeverity, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** The evidence as lines "key: value" (objects and lists as compact JSON). */
export function evidenceLines(evidence: Record<string, unknown>): string[] {
  return Object.entries(evidence).map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
}

export function flagTitle(flag: HoldingFlagView): string {
  return [`${flag.message} (${SEVERITY_LABELS[flag.severity]} severity)`, ...evidenceLines(flag.evidence), `Source: ${flag.source}`].join('\n');
}

export function FlagChip({ flag }: { flag: HoldingFlagView }) {
  return (
    <span className={`flag-chip sev-${flag.severity}`} title={flagTitle(flag)} data-testid="flag-chip" data-rule={flag.rule}>
      {flag.rule}
    </span>
  );
}
