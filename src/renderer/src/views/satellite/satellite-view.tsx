/**
 * Satellite: the offline map of cached boundaries coloured by risk level, the chosen project's
 * metrics with its loss by year (read for that project from the cache, whatever the table shows),
 * and the metrics table: risk level and boundary filters, search by project id or name, sortable
 * columns, rows loaded as they scroll. Every choice lives in the URL
 * (#/satellite?risk_level=HIGH&search=kalimantan&sort=-total_loss_ha&project=VCS12).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SATELLITE_DEFAULTS, contractQueries } from '../../../../shared/api/params';
import type { SatelliteMetrics } from '../../../../shared/api/resources';
import { RISK_LEVELS } from '../../../../shared/api/values';
import type { SatelliteTableRow } from '../../../../shared/contract';
import { Chart } from '../../components/chart';
import { DataTable, usePagedRows } from '../../components/data-table';
import { InvalidParams, TextFilter, useUrlFilters } from '../../components/filters';
import { formatDateTime, formatNumber } from '../../components/format';
import { CarbonMap, RISK_LABELS } from '../../components/map';
import { FirstSyncEmpty, useFirstSyncNotice } from '../../components/first-sync-empty';
import { isMissing, MissingData } from '../../components/missing-data';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { lossSeries } from './satellite-metrics';
import { RiskBadge } from './risk-badge';
import { SATELLITE_COLUMNS } from './satellite-columns';
import './satellite.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

/** URL filters take the open value sets (a risk level the service sent that Carbon Desk does not know). */
const { satelliteTableQuery } = contractQueries;
const URL_KEYS = ['risk_level', 'has_boundary', 'search', 'sort'] as const;
const DEFAULT_ORDER = ['project_id'] as const;
const PER_PAGE = 100;

function MetricsDetail({ metrics }: { metrics: SatelliteMetrics }) {
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
    ['Boundary source', metrics.has_boundary ? metrics.boundary_source ?? 'not given by the service' : 'no boundary'],
    ['Total forest loss', metrics.total_loss_ha == null ? '—' : `${formatNumber(metrics.total_loss_ha)} ha (${formatNumber(metrics.total_loss_pct)} % of the area)`],
    ['Peak loss', metrics.peak_loss_year == null ? '—' : `${metrics.peak_loss_year}: ${formatNumber(metrics.peak_loss_ha)} ha`],
    ['Alerts, last 12 months', metrics.alert_count_12m == null ? '—' : `${formatNumber(metrics.alert_count_12m)} (${metrics.alert_area_ha == null ? 'area not given' : `${formatNumber(metrics.alert_area_ha)} ha`})`],
    ['Fires, last 12 months', formatNumber(metrics.fire_count_12m)],
    ['Metrics updated', formatDateTime(metrics.last_updated)],
  ];
  return (
    <>
      <dl className="facts-grid">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3>Forest loss by year</h3>
      {series.length ? (
        <Chart option={option} height={200} unit="ha" ariaLabel={`Forest loss by year, ${metrics.project_id}`} testId="loss-by-year" />
      ) : (
        <Empty title={metrics.total_loss_ha ? 'No loss by year given' : 'No forest loss recorded'}>
          {metrics.total_loss_ha ? `The service gives a total loss of ${formatNumber(metrics.total_loss_ha)} ha without its years.` : null}
        </Empty>
      )}
    </>
  );
}

/** The chosen project's metrics, read for that project: a project off the table's page or filter has them too. */
function ProjectMetricsPanel({ projectId, onClose, outside }: { projectId: string; onClose: () => void; outside: (m: SatelliteMetrics) => string | null }) {
  const metrics = useContractData(() => carbon.satellite.project({ project_id: projectId }), `project:${projectId}`);
  // the previous project's answer stays while this one loads: show only this project's
  const m = metrics.data && metrics.data.project_id.toLowerCase() === projectId.toLowerCase() ? metrics.data : null;
  return (
    <div className="card satellite-detail" data-testid="satellite-detail" aria-label={`Satellite metrics of ${projectId}`}>
      <div className="satellite-detail-head">
        <h2>
          <Link to={`/projects/${encodeURIComponent(m?.project_id ?? projectId)}`}>{m?.project_id ?? projectId}</Link>
        </h2>
        {m ? <RiskBadge level={m.risk_level} /> : null}
        <Link className="btn btn-small" to={`/projects/${encodeURIComponent(m?.project_id ?? projectId)}`} data-testid="open-project">
          Open project →
        </Link>
        <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close metrics">
          ×
        </button>
      </div>
      {m && outside(m) ? (
        <p className="muted satellite-outside" data-testid="satellite-outside">
          {outside(m)}
        </p>
      ) : null}
      {m ? (
        <MetricsDetail metrics={m} />
      ) : metrics.loading ? (
        <Loading label="Reading the project's metrics…" />
      ) : isMissing(metrics.error) ? (
        <MissingData error={metrics.error} what="Satellite metrics" />
      ) : metrics.error ? (
        <ErrorState error={metrics.error} onRetry={metrics.reload} />
      ) : null}
    </div>
  );
}

