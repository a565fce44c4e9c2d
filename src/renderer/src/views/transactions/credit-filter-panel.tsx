/** Groups C (transaction type, vintages and a vintage range, transaction dates, quantity) and B (beneficiary search with field choice). */
import { BENEFICIARY_SEARCH_FIELDS, TRANSACTION_TYPES } from '../../../../shared/api/values';
import { DateRange, FilterGroup, MultiSelect, RangeInput, TextFilter, ValuesInput, VintageRange, type FilterValue } from '../../components/filters';
import { formatTransactionType } from '../../components/format';

export const CREDIT_FILTER_KEYS = ['transaction_type', 'vintage', 'vintage_min', 'vintage_max', 'transaction_date_from', 'transaction_date_to', 'quantity_min', 'quantity_max'] as const;
export const BENEFICIARY_KEYS = ['beneficiary_search', 'beneficiary_search_fields'] as const;
export type CreditFilterKey = (typeof CREDIT_FILTER_KEYS)[number] | (typeof BENEFICIARY_KEYS)[number] | 'project_id';

export const BENEFICIARY_FIELD_LABELS: Record<(typeof BENEFICIARY_SEARCH_FIELDS)[number], string> = {
  retirement_beneficiary_harmonized: 'Buyer (harmonized)',
  retirement_beneficiary: 'Beneficiary',
  retirement_beneficiary_account: 'Account',
  retirement_beneficiary_note: 'Note',
  retirement_beneficiary_reason: 'Reason',
};

const TYPE_OPTIONS = TRANSACTION_TYPES.map((t) => ({ value: t, label: formatTransactionType(t) }));
const FIELD_OPTIONS = BENEFICIARY_SEARCH_FIELDS.map((f) => ({ value: f, label: BENEFICIARY_FIELD_LABELS[f] }));

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const optNum = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface CreditFilterPanelProps {
  filters: Partial<Record<CreditFilterKey, unknown>>;
  set(key: CreditFilterKey, value: FilterValue, options?: { replace?: boolean }): void;
  /** Several keys in one change (a range's two bounds). */
  patch(values: Partial<Record<CreditFilterKey, FilterValue>>, options?: { replace?: boolean }): void;
}

export function CreditFilterPanel({ filters, set, patch }: CreditFilterPanelProps) {
  return (
    <div className="filter-panel" data-testid="credit-filters">
      <FilterGroup title="Credit transactions">
        <MultiSelect label="Transaction type" options={TYPE_OPTIONS} selected={strings(filters.transaction_type)} onChange={(v) => set('transaction_type', v)} testId="filter-transaction-type" />
        <ValuesInput
          label="Vintage"
          values={strings(filters.vintage)}
          onChange={(v) => set('vintage', v.filter((x) => /^\d{4}$/.test(x)).map(Number))}
          placeholder="e.g. 2019, then Enter"
          testId="filter-vintage"
        />
        <VintageRange
          from={optNum(filters.vintage_min)}
          to={optNum(filters.vintage_max)}
          onChange={(from, to) => patch({ vintage_min: from, vintage_max: to }, { replace: true })}
          testId="filter-vintage-range"
        />
        <DateRange label="Transaction date" from={optStr(filters.transaction_date_from)} to={optStr(filters.transaction_date_to)} onChange={(b, v) => set(b === 'from' ? 'transaction_date_from' : 'transaction_date_to', v)} testId="filter-transaction-date" />
        <RangeInput label="Quantity" unit="tCO2e" min={optNum(filters.quantity_min)} max={optNum(filters.quantity_max)} integer={false} onRangeChange={(lo, hi) => patch({ quantity_min: lo, quantity_max: hi }, { replace: true })} testId="filter-quantity" />
        <ValuesInput label="Project ids" values={strings(filters.project_id)} onChange={(v) => set('project_id', v)} placeholder="e.g. VCS1234, then Enter" testId="filter-project-id" />
      </FilterGroup>
      <FilterGroup title="Beneficiary search">
        <TextFilter label="Beneficiary contains" value={optStr(filters.beneficiary_search)} onChange={(v) => set('beneficiary_search', v, { replace: true })} placeholder="Part of a name, account, note…" testId="filter-beneficiary" />
        <MultiSelect
          label="Search in"
          options={FIELD_OPTIONS}
          selected={strings(filters.beneficiary_search_fields)}
          onChange={(v) => set('beneficiary_search_fields', v)}
          placeholder="Buyer (harmonized)"
          testId="filter-beneficiary-fields"
        />
      </FilterGroup>
    </div>
  );
}
