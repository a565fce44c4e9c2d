/**
 * Items the service sent that could not be stored (no usable identity): how many, and on request
 * the list (which job, page and position, the field and the reason, an excerpt of the item).
 */
import { useState } from 'react';
import type { SkippedItemRecord } from '../../../../shared/contract';
import { carbon } from '../../data';
import { formatNumber } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { SYNC_JOB_LABELS } from './sync-jobs';

export function SkippedItems({ count }: { count: number }) {
  const [items, setItems] = useState<SkippedItemRecord[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) {
      setItems(null);
      setError(null);
      carbon.sync.skippedItems({}).then(setItems, setError);
    }
  }

  return (
    <div className="card sync-skipped" data-testid="sync-skipped">
      <div className="sync-skipped-head">
        <h2>
          {formatNumber(count)} {count === 1 ? 'item' : 'items'} skipped
        </h2>
        <button type="button" className="btn btn-small" onClick={toggle} aria-expanded={open}>
          {open ? 'Hide them' : 'Show them'}
        </button>
      </div>
      <p className="muted">
        The service sent {count === 1 ? 'an item' : 'items'} without a usable identity (no id or project id), so{' '}
        {count === 1 ? 'it' : 'they'} could not be stored. Everything else on the same pages was stored.
      </p>
      {open && error ? <ErrorState error={error} /> : null}
      {open && !items && !error ? <Loading label="Reading skipped items…" /> : null}
      {open && items ? (
        <table className="data sync-skipped-table">
          <thead>
            <tr>
              <th>Resource</th>
              <th className="num">Page</th>
              <th className="num">Position</th>
              <th>Field</th>
              <th>Reason</th>
              <th>The item as sent</th>
            </tr>
          </thead>
          <tbody>
            {items.map((s, i) => (
              <tr key={`${s.job}-${s.page ?? ''}-${s.position}-${i}`}>
                <td>{SYNC_JOB_LABELS[s.job as keyof typeof SYNC_JOB_LABELS]?.label ?? s.job}</td>
                <td className="num">{s.page ?? '—'}</td>
                <td className="num">{s.position + 1}</td>
                <td className="mono">{s.field}</td>
                <td>{s.reason}</td>
                <td className="mono sync-skipped-excerpt" title={s.excerpt}>{s.excerpt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
