/**
 * What the latest sync passes met that was not as it should be, and what that means: items the
 * service sent without a usable identity (skipped: not stored), values that did not fit their field
 * (stored as empty, kept as sent), and project countries without an ISO code (kept as written, no
 * profile, no place on the map). On request, the list: kind, resource, page, item, field, why, and
 * the value or item as sent.
 */
import { useState } from 'react';
import type { DataIssue } from '../../../../shared/contract';
import { carbon, useContractData } from '../../data';
import { formatNumber } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { SYNC_JOB_LABELS } from './sync-jobs';

/** Most issues the card lists (the counts are always whole). */
export const DATA_ISSUES_SHOWN = 500;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export function DataIssues({ skipped, unfit }: { skipped: number; unfit: number }) {
  const [items, setItems] = useState<DataIssue[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  const countries = useContractData(() => carbon.countries.index({}), 'countries.index');
  const codeless = (countries.data ?? []).filter((c) => c.country_code === null);
  const total = skipped + unfit;
  if (total === 0 && codeless.length === 0) return null;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) {
      setItems(null);
      setError(null);
      carbon.sync.dataIssues({ limit: DATA_ISSUES_SHOWN }).then(setItems, setError);
    }
  }

  return (
    <div className="card sync-issues" data-testid="sync-data-issues">
      <div className="sync-issues-head">
        <h2>Data issues</h2>
        {total ? (
          <button type="button" className="btn btn-small" onClick={toggle} aria-expanded={open}>
            {open ? 'Hide them' : 'Show them'}
          </button>
        ) : null}
      </div>
      <ul className="sync-issues-summary">
        {skipped ? (
          <li data-testid="sync-issues-skipped">
            <strong>{plural(skipped, 'item skipped', 'items skipped')}</strong>: the service sent {skipped === 1 ? 'an item' : 'items'} without a usable
            identity (no id or project id), so {skipped === 1 ? 'it' : 'they'} could not be stored. Everything else on the same pages was stored.
          </li>
        ) : null}
        {unfit ? (
          <li data-testid="sync-issues-unfit">
            <strong>{plural(unfit, 'value did not fit its field', 'values did not fit their field')}</strong> (text where a number or a date belongs):{' '}
            {unfit === 1 ? 'it is' : 'each is'} stored as empty, so filters, sorts and totals leave {unfit === 1 ? 'it' : 'them'} out, and kept as sent
            with {unfit === 1 ? 'its item' : 'their items'} (in the extra fields, also in CSV exports).
          </li>
        ) : null}
        {codeless.length ? (
          <li data-testid="sync-issues-countries">
            <strong>Countries without an ISO code:</strong> {codeless.map((c) => c.country).join(', ')}. Their projects keep the country as sent, but
            get no country profile and no place on the map.
          </li>
        ) : null}
      </ul>
      {open && error ? <ErrorState error={error} /> : null}
      {open && !items && !error ? <Loading label="Reading data issues…" /> : null}
      {open && items ? (
        <>
          <table className="data sync-issues-table">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Resource</th>
                <th className="num">Page</th>
                <th>Item</th>
                <th>Field</th>
                <th>Why</th>
                <th>As sent</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s, i) => (
                <tr key={`${s.kind}-${s.job}-${s.page ?? ''}-${s.position}-${s.field}-${i}`} data-kind={s.kind}>
                  <td>{s.kind === 'skipped' ? <span className="badge badge-danger">skipped</span> : <span className="badge badge-warn">kept as sent</span>}</td>
                  <td>{SYNC_JOB_LABELS[s.job as keyof typeof SYNC_JOB_LABELS]?.label ?? s.job}</td>
                  <td className="num">{s.page ?? '—'}</td>
                  <td>
                    <span className="mono">{s.ref ?? '—'}</span>
                    <div className="muted sync-issues-position">position {s.position + 1}</div>
                  </td>
                  <td className="mono">{s.field}</td>
                  <td>{s.reason}</td>
                  <td className="mono sync-issues-excerpt" title={s.excerpt}><div>{s.excerpt || '—'}</div></td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length < total ? <p className="muted">Showing the first {formatNumber(items.length)} of {formatNumber(total)}.</p> : null}
        </>
      ) : null}
    </div>
  );
}
