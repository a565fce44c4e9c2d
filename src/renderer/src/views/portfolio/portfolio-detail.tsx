/** The chosen portfolio: its totals and rule chips, the rows not understood, the rules, the holdings table and its pages. */
import { useEffect, useState } from 'react';
import { Empty, ErrorState, Loading } from '../../components/states';
import { HoldingsTable } from './holdings-table';
import { Pager } from './pager';
import { PortfolioToolbar } from './portfolio-toolbar';
import { PortfolioTotals } from './portfolio-totals';
import { RulesDisclosure } from './rules-disclosure';
import { UnmatchedRows } from './unmatched-rows';
import { HOLDINGS_PER_PAGE, usePortfolioDetail } from './use-portfolio-detail';

export function PortfolioDetailPanel({ id, rule, onRule, generation }: { id: number; rule: string | null; onRule(rule: string | null): void; generation: number }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [id, rule]);
  const { data, loading, error } = usePortfolioDetail(id, rule, page, generation);
  if (error && !data) return <ErrorState error={error} />;
  if (!data) return <Loading label="Reading the portfolio…" />;
  const { portfolio, rules, holdings } = data;
  return (
    <section className="portfolio-detail" aria-label={`Portfolio ${portfolio.name}`} data-testid="portfolio-detail">
      <div className="portfolio-detail-head">
        <h2>{portfolio.name}</h2>
        <PortfolioToolbar portfolio={portfolio} rule={rule} />
      </div>
      <PortfolioTotals portfolio={portfolio} rules={rules} rule={rule} onRule={onRule} />
      <UnmatchedRows rows={portfolio.unmatched} />
      <RulesDisclosure rules={rules} />
      <div className="card portfolio-holdings-card" aria-busy={loading}>
        <div className="portfolio-holdings-head">
          <h2>{rule ? `Holdings flagged by ${rule}` : 'Holdings'}</h2>
          {rule ? (
            <span className="chip">
              Rule: {rule}
              <button type="button" aria-label="Show all holdings" onClick={() => onRule(null)}>
                ×
              </button>
            </span>
          ) : null}
        </div>
        {holdings.total === 0 ? (
          <Empty title={rule ? `No holding is flagged by ${rule}` : 'The portfolio holds no holding'} />
        ) : (
          <>
            <HoldingsTable rows={holdings.data} />
            <Pager page={holdings.current_page} perPage={HOLDINGS_PER_PAGE} total={holdings.total} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
