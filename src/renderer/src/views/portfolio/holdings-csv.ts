/** The screened holdings' CSV file name, from the portfolio's name (and the rule filtered by); the table is shared/screened-holdings-csv.ts. */
export function csvFileName(portfolioName: string, rule: string | null): string {
  const slug = portfolioName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'portfolio';
  return `${slug}${rule ? `-${rule}` : ''}-holdings.csv`;
}
