/** The buyer filters (applied after aggregation) and the credit filters taken before it: URL keys and chips. */
import { VINTAGE_RANGE_CHIP, dateChip, type ChipSpec, type RangeChipSpec } from '../../components/filters';
import { formatNumber } from '../../components/format';

export const BUYER_FILTER_KEYS = [
  'search', 'total_volume_min', 'total_volume_max', 'volume_12m_min', 'volume_12m_max', 'avg_transaction_size_min',
  'avg_transaction_size_max', 'total_transactions_min', 'total_transactions_max', 'is_active_12m', 'is_active_60d',
] as const;
export type BuyerFilterKey = (typeof BUYER_FILTER_KEYS)[number];

export const BUYER_CREDIT_KEYS = ['vintage', 'vintage_min', 'vintage_max', 'transaction_date_from', 'transaction_date_to', 'quantity_min', 'quantity_max', 'project_id'] as const;
export type BuyerCreditKey = (typeof BUYER_CREDIT_KEYS)[number];

const tons = (v: string | number | boolean) => `${formatNumber(Number(v))} tCO2e`;
const count = (v: string | number | boolean) => formatNumber(Number(v));
const yesNo = (v: string | number | boolean) => (v === true || v === 'true' ? 'yes' : 'no');

/** The vintage range reads as one chip (its bounds have no chip of their own). */
export const BUYER_RANGE_CHIP_SPECS: readonly RangeChipSpec[] = [VINTAGE_RANGE_CHIP];

export const BUYER_CHIP_SPECS: Record<Exclude<BuyerFilterKey | BuyerCreditKey, 'vintage_min' | 'vintage_max'>, ChipSpec> = {
  search: { label: 'Buyer', format: (v) => `“${v}”` },
  total_volume_min: { label: 'Retired ≥', format: tons },
  total_volume_max: { label: 'Retired ≤', format: tons },
  volume_12m_min: { label: 'Retired in 12 months ≥', format: tons },
  volume_12m_max: { label: 'Retired in 12 months ≤', format: tons },
  avg_transaction_size_min: { label: 'Average retirement ≥', format: tons },
  avg_transaction_size_max: { label: 'Average retirement ≤', format: tons },
  total_transactions_min: { label: 'Retirements ≥', format: (v) => `${count(v)} transactions` },
  total_transactions_max: { label: 'Retirements ≤', format: (v) => `${count(v)} transactions` },
  is_active_12m: { label: 'Active 12 months', format: yesNo },
  is_active_60d: { label: 'Active 60 days', format: yesNo },
  vintage: { label: 'Vintage' },
  transaction_date_from: dateChip('Retired from'),
  transaction_date_to: dateChip('Retired to'),
  quantity_min: { label: 'Retirement ≥', format: tons },
  quantity_max: { label: 'Retirement ≤', format: tons },
  project_id: { label: 'Project' },
};

/**
 * The buyer's retirements (credits.list): the app-only exact `buyer` filter — the buyer's name
 * (harmonized, or as written) matched whole, ignoring case, as buyers.get matches it (a substring
 * search would also count "Acme Energy" for "Acme") — and retirements only, as a buyer is defined
 * over them.
 */
export function buyerTransactionsQuery(buyerName: string) {
  return {
    buyer: buyerName,
    transaction_type: ['retirement' as const],
  };
}

/** The Transactions view showing the buyer's retirements (the same query, as URL parameters). */
export function buyerTransactionsLink(buyerName: string): string {
  return `/transactions?${new URLSearchParams([['buyer', buyerName], ['transaction_type', 'retirement']]).toString()}`;
}
