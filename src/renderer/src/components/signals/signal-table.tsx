/** A table of integrity signals: kind, project (linked), vintage, what the figures show and what it rests on. */
import { Link } from 'react-router-dom';
import type { IntegritySignal } from '../../../../shared/contract';
import { formatDate, formatRegistry } from '../format';
import { describeSignal, SIGNAL_LABELS } from './signal-words';
import './signals.css';

export function SignalTable({ rows, showProject = true }: { rows: IntegritySignal[]; showProject?: boolean }) {
  return (
    <table className="data signal-table" data-testid="signal-table">
      <thead>
        <tr>
          <th>Signal</th>
          {showProject ? <th>Project</th> : null}
          {showProject ? <th>Registry</th> : null}
          <th>Vintage</th>
          <th>What the data shows</th>
          <th>Rests on</th>
          <th>Found</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.key} data-testid="signal-row" data-kind={s.kind}>
            <td>{SIGNAL_LABELS[s.kind]}</td>
            {showProject ? (
              <td className="signal-project">
                <Link to={`/projects/${encodeURIComponent(s.project_id)}`}>{s.project_name ?? s.project_id}</Link>
                <div className="muted mono">{s.project_id}</div>
              </td>
            ) : null}
            {showProject ? <td>{formatRegistry(s.registry)}</td> : null}
            <td>{s.vintage ?? 'all'}</td>
            <td className="signal-says">{describeSignal(s)}</td>
            <td className="muted" title={s.evidence.fields.join(', ')}>
              {s.evidence.transaction_ids.length ? (
                <Link to={`/transactions?project_id=${encodeURIComponent(s.project_id)}`}>
                  {s.evidence.transaction_ids.length === 1 ? `transaction ${s.evidence.transaction_ids[0]}` : `${s.evidence.transaction_ids.length} transactions`}
                </Link>
              ) : (
                s.evidence.fields.join(', ')
              )}
            </td>
            <td>{formatDate(s.detected_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
