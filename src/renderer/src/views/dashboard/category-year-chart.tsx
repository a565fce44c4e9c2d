/** Issuance or retirement per year, stacked by project category (charts.categoryByYear), under the dashboard's filter. */
import { useMemo, useState } from 'react';
import { Chart, categoryColor, legendTop, quantityAxis, useWidth } from '../../components/chart';
import { formatCategory, formatNumber } from '../../components/format';
import { carbon, useContractData } from '../../data';
import { ChartBody, Seg } from './chart-parts';
import { stackCategoryYears, type CreditFlow } from './category-year-series';
import { categoryYearTooltip, type TooltipItem } from './category-year-tooltip';
import { yearsPeriod } from './periods';
import type { FilteredChartProps } from './dashboard-filter';

const FLOWS = ['issued', 'retired'] as const satisfies readonly CreditFlow[];
const FLOW_LABEL: Record<CreditFlow, string> = { issued: 'Issued', retired: 'Retired' };

export function CategoryByYearChart({ filters, filterKey }: FilteredChartProps) {
  const [flow, setFlow] = useState<CreditFlow>('issued');
  const result = useContractData(() => carbon.charts.categoryByYear(filters), `category-year:${filterKey}`);
  const stacks = useMemo(() => stackCategoryYears(result.data?.data ?? [], flow), [result.data, flow]);
  const total = stacks.totals.reduce((s, v) => s + v, 0);
  const [box, width] = useWidth<HTMLDivElement>();
  const names = useMemo(() => stacks.series.map((s) => formatCategory(s.category)), [stacks]);
  const option = useMemo(
    () => ({
      // every category named in full: the legend wraps, the plot starts under it
      grid: { left: 56, right: 16, top: legendTop(names, width - 32) + 18, bottom: 28 },
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
    [stacks, flow, names, width],
  );
  return (
    <div className="card" data-testid="category-by-year" ref={box}>
      <div className="card-head">
        <h2>Credits by category and year</h2>
        <Seg label="Credits" values={FLOWS} value={flow} names={FLOW_LABEL} onChange={setFlow} />
      </div>
      {result.data ? (
        <div className="chart-totals">
          <span>
            {FLOW_LABEL[flow]} <strong data-testid="cy-total">{formatNumber(total)}</strong> tCO2e
          </span>
          <span className="muted" data-testid="cy-period">{yearsPeriod(stacks.years, new Date())}</span>
          {stacks.undated ? <span className="muted" data-testid="cy-undated">{formatNumber(stacks.undated)} tCO2e without a date not shown</span> : null}
        </div>
      ) : null}
      <ChartBody result={result} empty={stacks.years.length === 0} filtered={Object.keys(filters).length > 0}>
        <Chart
          option={option}
          height={300 + legendTop(names, width - 32)}
          loading={result.loading}
          ariaLabel={`Credits ${flow} per year, stacked by category`}
          testId="chart-category-year"
        />
      </ChartBody>
    </div>
  );
}
