/**
 * Which period each dashboard figure covers, in words, so figures that cover different periods say
 * so: the headline totals and the credits by category count every cached transaction (the year
 * under way so far, and those without a date); supply vs demand leaves the period under way out;
 * credits by category and year shows the year under way so far.
 */
import type { SupplyDemandAggregation } from '../../../../shared/api/values';
import { formatPeriod } from '../../components/format';

/** The period holding `today` in an aggregation's names: "2026", "2026-Q4", "2026-12". */
export function periodOf(today: Date, aggregation: SupplyDemandAggregation): string {
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  if (aggregation === 'yearly') return String(y);
  if (aggregation === 'quarterly') return `${y}-Q${Math.ceil(m / 3)}`;
  return `${y}-${String(m).padStart(2, '0')}`;
}

const span = (first: string, last: string) => (first === last ? first : `${first}–${last}`);

/** The headline totals and credits by category: "All cached transactions: dated 2006–2026 (2026 so far), and 3 without a date". */
export function allTransactionsPeriod(years: readonly number[], undatedTransactions: boolean, today: Date): string {
  if (years.length === 0) return undatedTransactions ? 'All cached transactions (none has a date)' : 'All cached transactions';
  const first = Math.min(...years);
  const last = Math.max(...years);
  const current = today.getFullYear();
  const soFar = last === current ? ` (${current} so far)` : '';
  return `All cached transactions: dated ${span(String(first), String(last))}${soFar}${undatedTransactions ? ', and those without a date' : ''}`;
}

/** Supply vs demand: "2006–2025 by year; 2026, under way, left out". */
export function supplyDemandPeriod(periods: readonly string[], aggregation: SupplyDemandAggregation, today: Date): string {
  const by = aggregation === 'yearly' ? 'by year' : aggregation === 'quarterly' ? 'by quarter' : 'by month';
  const current = formatPeriod(periodOf(today, aggregation));
  if (periods.length === 0) return `By transaction date ${by}; ${current}, under way, left out`;
  return `${span(formatPeriod(periods[0]!), formatPeriod(periods[periods.length - 1]!))} ${by} of transaction date; ${current}, under way, left out`;
}

/** Credits by category and year: "2006–2026 by transaction date, 2026 so far". */
export function yearsPeriod(years: readonly number[], today: Date): string {
  if (years.length === 0) return 'By transaction date';
  const first = years[0]!;
  const last = years[years.length - 1]!;
  const current = today.getFullYear();
  return `${span(String(first), String(last))} by transaction date${last === current ? `, ${current} so far` : ''}`;
}
