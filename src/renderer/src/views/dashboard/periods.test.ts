import { describe, expect, it } from 'vitest';
import { allTransactionsPeriod, periodOf, supplyDemandPeriod, yearsPeriod } from './periods';

const today = new Date(2026, 11, 2);

describe('dashboard periods', () => {
  it('names the period under way in each aggregation', () => {
    expect(periodOf(today, 'yearly')).toBe('2026');
    expect(periodOf(today, 'quarterly')).toBe('2026-Q4');
    expect(periodOf(today, 'monthly')).toBe('2026-12');
  });

  it('says the headline totals count every transaction, the year under way so far and the undated ones', () => {
    expect(allTransactionsPeriod([2006, 2010, 2026], true, today)).toBe('All cached transactions: dated 2006–2026 (2026 so far), and those without a date');
    expect(allTransactionsPeriod([2006, 2025], false, today)).toBe('All cached transactions: dated 2006–2025');
    expect(allTransactionsPeriod([], false, today)).toBe('All cached transactions');
  });

  it('says supply vs demand leaves the period under way out, and which it is', () => {
    expect(supplyDemandPeriod(['2006', '2025'], 'yearly', today)).toBe('2006–2025 by year of transaction date; 2026, under way, left out');
    expect(supplyDemandPeriod(['2024-Q1', '2026-Q3'], 'quarterly', today)).toBe('Q1 2024–Q3 2026 by quarter of transaction date; Q4 2026, under way, left out');
    expect(supplyDemandPeriod(['2026-11'], 'monthly', today)).toBe('Nov 2026 by month of transaction date; Dec 2026, under way, left out');
  });

  it('says credits by category and year include the year under way so far', () => {
    expect(yearsPeriod([2006, 2007, 2026], today)).toBe('2006–2026 by transaction date, 2026 so far');
    expect(yearsPeriod([2006, 2025], today)).toBe('2006–2025 by transaction date');
  });
});
