/**
 * The cache of the current connection: where it is, how big, what it holds in the market's words
 * (projects, credit transactions, boundaries…); the storage's own tables (row counts per SQLite
 * table, for support and debugging) under "Advanced"; clear it.
 */
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
  const held = (cache.data?.coverage ?? []).filter((c) => !c.notOffered);
  return (
    <section className="card settings-section" aria-labelledby="cache-title">
      <h2 id="cache-title">Cache</h2>
      <p className="section-help">Everything the views show is read from this file, so they work offline. The Sync view fills it.</p>
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
          {held.length ? (
            <table className="data cache-held" data-testid="cache-held">
              <thead>
                <tr><th>Held offline</th><th className="num">Items</th></tr>
              </thead>
              <tbody>
                {held.map((c) => (
                  <tr key={c.resource}>
                    <td>{c.label}</td>
                    <td className="num">{formatNumber(c.cached)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {tables.length ? (
            <details className="cache-advanced" data-testid="cache-advanced">
              <summary>Advanced: the cache's {tables.length} storage tables and their rows</summary>
              <p className="section-help">For support and troubleshooting: the SQLite tables of the cache file, including the sync's bookkeeping and the query layer's summaries.</p>
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
            </details>
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
