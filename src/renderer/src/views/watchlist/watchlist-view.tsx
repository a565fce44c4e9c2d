/**
 * The watchlist: watched projects, buyers and countries, each with its name, when its data was last
 * fetched, and a link to its page. Watched items are synced first and are what a watchlist-only
 * mirror keeps.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { WatchItem } from '../../../../shared/contract';
import { formatAge, formatDateTime } from '../../components/format';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { WatchButton } from '../../components/watch-button';
import { useWatchlist } from '../../stores/watchlist';

const KIND_LABELS: Record<WatchItem['kind'], string> = { project: 'Projects', buyer: 'Buyers', country: 'Countries' };

function target(w: WatchItem): string {
  const id = encodeURIComponent(w.id);
  return w.kind === 'project' ? `/projects/${id}` : w.kind === 'buyer' ? `/buyers/${id}` : `/countries/${id}`;
}

export function WatchlistView() {
  const { items, error, load } = useWatchlist();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Page title="Watchlist" subtitle="Watched items are synced first. With Offline coverage set to Watchlist only (Sync view), only these get their boundaries, dossiers and country updates downloaded.">
      {error ? <ErrorState error={new Error(error)} onRetry={() => void load()} /> : null}
      {!items && !error ? <Loading label="Reading the watchlist…" /> : null}
      {items && items.length === 0 ? (
        <Empty title="Nothing watched yet">Watch a project from its row (☆) or its page, a buyer or a country from its page, or from the command palette (Ctrl+K).</Empty>
      ) : null}
      {items && items.length
        ? (['project', 'buyer', 'country'] as const).map((kind) => {
            const rows = items.filter((w) => w.kind === kind);
            if (!rows.length) return null;
            return (
              <div key={kind} className="card" data-testid={`watchlist-${kind}`}>
                <h2>{KIND_LABELS[kind]}</h2>
                <table className="data">
                  <thead>
                    <tr>
                      <th style={{ width: 34 }} />
                      <th>Name</th>
                      <th>Id</th>
                      <th>Data fetched</th>
                      <th>Watched since</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((w) => (
                      <tr key={w.id} data-testid="watchlist-row">
                        <td>
                          <WatchButton kind={w.kind} id={w.id} compact label={w.name ?? w.id} />
                        </td>
                        <td>{w.cached ? <Link to={target(w)}>{w.name ?? w.id}</Link> : <span title="Not in the cache: the service has not listed it since it was watched">{w.name ?? w.id} (not in the cache)</span>}</td>
                        <td className="mono">{w.id}</td>
                        <td title={formatDateTime(w.fetched_at)}>{w.fetched_at ? formatAge(w.fetched_at) : 'not downloaded yet'}</td>
                        <td>{formatDateTime(w.added_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })
        : null}
    </Page>
  );
}
