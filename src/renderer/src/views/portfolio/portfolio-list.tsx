/** The saved portfolios: name, file, when imported, holdings, flagged; choose one to read it, or remove it. */
import type { PortfolioSummary } from '../../../../shared/contract';
import { formatDateTime, formatNumber } from '../../components/format';

export function PortfolioList({ items, selectedId, onSelect, onRemove }: {
  items: PortfolioSummary[];
  selectedId: number | null;
  onSelect(id: number): void;
  onRemove(p: PortfolioSummary): void;
}) {
  return (
    <div className="card portfolio-list" data-testid="portfolio-list">
      <h2>Saved portfolios</h2>
      <table className="data">
        <thead>
          <tr>
            <th>Name</th>
            <th>File</th>
            <th>Imported</th>
            <th className="num">Holdings</th>
            <th className="num">Flagged</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} className={p.id === selectedId ? 'is-selected' : undefined} aria-selected={p.id === selectedId} data-testid="portfolio-row">
              <td>
                <button type="button" className="link-button" onClick={() => onSelect(p.id)}>
                  {p.name}
                </button>
              </td>
              <td className="portfolio-file" title={p.file_name ?? undefined}>
                {p.file_name ?? '—'}
              </td>
              <td>{formatDateTime(p.imported_at)}</td>
              <td className="num">{formatNumber(p.holdings)}</td>
              <td className="num">{p.flagged_holdings ? <span className="badge badge-danger">{formatNumber(p.flagged_holdings)}</span> : '0'}</td>
              <td className="num">
                <button type="button" className="btn btn-small btn-danger" onClick={() => onRemove(p)} aria-label={`Remove ${p.name}`}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
