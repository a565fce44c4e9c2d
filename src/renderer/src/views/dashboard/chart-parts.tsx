/** Parts the dashboard's chart cards share: a segmented switch and the chart's loading / error / empty states. */
import type { ReactNode } from 'react';
import { Empty, ErrorState, Loading } from '../../components/states';
import type { ContractData } from '../../data';

export function Seg<T extends string>({ label, values, value, names, onChange }: { label: string; values: readonly T[]; value: T; names: Record<T, string>; onChange(v: T): void }) {
  return (
    <div className="seg" role="group" aria-label={label}>
      {values.map((v) => (
        <button key={v} type="button" aria-pressed={value === v} onClick={() => onChange(v)}>
          {names[v]}
        </button>
      ))}
    </div>
  );
}

/** `filtered`: the dashboard's filter is set, so an empty chart is the filter's doing. */
export function ChartBody<T>({ result, empty, filtered = false, children }: { result: ContractData<T>; empty: boolean; filtered?: boolean; children: ReactNode }) {
  if (result.error) return <ErrorState error={result.error} onRetry={result.reload} />;
  if (!result.data && result.loading) return <Loading label="Loading chart…" />;
  if (empty && filtered) return <Empty title="Nothing for these filters">The filtered projects have no data for this chart.</Empty>;
  if (empty) return <Empty title="No data yet">Charts fill in as the sync writes projects and credit transactions.</Empty>;
  return <>{children}</>;
}
