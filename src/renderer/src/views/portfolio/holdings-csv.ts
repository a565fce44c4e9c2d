/** The screened holdings offered as a CSV download (the table itself: shared/screened-holdings-csv.ts). */
import { downloadFile } from '../../components/download-file';

/** Offers the text as a file download through a Blob link. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadFile(text, fileName, type);
}

/** A file name from the portfolio's name (and the rule filtered by). */
export function csvFileName(portfolioName: string, rule: string | null): string {
  const slug = portfolioName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'portfolio';
  return `${slug}${rule ? `-${rule}` : ''}-holdings.csv`;
}
