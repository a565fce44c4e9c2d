/**
 * A buyer's metrics (docs/api-assumptions.md, Buyers) from its summed retirements: windows are
 * transaction_date in [today - 365 days, today] and [today - 60 days, today], both inclusive;
 * transactions_per_year = total / max(1, years between first and last purchase (days / 365.25));
 * top category / country / registry = the largest retired volume, ties to the label that sorts first.
 */
import type { Buyer } from '../../shared/api/resources';
import { dayNumber } from './market-calendar';

export interface BuyerSums {
  buyer_name: string;
  total_volume: number;
  total_transactions: number;
  unharmonized_transactions: number;
  volume_12m: number;
  transactions_12m: number;
  volume_60d: number;
  transactions_60d: number;
  first_purchase: string | null;
  last_purchase: string | null;
}

export interface BuyerTops {
  top_category: string | null;
  top_country: string | null;
  top_registry: string | null;
}

export function toBuyer(s: BuyerSums, tops: BuyerTops, today: string): Buyer {
  const years = s.first_purchase && s.last_purchase ? (dayNumber(s.last_purchase) - dayNumber(s.first_purchase)) / 365.25 : 0;
  return {
    buyer_name: s.buyer_name,
    total_volume: s.total_volume,
    volume_12m: s.volume_12m,
    volume_60d: s.volume_60d,
    avg_transaction_size: s.total_volume / s.total_transactions,
    total_transactions: s.total_transactions,
    transactions_12m: s.transactions_12m,
    transactions_60d: s.transactions_60d,
    transactions_per_year: s.total_transactions / Math.max(1, years),
    first_purchase: s.first_purchase,
    last_purchase: s.last_purchase,
    days_since_last: s.last_purchase ? dayNumber(today) - dayNumber(s.last_purchase) : null,
    top_category: tops.top_category,
    top_country: tops.top_country,
    top_registry: tops.top_registry,
    is_active_12m: s.transactions_12m > 0,
    is_active_60d: s.transactions_60d > 0,
    unharmonized_transactions: s.unharmonized_transactions,
  };
}
