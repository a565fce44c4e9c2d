/** The screening rules: a disclosure listing each rule's id, severity and definition. */
import type { ScreeningRuleInfo } from '../../../../shared/contract';
import { SEVERITY_LABELS } from './flag-chip';

export function RulesDisclosure({ rules }: { rules: ScreeningRuleInfo[] }) {
  return (
    <details className="card portfolio-disclosure" data-testid="portfolio-rules">
      <summary>Rules ({rules.length})</summary>
      <dl className="portfolio-rules">
        {rules.map((r) => (
          <div key={r.id} className="portfolio-rule">
            <dt>
              <span className={`flag-chip sev-${r.severity}`}>{r.id}</span>
              <span className="muted"> {SEVERITY_LABELS[r.severity]} · from {r.source}</span>
            </dt>
            <dd>{r.definition}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
