/** `satellite_high_risk`: the project's satellite `risk_level` is `HIGH`. */
import type { ScreeningRule } from '../screening-rule';

export const satelliteHighRisk: ScreeningRule = {
  id: 'satellite_high_risk',
  severity: 'high',
  source: 'satellite_metrics',
  definition: 'The project\'s satellite risk_level is HIGH.',
  flags(db, portfolioId) {
    const rows = db.prepare(`
      SELECT h.row, s.project_id, s.risk_level, s.integrity_score, s.total_loss_ha, s.total_loss_pct, s.alert_count_12m, s.fire_count_12m, s.last_updated
      FROM holdings h JOIN satellite_metrics s ON s.project_id = h.project_ref
      WHERE h.portfolio_id = ? AND s.risk_level = 'HIGH' ORDER BY h.row`).all(portfolioId) as Array<Record<string, unknown> & { row: number; project_id: string }>;
    return rows.map(({ row, ...m }) => ({
      row,
      rule: 'satellite_high_risk',
      severity: 'high',
      message: `Satellite monitoring rates project ${m.project_id} at HIGH risk (integrity score ${m.integrity_score ?? 'unknown'}, forest loss ${m.total_loss_ha ?? 'unknown'} ha).`,
      evidence: m,
      source: 'satellite_metrics',
    }));
  },
};
