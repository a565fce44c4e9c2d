/** The rows of the file not understood (row, value, reason), collapsed until opened. */
import type { RejectedHoldingRow } from '../../../../shared/contract';
import { formatNumber } from '../../components/format';

export function UnmatchedRows({ rows }: { rows: RejectedHoldingRow[] }) {
  if (!rows.length) return null;
  return (
    <details className="card portfolio-disclosure" data-testid="portfolio-unmatched">
      <summary>
        {formatNumber(rows.length)} {rows.length === 1 ? 'row' : 'rows'} not understood
      </summary>
      <table className="data">
        <thead>
          <tr>
            <th className="num">Row</th>
            <th>Value</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.row}:${r.reason}`}>
              <td className="num">{r.row}</td>
              <td className="mono wrap">{r.value}</td>
              <td className="wrap">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
