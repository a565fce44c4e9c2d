/**
 * The year-to-date a buyer's portfolio compares: 1 Jan to the market's today, against the same
 * period of the previous year (1 Jan to the same month and day). A today of 29 Feb compares with
 * 28 Feb of the previous year, which has no 29 Feb. Dates are `YYYY-MM-DD` strings.
 */
export interface CalendarPeriod {
  from: string;
  to: string;
}

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function yearToDate(today: string): CalendarPeriod {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

export function samePeriodPreviousYear(today: string): CalendarPeriod {
  const year = Number(today.slice(0, 4)) - 1;
  const monthDay = today.slice(5, 10) === '02-29' && !isLeapYear(year) ? '02-28' : today.slice(5, 10);
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-${monthDay}` };
}
