/** The cache of the current connection: where it is, how big, rows per table; clear it. */
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { useAction } from '../../components/use-action';
import { carbon, useContractData } from '../../data';
import { formatBytes } from './api-key-rules';
import { ConfirmDialog } from './confirm-dialog';

export function CacheSection() {
  const cache = useContractData(() => carbon.cache.info({}), 'cache');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction();

  async function clear() {
    await run(async () => cache.set(await carbon.cache.clear({})), () => setConfirming(false));
  }

  const tables = Object.entries(cache.data?.tables ?? {});
  return (
    <section className="card settings-section" aria-labelledby="cache-title">
      <h2 id="cache-title">Cache</h2>
      {cache.loading && !cache.data ? <Loading /> : null}
      {cache.error ? <ErrorState error={cache.error} onRetry={cache.reload} /> : null}
      {cache.data ? (
        <>
          <dl className="facts">
            <dt>Location</dt>
            <dd className="mono" data-testid="cache-path">{cache.data.path}</dd>
            <dt>Size</dt>
            <dd data-testid="cache-size">{formatBytes(cache.data.sizeBytes)}</dd>
            <dt>Last sync</dt>
            <dd>{cache.data.lastSyncAt ? formatDateTime(cache.data.lastSyncAt) : 'never'}</dd>
          </dl>
          {tables.length ? (
            <table className="data cache-tables">
              <thead>
                <tr><th>Table</th><th className="num">Rows</th></tr>
              </thead>
              <tbody>
                {tables.map(([table, rows]) => (
                  <tr key={table}>
                    <td className="mono">{table}</td>
                    <td className="num">{formatNumber(rows)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
      <div className="section-actions">
        <button type="button" className="btn" onClick={cache.reload}>Refresh</button>
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)} disabled={busy}>
          Clear cache
        </button>
      </div>
      {error ? <ErrorState error={error} /> : null}
      <ConfirmDialog open={confirming} title="Clear cache" confirmLabel="Clear cache" busy={busy} onCancel={() => setConfirming(false)} onConfirm={() => void clear()}>
        Delete every cached row of this connection? Views stay empty until the next sync. Your connections, keys and watchlist are kept.
      </ConfirmDialog>
    </section>
  );
}
