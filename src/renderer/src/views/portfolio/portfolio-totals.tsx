/**
 * A portfolio's totals: holdings, tonnes, flagged holdings, and per rule the holdings and tonnes it
 * flags as chips; a chip filters the holdings table by its rule (again: all holdings).
 */
import type { PortfolioSummary, ScreeningRuleInfo } from '../../../../shared/contract';
import { formatNumber } from '../../components/format';

export function PortfolioTotals({ portfolio, rules, rule, onRule }: {
  portfolio: PortfolioSummary;
  rules: ScreeningRuleInfo[];
  rule: string | null;
  onRule(rule: string | null): void;
}) {
  const severity = new Map(rules.map((r) => [r.id, r.severity]));
  return (
    <div className="card portfolio-totals" data-testid="portfolio-totals">
      <div className="portfolio-kpis">
        <div className="kpi">
          <span className="kpi-label">Holdings</span>
          <span className="kpi-value" data-testid="total-holdings">
            {formatNumber(portfolio.holdings)}
            <span className="kpi-unit">{formatNumber(portfolio.matched)} in the cache</span>
          </span>
        </div>
        <div className="kpi">
          <span className="kpi-label">Quantity</span>
          <span className="kpi-value">
            {formatNumber(portfolio.tonnes)}
            <span className="kpi-unit">tCO2e</span>
          </span>
        </div>
        <div className="kpi">
          <span className="kpi-label">Flagged holdings</span>
          <span className="kpi-value" data-testid="total-flagged">
            {formatNumber(portfolio.flagged_holdings)}
          </span>
        </div>
      </div>
      <div className="portfolio-rule-chips" role="group" aria-label="Flagged by rule (filter the holdings)">
        <span className="muted">Flagged by rule:</span>
        {portfolio.by_rule.length === 0 ? <span className="muted">no holding is flagged</span> : null}
        {portfolio.by_rule.map((r) => (
          <button
            key={r.rule}
            type="button"
            className={`rule-chip sev-${severity.get(r.rule) ?? 'low'}`}
            aria-pressed={rule === r.rule}
            onClick={() => onRule(rule === r.rule ? null : r.rule)}
            data-testid="rule-chip"
            data-rule={r.rule}
            title={rules.find((x) => x.id === r.rule)?.definition}
          >
            <span className="rule-chip-id">{r.rule}</span>
            <span className="rule-chip-figures">
              {formatNumber(r.holdings)} {r.holdings === 1 ? 'holding' : 'holdings'} · {formatNumber(r.tonnes)} t
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
