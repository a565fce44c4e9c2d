/**
 * The project's credit charts: yearly issuance and retirement bars, retirements by vintage, and
 * credits by transaction date with a D/W/M/Y switch (issuances and retirements).
 */
import { useMemo, useRef, useState } from 'react';
import { CHART_FREQUENCIES, type ChartFrequency } from '../../../../shared/api/values';
import { Chart, FLOW_COLORS, quantityAxis, type ChartHandle } from '../../components/chart';
import { ChartExportButtons } from '../../components/export';
import { formatYear } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { binLabel, mergeFlows, type FlowRow } from '../../components/chart/time-bins';
import { carbon, useContractData } from '../../data';

const FREQ_LABEL: Record<ChartFrequency, string> = { D: 'Day', W: 'Week', M: 'Month', Y: 'Year' };

function useFlows(projectId: string, freq: ChartFrequency) {
  return useContractData<FlowRow[]>(async () => {
    const [issued, retired] = await Promise.all([
      carbon.charts.creditsByTransactionDate({ project_id: projectId, freq, transaction_type: ['issuance'] }),
      carbon.charts.creditsByTransactionDate({ project_id: projectId, freq, transaction_type: ['retirement'] }),
    ]);
    return mergeFlows(issued.data, retired.data);
  }, `${projectId}|${freq}`);
}

function flowOption(rows: FlowRow[], freq: ChartFrequency): Record<string, unknown> {
  return {
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, right: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: rows.map((r) => binLabel(r.start, freq)) },
    yAxis: quantityAxis(),
    dataZoom: rows.length > 120 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 0 }] : undefined,
    series: [
      { name: 'Issued', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.issued, data: rows.map((r) => r.issued) },
      { name: 'Retired', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.retired, data: rows.map((r) => r.retired) },
    ],
  };
}

function ChartState({ loading, error, empty, reload, children }: { loading: boolean; error: unknown; empty: boolean; reload(): void; children: React.ReactNode }) {
  if (error) return <ErrorState error={error} onRetry={reload} />;
  if (loading && empty) return <Loading label="Loading chart…" />;
  if (empty) return <Empty title="No credit transactions for this project yet">Transactions appear after the credits job of a sync.</Empty>;
  return <>{children}</>;
}

export function YearlyFlowsChart({ projectId }: { projectId: string }) {
  const flows = useFlows(projectId, 'Y');
  const option = useMemo(() => flowOption(flows.data ?? [], 'Y'), [flows.data]);
  const chart = useRef<ChartHandle>(null);
  return (
    <div className="card">
      <div className="chart-card-head">
        <h2>Issuance and retirement per year</h2>
        {flows.data?.length ? <ChartExportButtons chart={chart} name={`${projectId} issuance and retirement per year`} testId="chart-yearly-export" /> : null}
      </div>
      <ChartState loading={flows.loading} error={flows.error} empty={!flows.data?.length} reload={flows.reload}>
        <Chart ref={chart} option={option} height={260} ariaLabel="Credits issued and retired per year" testId="chart-yearly" />
      </ChartState>
    </div>
  );
}

export function VintageChart({ projectId }: { projectId: string }) {
  const vintages = useContractData(() => carbon.charts.retirementsByVintage({ project_id: projectId }), projectId);
  const points = useMemo(() => vintages.data?.data ?? [], [vintages.data]);
  const option = useMemo(
    () => ({
      grid: { left: 56, right: 16, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: points.map((p) => formatYear(p.start)), name: 'Vintage' },
      yAxis: quantityAxis(),
      series: [{ name: 'Retired', type: 'bar', barMaxWidth: 40, color: FLOW_COLORS.retired, data: points.map((p) => p.value) }],
    }),
    [points],
  );
  return (
    <div className="card">
      <h2>Retirements by vintage</h2>
      <ChartState loading={vintages.loading} error={vintages.error} empty={points.length === 0} reload={vintages.reload}>
        <Chart option={option} height={260} ariaLabel="Retirements by vintage year" testId="chart-vintage" />
      </ChartState>
    </div>
  );
}

export function TransactionDateChart({ projectId }: { projectId: string }) {
  const [freq, setFreq] = useState<ChartFrequency>('M');
  const flows = useFlows(projectId, freq);
  const option = useMemo(() => flowOption(flows.data ?? [], freq), [flows.data, freq]);
  return (
    <div className="card">
      <div className="card-head">
        <h2>Credits by transaction date</h2>
        <div className="seg" role="group" aria-label="Frequency">
          {CHART_FREQUENCIES.map((f) => (
            <button key={f} type="button" aria-pressed={freq === f} onClick={() => setFreq(f)}>
              {FREQ_LABEL[f]}
            </button>
          ))}
        </div>
      </div>
      <ChartState loading={flows.loading} error={flows.error} empty={!flows.data?.length} reload={flows.reload}>
        <Chart option={option} height={280} loading={flows.loading} ariaLabel={`Credits issued and retired per ${FREQ_LABEL[freq].toLowerCase()}`} testId="chart-by-date" />
      </ChartState>
    </div>
  );
}
