/** The dashboard's market charts under its filter: supply vs demand, credits by category, projects by listing date. */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CHART_FREQUENCIES, SUPPLY_DEMAND_AGGREGATIONS, type ChartFrequency, type SupplyDemandAggregation } from '../../../../shared/api/values';
import { Chart, categoryColor, FLOW_COLORS, legendTop, quantityAxis, useWidth } from '../../components/chart';
import { formatCategory, formatNumber, formatPeriod } from '../../components/format';
import { binLabel } from '../../components/chart/time-bins';
import { carbon, useContractData } from '../../data';
import { ChartBody, Seg } from './chart-parts';
import type { DashboardFilters, FilteredChartProps } from './dashboard-filter';
import { stackListing } from './listing-series';
import { supplyDemandPeriod } from './periods';

const AGG_LABEL: Record<SupplyDemandAggregation, string> = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' };
const FREQ_LABEL: Record<ChartFrequency, string> = { D: 'Day', W: 'Week', M: 'Month', Y: 'Year' };

export function SupplyDemandChart({ filters, filterKey }: FilteredChartProps) {
  const [aggregation, setAggregation] = useState<SupplyDemandAggregation>('yearly');
  const result = useContractData(() => carbon.charts.supplyDemand({ ...filters, aggregation }), `${aggregation}:${filterKey}`);
  const filtered = Object.keys(filters).length > 0;
  const rows = useMemo(() => result.data?.data ?? [], [result.data]);
  const option = useMemo(
    () => ({
      grid: { left: 60, right: 16, top: 36, bottom: rows.length > 60 ? 44 : 28 },
      legend: { top: 0, right: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: rows.map((r) => formatPeriod(r.period)) },
      yAxis: quantityAxis(),
      dataZoom: rows.length > 60 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 4 }] : undefined,
      series: [
        { name: 'Issuances (supply)', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.issued, data: rows.map((r) => r.issuances) },
        { name: 'Retirements (demand)', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.retired, data: rows.map((r) => r.retirements) },
      ],
    }),
    [rows],
  );
  return (
    <div className="card card-fill" data-testid="supply-demand">
      <div className="card-head">
        <h2>Supply vs demand</h2>
        <Seg label="Aggregation" values={SUPPLY_DEMAND_AGGREGATIONS} value={aggregation} names={AGG_LABEL} onChange={setAggregation} />
      </div>
      {result.data ? (
        <div className="chart-totals" data-testid="supply-demand-totals">
          <span>
            Issuances <strong data-testid="sd-issuances">{formatNumber(result.data.totals.issuances)}</strong> tCO2e
          </span>
          <span>
            Retirements <strong data-testid="sd-retirements">{formatNumber(result.data.totals.retirements)}</strong> tCO2e
          </span>
          <span className="muted" data-testid="sd-period">{supplyDemandPeriod(rows.map(({ period }) => period), aggregation, new Date())}</span>
        </div>
      ) : null}
      <ChartBody result={result} filtered={filtered} empty={rows.length === 0}>
        <div className="chart-fill">
          <Chart option={option} height="100%" loading={result.loading} ariaLabel={`${AGG_LABEL[aggregation]} issuances and retirements`} testId="chart-supply-demand" />
        </div>
      </ChartBody>
    </div>
  );
}

/** The Projects view's address of a category's projects, the dashboard's other filters kept. */
function categoryProjectsPath(category: string, filters: DashboardFilters): string {
  const params = new URLSearchParams({ category });
  for (const registry of filters.registry ?? []) params.append('registry', registry);
  for (const country of filters.country ?? []) params.append('country', country);
  params.set('sort', '-issued');
  return `/projects?${params.toString()}`;
}

