/** Issuance or retirement per year, stacked by project category (charts.categoryByYear), under the dashboard's filter. */
import { useMemo, useState } from 'react';
import { Chart, categoryColor, quantityAxis } from '../../components/chart';
import { formatCategory, formatNumber } from '../../components/format';
import { carbon, useContractData } from '../../data';
import { ChartBody, Seg } from './chart-parts';
import { stackCategoryYears, type CreditFlow } from './category-year-series';
import { categoryYearTooltip, type TooltipItem } from './category-year-tooltip';
import type { FilteredChartProps } from './dashboard-filter';

const FLOWS = ['issued', 'retired'] as const satisfies readonly CreditFlow[];
const FLOW_LABEL: Record<CreditFlow, string> = { issued: 'Issued', retired: 'Retired' };

export function CategoryByYearChart({ filters, filterKey }: FilteredChartProps) {
  const [flow, setFlow] = useState<CreditFlow>('issued');
  const result = useContractData(() => carbon.charts.categoryByYear(filters), `category-year:${filterKey}`);
  const stacks = useMemo(() => stackCategoryYears(result.data?.data ?? [], flow), [result.data, flow]);
  const total = stacks.totals.reduce((s, v) => s + v, 0);
  const option = useMemo(
    () => ({
      // every category named in the legend (it wraps: about eight to a line at the card's width)
      grid: { left: 56, right: 16, top: 60 + 24 * Math.max(0, Math.ceil(stacks.series.length / 8) - 1), bottom: 28 },
      legend: { top: 0, left: 0, right: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (items: TooltipItem[]) => categoryYearTooltip(items, FLOW_LABEL[flow]) },
      xAxis: { type: 'category', data: stacks.years.map(String) },
      yAxis: quantityAxis(),
      series: stacks.series.map((s) => ({
        name: formatCategory(s.category),
        type: 'bar',
        stack: flow,
        barMaxWidth: 48,
        color: categoryColor(s.category),
        data: s.values,
      })),
    }),
    [stacks, flow],
  );
  return (
    <div className="card" data-testid="category-by-year">
      <div className="card-head">
        <h2>Credits by category and year</h2>
        <Seg label="Credits" values={FLOWS} value={flow} names={FLOW_LABEL} onChange={setFlow} />
      </div>
      {result.data ? (
        <div className="chart-totals">
          <span>
            {FLOW_LABEL[flow]} <strong data-testid="cy-total">{formatNumber(total)}</strong> tCO2e
            {stacks.years.length ? ` in ${stacks.years[0]}–${stacks.years[stacks.years.length - 1]}` : ''}
          </span>
          <span className="muted">by transaction date, the current year so far</span>
          {stacks.undated ? <span className="muted" data-testid="cy-undated">{formatNumber(stacks.undated)} tCO2e without a date not shown</span> : null}
        </div>
      ) : null}
      <ChartBody result={result} empty={stacks.years.length === 0} filtered={Object.keys(filters).length > 0}>
        <Chart
          option={option}
          height={340}
          loading={result.loading}
          ariaLabel={`Credits ${flow} per year, stacked by category`}
          testId="chart-category-year"
        />
      </ChartBody>
    </div>
  );
}
