/**
 * Satellite: the metrics table (risk level, has-boundary, limit/offset paging), the offline map of
 * cached boundaries coloured by risk level, and the clicked project's metrics with loss by year.
 * Every choice lives in the URL (#/satellite?risk_level=HIGH&offset=100&project=VCS12).
 */
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SATELLITE_DEFAULTS, contractQueries } from '../../../../shared/api/params';
import type { SatelliteMetrics } from '../../../../shared/api/resources';
import { RISK_LEVELS } from '../../../../shared/api/values';
import { Chart } from '../../components/chart';
import { InvalidParams, useUrlFilters } from '../../components/filters';
import { formatDateTime, formatNumber } from '../../components/format';
import { CarbonMap, RISK_LABELS, checkBoundaries, projectIdOf, riskColour, toRiskKey } from '../../components/map';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useResolvedTheme } from '../../stores/theme';
import { carbon, useContractData } from '../../data';
import { findMetrics, lossSeries, offsetPage } from './satellite-metrics';
import './satellite.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { satelliteListQuery } = contractQueries;

const PAGE_SIZES = [50, 100, 250, 500, 1000];

export function RiskBadge({ level }: { level: string | null }) {
  const theme = useResolvedTheme();
  const key = toRiskKey(level);
  return (
    <span className="risk-badge" style={{ borderColor: riskColour(key, theme) }}>
      <span className="risk-dot" style={{ background: riskColour(key, theme) }} />
      {RISK_LABELS[key]}
    </span>
  );
}

function MetricsDetail({ metrics, onClose }: { metrics: SatelliteMetrics; onClose: () => void }) {
  const series = lossSeries(metrics.loss_by_year);
  const option = useMemo(
    () => ({
      grid: { left: 56, right: 12, top: 20, bottom: 28 },
      xAxis: { type: 'category', data: series.map((p) => String(p.year)) },
      yAxis: { type: 'value', name: 'ha', nameGap: 8 },
      series: [{ type: 'bar', name: 'Forest loss', data: series.map((p) => p.hectares), itemStyle: { color: '#d9822b' } }],
    }),
    [series],
  );
  const facts: Array<[string, string]> = [
    ['Integrity score', formatNumber(metrics.integrity_score)],
    ['Risk trajectory', metrics.risk_trajectory ?? '—'],
    ['Area', metrics.area_km2 == null ? '—' : `${formatNumber(metrics.area_km2)} km²`],
    ['Boundary source', metrics.boundary_source ?? '—'],
    ['Total loss', metrics.total_loss_ha == null ? '—' : `${formatNumber(metrics.total_loss_ha)} ha (${formatNumber(metrics.total_loss_pct)} %)`],
    ['Peak loss', metrics.peak_loss_year == null ? '—' : `${metrics.peak_loss_year}: ${formatNumber(metrics.peak_loss_ha)} ha`],
    ['Alerts, 12 months', `${formatNumber(metrics.alert_count_12m)} (${formatNumber(metrics.alert_area_ha)} ha)`],
    ['Fires, 12 months', formatNumber(metrics.fire_count_12m)],
    ['Updated', formatDateTime(metrics.last_updated)],
  ];
  return (
    <div className="card satellite-detail" data-testid="satellite-detail" aria-label={`Satellite metrics of ${metrics.project_id}`}>
      <div className="satellite-detail-head">
        <h2>
          <Link to={`/projects/${encodeURIComponent(metrics.project_id)}`}>{metrics.project_id}</Link>
        </h2>
        <RiskBadge level={metrics.risk_level} />
        <Link className="btn btn-small" to={`/projects/${encodeURIComponent(metrics.project_id)}`} data-testid="open-project">
          Open project →
        </Link>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close metrics">
          ×
        </button>
      </div>
      <dl className="facts-grid">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3>Forest loss by year</h3>
      {series.length ? <Chart option={option} height={200} unit="ha" ariaLabel={`Forest loss by year, ${metrics.project_id}`} testId="loss-by-year" /> : <Empty title="No forest loss recorded" />}
    </div>
  );
}

interface FetchRun {
  done: number;
  total: number;
  errors: string[];
  running: boolean;
}

/**
 * Boundaries are fetched on demand (they are large): this fetches those of the projects on the
 * page that have one and are not cached yet, one project at a time, through projects.refresh.
 */
