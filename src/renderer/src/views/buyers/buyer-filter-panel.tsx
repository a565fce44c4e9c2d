/** Buyer filters (after aggregation) and the credit filters applied before it. */
import { DateRange, FilterGroup, RangeInput, TriState, ValuesInput, VintageRange, type FilterValue } from '../../components/filters';
import type { BuyerCreditKey, BuyerFilterKey } from './buyer-filters';

const optNum = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const optBool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

type Key = BuyerFilterKey | BuyerCreditKey;
export interface BuyerFilterPanelProps {
  filters: Partial<Record<Key, unknown>>;
  set(key: Key, value: FilterValue, options?: { replace?: boolean }): void;
  /** Several keys in one change (a range's two bounds). */
  patch(values: Partial<Record<Key, FilterValue>>, options?: { replace?: boolean }): void;
}

export function BuyerFilterPanel({ filters, set, patch }: BuyerFilterPanelProps) {
  const range = (label: string, min: Key, max: Key, unit: string | undefined, integer: boolean, testId: string) => (
    <RangeInput
      label={label}
      unit={unit}
      integer={integer}
      min={optNum(filters[min])}
      max={optNum(filters[max])}
      onRangeChange={(lo, hi) => patch({ [min]: lo, [max]: hi }, { replace: true })}
      testId={testId}
    />
  );
  return (
    <div className="filter-panel" data-testid="buyer-filters">
      <FilterGroup
        title="Buyers"
        flags={
          <>
            <TriState label="Active in the last 12 months" value={optBool(filters.is_active_12m)} onChange={(v) => set('is_active_12m', v)} testId="filter-active-12m" />
            <TriState label="Active in the last 60 days" value={optBool(filters.is_active_60d)} onChange={(v) => set('is_active_60d', v)} testId="filter-active-60d" />
          </>
        }
      >
        {range('Total volume', 'total_volume_min', 'total_volume_max', 'tCO2e', false, 'filter-total-volume')}
        {range('Volume, last 12 months', 'volume_12m_min', 'volume_12m_max', 'tCO2e', false, 'filter-volume-12m')}
        {range('Average retirement size', 'avg_transaction_size_min', 'avg_transaction_size_max', 'tCO2e', false, 'filter-avg-size')}
        {range('Retirements (transactions)', 'total_transactions_min', 'total_transactions_max', undefined, true, 'filter-transactions')}
      </FilterGroup>
      <FilterGroup title="Retirements counted">
        <ValuesInput label="Vintage" values={strings(filters.vintage)} onChange={(v) => set('vintage', v.filter((x) => /^\d{4}$/.test(x)).map(Number))} placeholder="e.g. 2019, then Enter" testId="filter-vintage" />
        <VintageRange
          from={optNum(filters.vintage_min)}
          to={optNum(filters.vintage_max)}
          onChange={(from, to) => patch({ vintage_min: from, vintage_max: to }, { replace: true })}
          testId="filter-vintage-range"
        />
        <DateRange label="Retirement date" from={optStr(filters.transaction_date_from)} to={optStr(filters.transaction_date_to)} onChange={(b, v) => set(b === 'from' ? 'transaction_date_from' : 'transaction_date_to', v)} testId="filter-retirement-date" />
        {range('Retirement quantity', 'quantity_min', 'quantity_max', 'tCO2e', false, 'filter-quantity')}
        <ValuesInput label="Project ids" values={strings(filters.project_id)} onChange={(v) => set('project_id', v)} placeholder="e.g. VCS1234, then Enter" testId="filter-project-id" />
      </FilterGroup>
    </div>
  );
}
