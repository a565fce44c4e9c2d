/** Satellite metrics of the project and its boundary on the offline map (coloured by risk). */
import { CarbonMap, RISK_LABELS, toRiskKey } from '../../components/map';
import { formatDateTime, formatNumber } from '../../components/format';
import { ErrorState } from '../../components/states';
import { isMissing, MissingData } from '../../components/missing-data';
import { carbon, useContractData } from '../../data';

export function ProjectSatellite({ projectId, onFetchNow }: { projectId: string; onFetchNow?: () => Promise<unknown> }) {
  const metrics = useContractData(() => carbon.satellite.project({ project_id: projectId }), projectId);
  const boundary = useContractData(() => carbon.satellite.boundary({ project_id: projectId }), projectId);
  const m = metrics.data;
  const rows: Array<[string, string]> = m
    ? [
        // a level Carbon Desk does not know is shown as the service sent it
        ['Risk level', m.risk_level == null ? '—' : toRiskKey(m.risk_level) === 'UNKNOWN' ? m.risk_level : RISK_LABELS[toRiskKey(m.risk_level)]],
        ['Trajectory', m.risk_trajectory ?? '—'],
        ['Integrity score', formatNumber(m.integrity_score)],
        ['Area', m.area_km2 === null ? '—' : `${formatNumber(m.area_km2)} km²`],
        ['Forest loss', m.total_loss_ha === null ? '—' : `${formatNumber(m.total_loss_ha)} ha (${formatNumber(m.total_loss_pct)}%)`],
        ['Peak loss', m.peak_loss_year ? `${m.peak_loss_year}: ${formatNumber(m.peak_loss_ha)} ha` : '—'],
        ['Alerts (12 months)', m.alert_count_12m === null ? '—' : `${formatNumber(m.alert_count_12m)} (${formatNumber(m.alert_area_ha)} ha)`],
        ['Fires (12 months)', formatNumber(m.fire_count_12m)],
        ['Boundary source', m.boundary_source ?? '—'],
        ['Updated', formatDateTime(m.last_updated)],
      ]
    : [];
  return (
    <div className="card" data-testid="project-satellite">
      <h2>Satellite</h2>
      <div className="satellite-grid">
        <div>
          {m ? (
            <dl className="metric-list">
              {rows.map(([k, v]) => (
                <div key={k} className="overview-field">
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          ) : metrics.loading ? (
            <span className="muted">Loading metrics…</span>
          ) : isMissing(metrics.error) ? (
            <MissingData error={metrics.error} what="Satellite metrics" />
          ) : metrics.error ? (
            <ErrorState error={metrics.error} onRetry={metrics.reload} />
          ) : null}
        </div>
        <div>
          {boundary.data ? (
            <CarbonMap boundaries={boundary.data} riskLevel={m?.risk_level ?? null} projectId={projectId} height={300} fitMaxZoom={10} label={`Boundary of ${projectId}`} />
          ) : boundary.loading ? (
            <span className="muted">Loading boundary…</span>
          ) : isMissing(boundary.error) ? (
            <MissingData error={boundary.error} what="Boundary" onFetchNow={onFetchNow} />
          ) : boundary.error ? (
            <ErrorState error={boundary.error} onRetry={boundary.reload} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
