/**
 * What a portfolio's holdings can be turned into: the watchlist (every matched project watched), a
 * CSV of the screened table (the rule filter applied), built here from all its pages, and the
 * due-diligence report (PDF, HTML, Markdown) the back end writes from the cache.
 */
import { useState } from 'react';
import type { PortfolioSummary, WatchItem } from '../../../../shared/contract';
import { carbon } from '../../data';
import { formatNumber } from '../../components/format';
import { ReportButtons } from '../../components/report';
import { explainError } from '../../components/states';
import { useAction } from '../../components/use-action';
import { useWatchlist } from '../../stores/watchlist';
import { screenedHoldingsCsv } from '../../../../shared/screened-holdings-csv';
import { downloadFile } from '../../components/download-file';
import { csvFileName } from './holdings-csv';
import { allHoldings } from './use-portfolio-detail';

export function PortfolioToolbar({ portfolio, rule }: { portfolio: PortfolioSummary; rule: string | null }) {
  const watch = useAction();
  const exporting = useAction();
  const [note, setNote] = useState<string | null>(null);

  const watchAll = () =>
    void watch.run(async () => {
      const ids = [...new Set((await allHoldings(portfolio.id, null)).map((h) => h.project_ref).filter((id): id is string => id !== null))];
      let items: WatchItem[] | null = null;
      for (const id of ids) items = await carbon.watchlist.set({ kind: 'project', id, watched: true });
      if (items) useWatchlist.setState({ items, error: null });
      setNote(ids.length ? `Watching the ${formatNumber(ids.length)} projects of ${portfolio.name}.` : 'No holding matched a cached project: nothing to watch.');
    });

  const exportCsv = () =>
    void exporting.run(async () => {
      const rows = await allHoldings(portfolio.id, rule);
      downloadFile(screenedHoldingsCsv(rows), csvFileName(portfolio.name, rule), 'text/csv;charset=utf-8');
      setNote(`Exported ${formatNumber(rows.length)} holdings as CSV.`);
    });

  const error = watch.error ?? exporting.error;
  return (
    <div className="portfolio-toolbar" role="toolbar" aria-label="Portfolio actions" data-testid="portfolio-toolbar">
      <button type="button" className="btn" onClick={watchAll} disabled={watch.busy || portfolio.matched === 0} data-testid="watch-all">
        {watch.busy ? 'Watching…' : '☆ Watch all holdings'}
      </button>
      <button type="button" className="btn" onClick={exportCsv} disabled={exporting.busy} data-testid="export-holdings-csv">
        {exporting.busy ? 'Exporting…' : rule ? `Export CSV (${rule})` : 'Export CSV'}
      </button>
      <ReportButtons label="Due-diligence report" testId="portfolio-report" make={(format) => carbon.portfolios.report({ id: portfolio.id, format })} />
      {error ? (
        <span className="portfolio-toolbar-error" role="alert">
          {explainError(error).title}
        </span>
      ) : note ? (
        <span className="muted" role="status" data-testid="portfolio-toolbar-note">
          {note}
        </span>
      ) : null}
    </div>
  );
}