/** `period`: the period its totals cover (the headline totals', the same transactions). */
export function CreditsByCategoryChart({ filters, filterKey, period }: FilteredChartProps & { period: string | null }) {
  const result = useContractData(() => carbon.charts.creditsByCategory(filters), `by-category:${filterKey}`);
  const filtered = Object.keys(filters).length > 0;
  const navigate = useNavigate();
  const points = useMemo(() => [...(result.data?.data ?? [])].sort((a, b) => a.issued - b.issued), [result.data]);
  const option = useMemo(
    () => ({
      grid: { left: 130, right: 24, top: 36, bottom: 28 },
      legend: { top: 0, right: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      yAxis: { type: 'category', data: points.map((p) => formatCategory(p.category)) },
      xAxis: quantityAxis(),
      series: [
        { name: 'Issued', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.issued, data: points.map((p) => p.issued) },
        { name: 'Retired', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.retired, data: points.map((p) => p.retired) },
      ],
    }),
    [points],
  );
  return (
    <div className="card" data-testid="credits-by-category">
      <div className="card-head">
        <h2>Credits by category</h2>
        <span className="muted">Click a bar to see its projects</span>
      </div>
      <div className="chart-totals">
        <span className="muted" data-testid="bc-period">{period ? `${period}, as the totals above` : '…'}</span>
      </div>
      <ChartBody result={result} filtered={filtered} empty={points.length === 0}>
        <Chart
          option={option}
          height={Math.max(260, points.length * 30 + 70)}
          ariaLabel="Credits issued and retired per category"
          testId="chart-by-category"
          onEvents={{ click: (e: { dataIndex: number }) => points[e.dataIndex] && navigate(categoryProjectsPath(points[e.dataIndex]!.category, filters)) }}
        />
      </ChartBody>
    </div>
  );
}

export function ListingDateChart({ filters, filterKey }: FilteredChartProps) {
  const [freq, setFreq] = useState<ChartFrequency>('Y');
  const result = useContractData(() => carbon.charts.projectsByListingDate({ ...filters, freq }), `${freq}:${filterKey}`);
  const filtered = Object.keys(filters).length > 0;
  const stacked = useMemo(() => stackListing(result.data?.data ?? []), [result.data]);
  const [box, width] = useWidth<HTMLDivElement>();
  const names = useMemo(() => stacked.series.map((s) => formatCategory(s.category)), [stacked]);
  const option = useMemo(
    () => ({
      // every category named in full: the legend wraps, the plot starts under it
      grid: { left: 48, right: 16, top: legendTop(names, width - 32) + 18, bottom: stacked.starts.length > 60 ? 44 : 28 },
      legend: { top: 0, left: 0, right: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: stacked.starts.map((s) => binLabel(s, freq)) },
      yAxis: { ...quantityAxis(null), name: 'projects' },
      dataZoom: stacked.starts.length > 60 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 4 }] : undefined,
      series: stacked.series.map((s) => ({ name: formatCategory(s.category), type: 'bar', stack: 'listing', color: categoryColor(s.category), data: s.values })),
    }),
    [stacked, freq, names, width],
  );
  return (
    <div className="card" data-testid="projects-by-listing" ref={box}>
      <div className="card-head">
        <h2>Projects by listing date</h2>
        <Seg label="Frequency" values={CHART_FREQUENCIES} value={freq} names={FREQ_LABEL} onChange={setFreq} />
      </div>
      <div className="chart-totals">
        <span className="muted" data-testid="listing-period">
          {stacked.starts.length ? `Every cached project with a listing date, ${binLabel(stacked.starts[0]!, freq)}–${binLabel(stacked.starts[stacked.starts.length - 1]!, freq)}` : 'Every cached project with a listing date'}
        </span>
      </div>
      <ChartBody result={result} filtered={filtered} empty={stacked.starts.length === 0}>
        <Chart option={option} height={300 + legendTop(names, width - 32)} unit="projects" loading={result.loading} ariaLabel={`Projects listed per ${FREQ_LABEL[freq].toLowerCase()} and category`} testId="chart-listing" />
      </ChartBody>
    </div>
  );
}
