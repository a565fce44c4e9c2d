/** A buyer's page: summary, retirements by vintage, monthly series, portfolio this year so far vs the same period last year, transactions. */
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { BuyerAnalytics, CreditTransaction } from '../../../../shared/api';
import { Chart, categoryColor, FLOW_COLORS } from '../../components/chart';
import { DataTable, usePagedRows } from '../../components/data-table';
import { formatCategory, formatDate, formatMonth, formatNumber, formatRegistry } from '../../components/format';
import { Page } from '../../components/page';
import { WatchButton } from '../../components/watch-button';
import { Empty, ErrorState, Loading } from '../../components/states';
import { CreditDetails, creditColumns } from '../../components/columns/credit-columns';
import { carbon, useContractData } from '../../data';
import { buyerTransactionsLink, buyerTransactionsQuery } from './buyer-filters';
import { portfolioComparison } from './portfolio-comparison';
import './buyers.css';

// one buyer's retirements: the type and the buyer are the same on every row
const TX_COLUMNS = creditColumns({ showProject: true, showType: false, showBuyer: false });

function Kpi({ label, value, unit, testId }: { label: string; value: string; unit?: string; testId?: string }) {
  return (
    <div className="card kpi">
      <span className="kpi-label">{label}</span>
      <span className="kpi-value" data-testid={testId}>
        {value}
        {unit ? <span className="kpi-unit">{unit}</span> : null}
      </span>
    </div>
  );
}

function AnalyticsCharts({ analytics }: { analytics: BuyerAnalytics }) {
  const vintage = useMemo(
    () => ({
      grid: { left: 64, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: analytics.retirements_by_vintage.map((v) => String(v.vintage)) },
      yAxis: { type: 'value', name: 'tCO2e', nameGap: 8 },
      series: [{ type: 'bar', name: 'Retired', data: analytics.retirements_by_vintage.map((v) => v.quantity), itemStyle: { color: FLOW_COLORS.retired } }],
    }),
    [analytics],
  );
  const monthly = useMemo(
    () => ({
      grid: { left: 64, right: 16, top: 16, bottom: 56 },
      xAxis: { type: 'category', data: analytics.retirements_time_series.map((p) => formatMonth(p.date)) },
      yAxis: { type: 'value', name: 'tCO2e', nameGap: 8 },
      dataZoom: analytics.retirements_time_series.length > 36 ? [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }] : [],
      series: [{ type: 'bar', name: 'Retired', data: analytics.retirements_time_series.map((p) => p.quantity), itemStyle: { color: FLOW_COLORS.retired } }],
    }),
    [analytics],
  );
  const comparison = useMemo(() => portfolioComparison(analytics.portfolio_by_category, new Date().getFullYear()), [analytics]);
  const rows = comparison.rows;
  const portfolio = useMemo(
    () => ({
      grid: { left: 130, right: 24, top: 28, bottom: 24 },
      legend: { top: 0 },
      yAxis: { type: 'category', inverse: true, data: rows.map((r) => formatCategory(r.category)) },
      xAxis: { type: 'value', name: 'tCO2e', nameLocation: 'end', nameGap: 6 },
      series: [
        { type: 'bar', name: comparison.currentLabel, data: rows.map((r) => ({ value: r.current, itemStyle: { color: categoryColor(r.category) } })) },
        { type: 'bar', name: comparison.previousLabel, data: rows.map((r) => r.previous), itemStyle: { color: '#9aa5b1' } },
      ],
    }),
    [rows, comparison],
  );
  return (
    <>
      <div className="grid grid-2">
        <div className="card">
          <h2>Retirements by vintage</h2>
          {analytics.retirements_by_vintage.length ? <Chart option={vintage} height={260} ariaLabel="Retirements by vintage" testId="buyer-vintage-chart" /> : <Empty title="No vintages recorded" />}
        </div>
        <div className="card">
          <h2>Portfolio by category</h2>
          <p className="muted buyer-portfolio-period" data-testid="buyer-portfolio-period">{comparison.periodLabel}</p>
          {comparison.note ? <p className="muted buyer-portfolio-note">{comparison.note}</p> : null}
          {rows.length ? <Chart option={portfolio} height={Math.max(200, rows.length * 44 + 60)} ariaLabel={`Retired volume per category, ${comparison.periodLabel}`} testId="buyer-portfolio-chart" /> : <Empty title="No retirements in either period" />}
        </div>
      </div>
      <div className="card">
        <h2>Monthly retirements</h2>
        {analytics.retirements_time_series.length ? <Chart option={monthly} height={260} ariaLabel="Retirements per month" testId="buyer-monthly-chart" /> : <Empty title="No dated retirements" />}
      </div>
    </>
  );
}

