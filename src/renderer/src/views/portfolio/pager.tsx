/** Previous / next page of the holdings table, with the range shown. */
import { formatNumber } from '../../components/format';

export function Pager({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="portfolio-pager" aria-label="Holdings pages" data-testid="holdings-pager">
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span className="muted" data-testid="holdings-range">
        Holdings {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)} · page {formatNumber(page)} of {formatNumber(pages)}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