function useBoundaryFetch(onProgress: () => void) {
  const [run, setRun] = useState<FetchRun | null>(null);
  const stop = useRef(false);
  async function start(projectIds: string[]) {
    stop.current = false;
    const state: FetchRun = { done: 0, total: projectIds.length, errors: [], running: true };
    setRun({ ...state });
    for (const projectId of projectIds) {
      if (stop.current) break;
      try {
        const result = await carbon.projects.refresh({ project_id: projectId });
        const boundaryError = result.errors.find((e) => e.startsWith('boundary:'));
        if (boundaryError) state.errors.push(`${projectId}: ${boundaryError.replace(/^boundary:\s*/, '')}`);
        if (result.errors.some((e) => /(missing|invalid|revoked|expired)_api_key|upgrade_required/.test(e))) break;
      } catch (err) {
        state.errors.push(`${projectId}: ${err instanceof Error ? err.message : String(err)}`);
        break;
      }
      state.done += 1;
      setRun({ ...state });
      if (state.done % 10 === 0) onProgress();
    }
    state.running = false;
    setRun({ ...state });
    onProgress();
  }
  return { run, start, stop: () => (stop.current = true) };
}

export function SatelliteView() {
  const { filters, invalid, key, set, patch, clear } = useUrlFilters(satelliteListQuery);
  const [params, setParams] = useSearchParams();
  const selected = params.get('project');
  const limit = filters.limit ?? SATELLITE_DEFAULTS.limit;
  const offset = filters.offset ?? 0;
  const hasBoundary = filters.has_boundary ?? SATELLITE_DEFAULTS.has_boundary;

  const list = useContractData(() => carbon.satellite.list({ ...filters, limit, offset }), `list:${key}`);
  const boundaries = useContractData(() => carbon.satellite.boundaries(filters.risk_level ? { risk_level: filters.risk_level } : {}), `b:${filters.risk_level ?? ''}`);
  const page = offsetPage(offset, limit, list.data?.length ?? 0);
  const metrics = selected ? findMetrics(selected, list.data, boundaries.data) : null;
  const cachedIds = useMemo(() => new Set(checkBoundaries(boundaries.data).features.map((f) => projectIdOf(f))), [boundaries.data]);
  const missing = (list.data ?? []).filter((m) => m.has_boundary && !cachedIds.has(m.project_id)).map((m) => m.project_id);
  const fetcher = useBoundaryFetch(boundaries.reload);

  const select = (projectId: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (projectId) next.set('project', projectId);
      else next.delete('project');
      return next;
    });

  return (
    <Page
      title="Satellite"
      subtitle="Integrity, risk and forest loss from satellite data; boundaries drawn offline."
      actions={
        <>
          <ExportButton table="satellite-metrics" query={filters} label="Export metrics" testId="export-satellite" />
          <ExportButton table="boundaries" query={filters.risk_level ? { risk_level: filters.risk_level } : {}} label="Export boundaries" testId="export-boundaries" />
        </>
      }
    >
      <InvalidParams invalid={invalid} onDrop={(keys) => clear(keys as never)} />
      <NotOfferedNotice jobs={['satellite']} what="satellite data (metrics and project boundaries)" />
      <div className="satellite-filters card">
        <div className="filter-field">
          <span className="filter-label">Risk level</span>
          <div className="seg" role="group" aria-label="Risk level">
            <button type="button" aria-pressed={!filters.risk_level} onClick={() => patch({ risk_level: undefined, offset: undefined })}>
              All
            </button>
            {RISK_LEVELS.map((r) => (
              <button key={r} type="button" aria-pressed={filters.risk_level === r} onClick={() => patch({ risk_level: r, offset: undefined })}>
                {RISK_LABELS[r]}
              </button>
            ))}
          </div>
        </div>
        <div className="filter-field">
          <span className="filter-label">Boundary</span>
          <div className="seg" role="group" aria-label="Boundary">
            <button type="button" aria-pressed={hasBoundary} onClick={() => patch({ has_boundary: undefined, offset: undefined })}>
              With boundary
            </button>
            <button type="button" aria-pressed={!hasBoundary} onClick={() => patch({ has_boundary: false, offset: undefined })}>
              Without boundary
            </button>
          </div>
        </div>
        <label className="filter-field">
          <span className="filter-label">Rows per page</span>
          <select value={limit} onChange={(e) => patch({ limit: Number(e.target.value) === SATELLITE_DEFAULTS.limit ? undefined : Number(e.target.value), offset: undefined })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className={`satellite-top${metrics ? ' with-detail' : ''}`}>
        <div className="card satellite-map-card">
          {boundaries.error ? <ErrorState error={boundaries.error} onRetry={boundaries.reload} /> : null}
          <CarbonMap boundaries={boundaries.data} onSelectProject={select} selectedProjectId={selected} height={440} label="Project boundaries by satellite risk level" />
          <div className="map-caption">
            <span data-testid="boundary-count">
              {boundaries.loading && !boundaries.data ? 'Loading boundaries…' : `${formatNumber(boundaries.data?.features.length ?? 0)} cached boundaries${filters.risk_level ? ` at ${(RISK_LABELS[filters.risk_level as keyof typeof RISK_LABELS] ?? filters.risk_level).toLowerCase()} risk` : ''}. Click one for its metrics.`}
            </span>
            {fetcher.run?.running ? (
              <>
                <span data-testid="boundary-fetch-progress">
                  Fetching boundaries: {fetcher.run.done} of {fetcher.run.total}
                </span>
                <button type="button" className="btn btn-small" onClick={fetcher.stop}>
                  Stop
                </button>
              </>
            ) : missing.length ? (
              <button type="button" className="btn btn-small" onClick={() => void fetcher.start(missing)} data-testid="fetch-boundaries">
                Fetch {missing.length} boundar{missing.length === 1 ? 'y' : 'ies'} of this page
              </button>
            ) : null}
          </div>
          {fetcher.run && fetcher.run.errors.length ? (
            <div className="map-fetch-errors" role="alert">
              {fetcher.run.errors.length} boundar{fetcher.run.errors.length === 1 ? 'y' : 'ies'} could not be fetched: {fetcher.run.errors.slice(0, 3).join('; ')}
              {fetcher.run.errors.length > 3 ? '…' : ''}
            </div>
          ) : null}
        </div>
        {metrics ? <MetricsDetail metrics={metrics} onClose={() => select(null)} /> : selected && !boundaries.loading && !list.loading ? (
          <div className="card satellite-detail">
            <Empty title={`No satellite metrics cached for ${selected}`}>Sync satellite metrics, or pick another project.</Empty>
          </div>
        ) : null}
      </div>

      <div className="card satellite-table-card">
        <div className="table-toolbar">
          <span data-testid="satellite-range">
            {list.data ? (page.from ? `Rows ${formatNumber(page.from)}–${formatNumber(page.to)}` : 'No rows') : ''}
          </span>
          <div className="pager">
            <button type="button" className="btn btn-small" disabled={!page.hasPrevious} onClick={() => set('offset', page.previousOffset || undefined)}>
              ← Previous
            </button>
            <button type="button" className="btn btn-small" disabled={!page.hasNext} onClick={() => set('offset', page.nextOffset)}>
              Next →
            </button>
          </div>
        </div>
        {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
        {list.loading && !list.data ? <Loading /> : null}
        {list.data && list.data.length === 0 ? <Empty title="No satellite metrics match">Change the risk level or boundary filter.</Empty> : null}
        {list.data && list.data.length ? (
          <div className="table-scroll">
            <table className="data" data-testid="satellite-table" aria-busy={list.loading}>
              <thead>
                <tr>
                  <th>Project</th>
                  <th>Risk</th>
                  <th>Trajectory</th>
                  <th className="num">Integrity</th>
                  <th className="num">Area km²</th>
                  <th className="num">Loss ha</th>
                  <th className="num">Loss %</th>
                  <th className="num">Peak year</th>
                  <th className="num">Alerts 12m</th>
                  <th className="num">Alert ha</th>
                  <th className="num">Fires 12m</th>
                  <th>Boundary</th>
                  <th>Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((m) => (
                  <tr key={m.project_id} className={m.project_id === selected ? 'selected' : undefined} onClick={() => select(m.project_id)} data-testid="satellite-row">
                    <td>
                      <button type="button" className="link-button" onClick={() => select(m.project_id)}>
                        {m.project_id}
                      </button>
                    </td>
                    <td><RiskBadge level={m.risk_level} /></td>
                    <td>{m.risk_trajectory ?? '—'}</td>
                    <td className="num">{formatNumber(m.integrity_score)}</td>
                    <td className="num">{formatNumber(m.area_km2)}</td>
                    <td className="num">{formatNumber(m.total_loss_ha)}</td>
                    <td className="num">{formatNumber(m.total_loss_pct)}</td>
                    <td className="num">{m.peak_loss_year ?? '—'}</td>
                    <td className="num">{formatNumber(m.alert_count_12m)}</td>
                    <td className="num">{formatNumber(m.alert_area_ha)}</td>
                    <td className="num">{formatNumber(m.fire_count_12m)}</td>
                    <td>{m.has_boundary ? m.boundary_source ?? 'yes' : 'none'}</td>
                    <td>{formatDateTime(m.last_updated)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