interface FetchRun {
  done: number;
  total: number;
  errors: string[];
  running: boolean;
}

/** The projects of the current filters whose metrics promise a boundary the cache does not hold yet. */
async function missingBoundaryIds(filters: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await carbon.satellite.table({ ...filters, sort: undefined, boundary_cached: false, has_boundary: true, current_page: page, per_page: 200 });
    ids.push(...answer.data.map((m) => m.project_id));
    if (page >= answer.pagination.total_pages) return ids;
  }
}

/**
 * Boundaries are fetched on demand (they are large): this fetches the missing ones of the
 * projects the filters match, one project at a time, through projects.refresh.
 */
function useBoundaryFetch(onProgress: () => void) {
  const [run, setRun] = useState<FetchRun | null>(null);
  const stop = useRef(false);
  async function start(projectIds: () => Promise<string[]>) {
    stop.current = false;
    const state: FetchRun = { done: 0, total: 0, errors: [], running: true };
    setRun({ ...state });
    let ids: string[];
    try {
      ids = await projectIds();
    } catch (err) {
      setRun({ ...state, running: false, errors: [err instanceof Error ? err.message : String(err)] });
      return;
    }
    state.total = ids.length;
    setRun({ ...state });
    for (const projectId of ids) {
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
  const url = useUrlFilters(satelliteTableQuery, URL_KEYS);
  const { filters, invalid, set, patch, clear } = url;
  const [params, setParams] = useSearchParams();
  const selected = params.get('project');
  const hasBoundary = filters.has_boundary ?? SATELLITE_DEFAULTS.has_boundary;
  const sort = useMemo(() => filters.sort ?? [...DEFAULT_ORDER], [filters.sort]);

  const fetchPage = useCallback((page: number, perPage: number) => carbon.satellite.table({ ...filters, current_page: page, per_page: perPage }), [filters]);
  const rows = usePagedRows<SatelliteTableRow>(fetchPage, url.key, PER_PAGE);
  const allCount = useContractData(() => carbon.satellite.table({ has_boundary: false, per_page: 1 }), 'all-metrics');
  const missing = useContractData(
    () => carbon.satellite.table({ ...filters, sort: undefined, boundary_cached: false, has_boundary: true, per_page: 1 }),
    `missing:${url.key}`,
  );
  const boundaries = useContractData(() => carbon.satellite.boundaries(filters.risk_level ? { risk_level: filters.risk_level } : {}), `b:${filters.risk_level ?? ''}`);
  const fetcher = useBoundaryFetch(() => {
    boundaries.reload();
    missing.reload();
  });
  const missingCount = missing.data?.pagination.total_entries ?? 0;
  const firstSync = useFirstSyncNotice(['satellite'], 'satellite metrics');

  const select = (projectId: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (projectId) next.set('project', projectId);
      else next.delete('project');
      return next;
    });
  const riskLabel = filters.risk_level ? (RISK_LABELS[filters.risk_level as keyof typeof RISK_LABELS] ?? filters.risk_level).toLowerCase() : null;
  const filtered = Boolean(filters.risk_level || filters.search || filters.has_boundary === false);
  // the chosen project may be one the table's filters leave out (chosen on the map or by a link): say so
  const outsideFilters = (m: SatelliteMetrics): string | null => {
    if (filters.risk_level && (m.risk_level ?? '').toUpperCase() !== filters.risk_level.toUpperCase()) return `Not in the table below: it is not at ${riskLabel} risk.`;
    if (hasBoundary && !m.has_boundary) return 'Not in the table below: it has no boundary.';
    return null;
  };

  return (
    <Page
      title="Satellite"
      subtitle={
        rows.total === null ? (
          'Integrity, risk and forest loss from satellite data; boundaries drawn offline.'
        ) : (
          <span data-testid="satellite-count">
            <strong>{formatNumber(rows.total)}</strong> of {allCount.data ? formatNumber(allCount.data.pagination.total_entries) : '…'} projects with satellite metrics
            {hasBoundary ? ', with a boundary' : ''}
            {riskLabel ? `, at ${riskLabel} risk` : ''}
          </span>
        )
      }
      actions={
        <>
          <TextFilter
            label="Search satellite metrics"
            bare
            value={filters.search}
            onChange={(v) => set('search', v, { replace: true })}
            placeholder="Search project id or name  ( / )"
            testId="satellite-search"
            inputRef={(el) => {
              if (el) el.setAttribute('data-search-focus', '');
            }}
          />
          <ExportButton table="satellite-metrics" query={{ ...filters, sort }} total={rows.total} label="Export metrics" testId="export-satellite" />
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
            <button type="button" aria-pressed={!filters.risk_level} onClick={() => patch({ risk_level: undefined })}>
              All
            </button>
            {RISK_LEVELS.map((r) => (
              <button key={r} type="button" aria-pressed={filters.risk_level === r} onClick={() => patch({ risk_level: r })}>
                {RISK_LABELS[r]}
              </button>
            ))}
          </div>
        </div>
        <div className="filter-field">
          <span className="filter-label">Projects</span>
          {/* has_boundary=false applies no boundary filter (the service's semantics): every project with metrics */}
          <div className="seg" role="group" aria-label="Boundary">
            <button type="button" aria-pressed={hasBoundary} onClick={() => patch({ has_boundary: undefined })}>
              With a boundary
            </button>
            <button type="button" aria-pressed={!hasBoundary} onClick={() => patch({ has_boundary: false })}>
              With or without
            </button>
          </div>
        </div>
        {filtered ? (
          <button type="button" className="btn btn-small satellite-clear" onClick={() => clear()}>
            Clear filters
          </button>
        ) : null}
      </div>

      <div className={`satellite-top${selected ? ' with-detail' : ''}`}>
        <div className="card satellite-map-card">
          {boundaries.error ? <ErrorState error={boundaries.error} onRetry={boundaries.reload} /> : null}
          <CarbonMap boundaries={boundaries.data} onSelectProject={select} selectedProjectId={selected} height={440} label="Project boundaries by satellite risk level" />
          <div className="map-caption">
            <span data-testid="boundary-count">
              {boundaries.loading && !boundaries.data ? 'Loading boundaries…' : `${formatNumber(boundaries.data?.features.length ?? 0)} boundaries on this computer${riskLabel ? ` at ${riskLabel} risk` : ''}. Click one, or a row below, for its metrics.`}
            </span>
            {fetcher.run?.running ? (
              <>
                <span data-testid="boundary-fetch-progress">
                  {fetcher.run.total ? `Fetching boundaries: ${fetcher.run.done} of ${fetcher.run.total}` : 'Finding the missing boundaries…'}
                </span>
                <button type="button" className="btn btn-small" onClick={fetcher.stop}>
                  Stop
                </button>
              </>
            ) : missingCount ? (
              <button type="button" className="btn btn-small" onClick={() => void fetcher.start(() => missingBoundaryIds(filters))} data-testid="fetch-boundaries">
                Fetch {formatNumber(missingCount)} missing boundar{missingCount === 1 ? 'y' : 'ies'}
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
        {selected ? <ProjectMetricsPanel projectId={selected} onClose={() => select(null)} outside={outsideFilters} /> : null}
      </div>

      <DataTable<SatelliteTableRow>
        label="Satellite metrics"
        testId="satellite-table"
        columns={SATELLITE_COLUMNS}
        layoutKey="satellite"
        rows={rows}
        rowKey={(m) => m.project_id}
        sort={sort}
        onSortChange={(s) => set('sort', s.length ? s : undefined)}
        onRowClick={(m) => select(m.project_id)}
        selectedKey={selected}
        height="max(360px, calc(100vh - 220px))"
        empty={
          firstSync ? (
            <FirstSyncEmpty notice={firstSync} />
          ) : (
          <Empty title={filtered ? 'No satellite metrics match these filters' : 'No satellite metrics on this computer yet'}>
            {filtered ? (
              <>
                Change the risk level, the search or the boundary choice, or{' '}
                <button type="button" className="btn" onClick={() => clear()}>
                  clear the filters
                </button>
                .
              </>
            ) : (
              'Satellite metrics come with the satellite job of a sync (see the Sync view).'
            )}
          </Empty>
          )
        }
      />
    </Page>
  );
}