export function BuyerPage() {
  const { buyerName = '' } = useParams();
  const buyer = useContractData(() => carbon.buyers.get({ buyer_name: buyerName }), `buyer:${buyerName}`);
  const analytics = useContractData(() => carbon.buyers.analytics({ buyer_name: buyerName }), `analytics:${buyerName}`);
  const [sort, setSort] = useState<string[]>(['-transaction_date']);
  const txQuery = useMemo(() => ({ ...buyerTransactionsQuery(buyer.data?.buyer_name ?? buyerName), sort }), [buyer.data, buyerName, sort]);
  const fetchPage = useCallback((page: number, perPage: number) => carbon.credits.list({ ...txQuery, current_page: page, per_page: perPage }), [txQuery]);
  const rows = usePagedRows<CreditTransaction>(fetchPage, JSON.stringify(txQuery), 100);
  const transactionsLink = buyerTransactionsLink(buyer.data?.buyer_name ?? buyerName);

  const b = buyer.data;
  return (
    <Page
      title={b?.buyer_name ?? buyerName}
      subtitle={
        <>
          <Link to="/buyers">Buyers</Link> · retirement beneficiary{b ? ` · ${formatDate(b.first_purchase)} – ${formatDate(b.last_purchase)}` : ''}
          {b?.is_active_60d ? <span className="badge badge-new buyer-active">active, 60 days</span> : b?.is_active_12m ? <span className="badge buyer-active">active, 12 months</span> : null}
        </>
      }
      actions={b ? <WatchButton kind="buyer" id={b.buyer_name} /> : null}
    >
      {buyer.loading && !b ? <Loading label="Loading buyer…" /> : null}
      {buyer.error ? <ErrorState error={buyer.error} onRetry={buyer.reload} /> : null}
      {b ? (
        <>
          <div className="grid grid-4">
            <Kpi label="Retired, all time" value={formatNumber(b.total_volume)} unit="tCO2e" testId="buyer-total-volume" />
            <Kpi label="Retired, last 12 months" value={formatNumber(b.volume_12m)} unit={`tCO2e in ${formatNumber(b.transactions_12m)} retirement${b.transactions_12m === 1 ? '' : 's'}`} />
            <Kpi label="Retired, last 60 days" value={formatNumber(b.volume_60d)} unit={`tCO2e in ${formatNumber(b.transactions_60d)} retirement${b.transactions_60d === 1 ? '' : 's'}`} />
            <Kpi label="Retirements, all time" value={formatNumber(b.total_transactions)} unit={`transactions · on average ${formatNumber(Math.round(b.avg_transaction_size))} tCO2e each`} />
          </div>
          <div className="card buyer-facts">
            <dl className="facts-inline">
              <div><dt>Retirements per year</dt><dd>{formatNumber(Math.round(b.transactions_per_year * 10) / 10)} transactions</dd></div>
              <div><dt>Last retirement</dt><dd>{b.days_since_last === 0 ? 'today' : `${formatNumber(b.days_since_last)} day${b.days_since_last === 1 ? '' : 's'} ago`}</dd></div>
              <div><dt>Top category</dt><dd>{formatCategory(b.top_category)}</dd></div>
              <div><dt>Top country</dt><dd>{b.top_country ?? '—'}</dd></div>
              <div><dt>Top registry</dt><dd>{formatRegistry(b.top_registry)}</dd></div>
              <div><dt>Average vintage</dt><dd>{analytics.data?.summary.avg_vintage == null ? '—' : analytics.data.summary.avg_vintage.toFixed(1)}</dd></div>
            </dl>
          </div>
        </>
      ) : null}
      {analytics.error && !buyer.error ? <ErrorState error={analytics.error} onRetry={analytics.reload} /> : null}
      {analytics.data ? <AnalyticsCharts analytics={analytics.data} /> : null}
      {b ? (
        <div className="card buyer-transactions">
          <div className="buyer-transactions-head">
            <h2>Retirements</h2>
            <span className="muted" data-testid="buyer-transactions-count">{rows.total == null ? '' : `${formatNumber(rows.total)} retirement transactions of “${b.buyer_name}”`}</span>
            <Link to={transactionsLink}>Open in Transactions</Link>
          </div>
          <DataTable<CreditTransaction>
            label={`Retirements of ${b.buyer_name}`}
            testId="buyer-transactions"
            columns={TX_COLUMNS}
            layoutKey="buyer-retirements"
            rows={rows}
            rowKey={(t) => t.id}
            sort={sort}
            onSortChange={(s) => setSort(s.length ? s : ['-transaction_date'])}
            renderExpanded={(t) => <CreditDetails t={t} />}
            height={420}
            empty={<Empty title="No retirement transactions cached for this buyer" />}
          />
        </div>
      ) : null}
    </Page>
  );
}
