/** Usage statistics of the connected account: totals, by key, by endpoint, by day. */
import { useMemo } from 'react';
import { Chart } from '../../components/chart';
import { formatDate, formatNumber } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';

export function KeyUsageSection({ version }: { version: number }) {
  const usage = useContractData(() => carbon.keys.usage({}), `usage:${version}`);
  const option = useMemo(() => {
    const days = usage.data?.by_day ?? [];
    return {
      grid: { left: 48, right: 12, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => formatDate(d.date)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: 'Requests', barMaxWidth: 36, data: days.map((d) => d.requests) }],
    };
  }, [usage.data]);
  return (
    <section className="card settings-section" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage</h2>
      {usage.loading && !usage.data ? <Loading /> : null}
      {usage.error ? <ErrorState error={usage.error} onRetry={usage.reload} /> : null}
      {usage.data ? (
        <>
          <div className="kpi">
            <span className="kpi-label">Requests, all keys</span>
            <span className="kpi-value" data-testid="usage-total">{formatNumber(usage.data.total_requests)}</span>
          </div>
          {usage.data.by_day.length ? <Chart option={option} height={160} unit={null} ariaLabel="Requests per day" /> : null}
          <div className="grid grid-2 usage-tables">
            <table className="data">
              <thead>
                <tr><th>Key</th><th className="num">Requests</th></tr>
              </thead>
              <tbody>
                {usage.data.by_key.map((k) => (
                  <tr key={k.key_id}>
                    <td>{k.name} <span className="mono muted">{k.key_prefix}…</span></td>
                    <td className="num">{formatNumber(k.requests)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="data">
              <thead>
                <tr><th>Endpoint</th><th className="num">Requests</th></tr>
              </thead>
              <tbody>
                {usage.data.by_endpoint.map((e) => (
                  <tr key={e.endpoint}>
                    <td className="mono">{e.endpoint}</td>
                    <td className="num">{formatNumber(e.requests)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
