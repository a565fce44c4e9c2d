/**
 * A buyer's portfolio this year against last year, fairly: this year so far against the same period
 * of the previous year when the service sends it, else against the whole previous year, and said so.
 */
import type { BuyerAnalytics } from '../../../../shared/api';
import { samePeriodPreviousYear, yearToDate } from '../../../../shared/api/year-to-date';
import { formatDateSpan } from '../../components/format';

export interface PortfolioRow {
  category: string;
  current: number;
  previous: number;
}

export interface PortfolioComparison {
  rows: PortfolioRow[];
  /** Names of the two bars: "1 Jan – 25 Nov 2026" and "1 Jan – 25 Nov 2025", or "2026 to date" and "2025". */
  currentLabel: string;
  previousLabel: string;
  /** "1 Jan – 25 Nov 2026 vs 1 Jan – 25 Nov 2025". */
  periodLabel: string;
  /** Set when the comparison is against the whole previous year (the service did not send the same period). */
  note: string | null;
}

/** Every category of either period, largest this year first. */
function rowsOf(current: Record<string, number>, previous: Record<string, number>): PortfolioRow[] {
  const categories = new Set([...Object.keys(current), ...Object.keys(previous)]);
  return [...categories]
    .map((category) => ({ category, current: current[category] ?? 0, previous: previous[category] ?? 0 }))
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.category.localeCompare(b.category));
}

/** `deviceYear` names the years when the service does not say which day its year-to-date runs to. */
export function portfolioComparison(portfolio: BuyerAnalytics['portfolio_by_category'], deviceYear: number): PortfolioComparison {
  const asOf = portfolio.as_of;
  const year = asOf ? Number(asOf.slice(0, 4)) : deviceYear;
  const samePeriod = portfolio.previous_year_to_date;
  if (samePeriod) {
    const [currentLabel, previousLabel] = asOf
      ? [yearToDate(asOf), samePeriodPreviousYear(asOf)].map((p) => formatDateSpan(p.from, p.to))
      : [`${year} to date`, `${year - 1}, same period`];
    return { rows: rowsOf(portfolio.current_year, samePeriod), currentLabel: currentLabel!, previousLabel: previousLabel!, periodLabel: `${currentLabel} vs ${previousLabel}`, note: null };
  }
  return {
    rows: rowsOf(portfolio.current_year, portfolio.previous_year),
    currentLabel: `${year} to date`,
    previousLabel: `${year - 1}`,
    periodLabel: `${year} to date vs all of ${year - 1}`,
    note: `Compared with the whole of ${year - 1}: the service does not send the same period of last year.`,
  };
}
