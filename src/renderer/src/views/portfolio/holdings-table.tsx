/** A page of holdings with their flags; the project links to its page when the cache holds it. */
import { Link } from 'react-router-dom';
import type { HoldingRow } from '../../../../shared/contract';
import { formatNumber, formatRegistry } from '../../components/format';
import { FlagChip } from './flag-chip';

export function HoldingsTable({ rows }: { rows: HoldingRow[] }) {
  return (
    <div className="portfolio-table-scroll">
      <table className="data portfolio-holdings" data-testid="holdings-table">
        <thead>
          <tr>
            <th className="num">Row</th>
            <th>Project ID</th>
            <th>Project</th>
            <th>Registry</th>
            <th className="num">Vintage</th>
            <th className="num">Quantity (tCO2e)</th>
            <th>Flags</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.row} data-testid="holding-row" data-row={h.row}>
              <td className="num">{h.row}</td>
              <td className="mono">
                {h.project_ref ? (
                  <Link to={`/projects/${encodeURIComponent(h.project_ref)}`} title={h.project_ref === h.project_id ? undefined : `As written in the file: ${h.project_id}`}>
                    {h.project_ref}
                  </Link>
                ) : (
                  <span title="Not in the cache">{h.project_id}</span>
                )}
              </td>
              <td className="portfolio-project-name" title={h.project_name ?? undefined}>
                {h.project_name ?? <span className="muted">not in the cache</span>}
              </td>
              <td>{h.registry ? formatRegistry(h.registry) : '—'}</td>
              <td className="num">{h.vintage ?? '—'}</td>
              <td className="num">
                {formatNumber(h.quantity)}
                {h.status === 'retired' ? <span className="muted"> retired</span> : null}
              </td>
              <td className="portfolio-flags">
                {h.flags.length ? h.flags.map((f) => <FlagChip key={f.rule} flag={f} />) : <span className="muted">none</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
