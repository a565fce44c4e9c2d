/**
 * A project's top buyers (by retired volume) and its credits by vintage: issued, retired and the
 * difference (negative where the cached transactions retire more of a vintage than they issue).
 */
import { Link } from 'react-router-dom';
import { formatNumber } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';

const TOP = 8;

export function ProjectBuyersAndVintages({ projectId }: { projectId: string }) {
  const buyers = useContractData(() => carbon.buyers.list({ project_id: [projectId], sort: ['-total_volume'], per_page: TOP }), `buyers:${projectId}`);
  const totals = useContractData(() => carbon.credits.totals({ project_id: [projectId] }), `vintages:${projectId}`);
  const vintages = totals.data?.by_vintage.filter((v) => v.issued > 0 || v.retired > 0) ?? [];
  return (
    <div className="grid grid-2">
      <div className="card" data-testid="project-top-buyers">
        <h2>Top buyers</h2>
        {buyers.error ? <ErrorState error={buyers.error} onRetry={buyers.reload} /> : null}
        {buyers.loading && !buyers.data ? <Loading /> : null}
        {buyers.data && buyers.data.data.length === 0 ? <Empty title="No named buyer retired credits of this project" /> : null}
        {buyers.data && buyers.data.data.length ? (
          <table className="data">
            <thead>
              <tr>
                <th>Buyer</th>
                <th className="num">Retired (tCO2e)</th>
                <th className="num">Transactions</th>
              </tr>
            </thead>
            <tbody>
              {buyers.data.data.map((b) => (
                <tr key={b.buyer_name}>
                  <td>
                    <Link to={`/buyers/${encodeURIComponent(b.buyer_name)}`}>{b.buyer_name}</Link>
                  </td>
                  <td className="num">{formatNumber(b.total_volume)}</td>
                  <td className="num">{formatNumber(b.total_transactions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {buyers.data && buyers.data.pagination.total_entries > TOP ? (
          <Link to={`/buyers?project_id=${encodeURIComponent(projectId)}`}>All {formatNumber(buyers.data.pagination.total_entries)} buyers →</Link>
        ) : null}
      </div>
      <div className="card" data-testid="project-vintages">
        <h2>Credits by vintage</h2>
        {totals.error ? <ErrorState error={totals.error} onRetry={totals.reload} /> : null}
        {totals.loading && !totals.data ? <Loading /> : null}
        {totals.data && vintages.length === 0 ? <Empty title="No issuance or retirement of this project in the cache" /> : null}
        {vintages.length ? (
          <div className="table-scroll vintage-table">
            <table className="data">
              <thead>
                <tr>
                  <th>Vintage</th>
                  <th className="num">Issued</th>
                  <th className="num">Retired</th>
                  <th className="num" title="Issued minus retired in the cached transactions of this vintage">Issued − retired</th>
                </tr>
              </thead>
              <tbody>
                {vintages.map((v) => (
                  <tr key={String(v.vintage)} data-testid="vintage-row">
                    <td>{v.vintage ?? 'unknown'}</td>
                    <td className="num">{formatNumber(v.issued)}</td>
                    <td className="num">{formatNumber(v.retired)}</td>
                    <td className={`num${v.issued - v.retired < 0 ? ' muted' : ''}`}>{formatNumber(v.issued - v.retired)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </div>
  );
}
