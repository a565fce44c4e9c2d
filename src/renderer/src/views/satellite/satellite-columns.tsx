/** Columns of the satellite table: the project, its risk, integrity and forest loss, its boundary; units in the headers. */
import { Link } from 'react-router-dom';
import type { SatelliteTableRow } from '../../../../shared/contract';
import type { Column } from '../../components/data-table';
import { formatDateTime, formatNumber } from '../../components/format';
import { RiskBadge } from './risk-badge';

/** Widths and `fromWidth` thresholds (running sums in order of importance) as in the projects table's columns. */
export const SATELLITE_COLUMNS: Column<SatelliteTableRow>[] = [
  {
    id: 'project_id',
    header: 'Project',
    width: '96px',
    sortField: 'project_id',
    cell: (m) => (
      <Link to={`/projects/${encodeURIComponent(m.project_id)}`} className="mono">
        {m.project_id}
      </Link>
    ),
  },
  { id: 'name', header: 'Name', width: 'minmax(220px, 3fr)', sortField: 'name', cell: (m) => <span className="cell-wrap">{m.project_name ?? '—'}</span>, title: (m) => m.project_name ?? undefined },
  { id: 'risk_level', header: 'Risk', width: '104px', sortField: 'risk_level', firstSort: 'desc', cell: (m) => <RiskBadge level={m.risk_level} /> },
  { id: 'integrity_score', header: 'Integrity score', width: '92px', sortField: 'integrity_score', numeric: true, cell: (m) => formatNumber(m.integrity_score) },
  { id: 'total_loss_ha', header: 'Forest loss, ha', width: '104px', sortField: 'total_loss_ha', numeric: true, cell: (m) => formatNumber(m.total_loss_ha) },
  { id: 'alert_count_12m', header: 'Alerts, 12 months', width: '92px', sortField: 'alert_count_12m', numeric: true, cell: (m) => formatNumber(m.alert_count_12m) },
  { id: 'country', header: 'Country', width: '120px', fromWidth: 880, sortField: 'country', cell: (m) => m.country ?? '—', title: (m) => m.country ?? undefined },
  { id: 'risk_trajectory', header: 'Trajectory', width: '96px', fromWidth: 980, sortField: 'risk_trajectory', cell: (m) => m.risk_trajectory ?? '—' },
  { id: 'area_km2', header: 'Area, km²', width: '92px', fromWidth: 1070, sortField: 'area_km2', numeric: true, cell: (m) => formatNumber(m.area_km2) },
  { id: 'total_loss_pct', header: 'Loss, % of area', width: '96px', fromWidth: 1170, sortField: 'total_loss_pct', numeric: true, cell: (m) => formatNumber(m.total_loss_pct) },
  { id: 'fire_count_12m', header: 'Fires, 12 months', width: '92px', fromWidth: 1260, sortField: 'fire_count_12m', numeric: true, cell: (m) => formatNumber(m.fire_count_12m) },
  { id: 'peak_loss_year', header: 'Peak loss year', width: '92px', fromWidth: 1360, sortField: 'peak_loss_year', numeric: true, cell: (m) => (m.peak_loss_year == null ? '—' : String(m.peak_loss_year)) },
  { id: 'alert_area_ha', header: 'Alert area, ha', width: '96px', fromWidth: 1460, sortField: 'alert_area_ha', numeric: true, cell: (m) => formatNumber(m.alert_area_ha) },
  {
    id: 'boundary_source',
    header: 'Boundary',
    width: 'minmax(150px, 1fr)',
    fromWidth: 1610,
    sortField: 'boundary_source',
    cell: (m) => (m.has_boundary ? m.boundary_source ?? 'yes (source not given)' : 'none'),
    title: (m) => m.boundary_source ?? undefined,
  },
  { id: 'last_updated', header: 'Updated', width: '140px', fromWidth: 1750, sortField: 'last_updated', firstSort: 'desc', cell: (m) => formatDateTime(m.last_updated) },
];
