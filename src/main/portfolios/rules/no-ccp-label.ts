/** `no_ccp_label`: the project's `has_icvcm_ccp` is not true. */
import type { ScreeningRule } from '../screening-rule';

export const noCcpLabel: ScreeningRule = {
  id: 'no_ccp_label',
  severity: 'low',
  source: 'projects',
  definition: 'The project\'s has_icvcm_ccp is not true (false or unknown).',
  flags(db, portfolioId) {
    const rows = db.prepare(`
      SELECT h.row, p.project_id, p.has_icvcm_ccp, p.project_url FROM holdings h JOIN projects p ON p.project_id = h.project_ref
      WHERE h.portfolio_id = ? AND p.has_icvcm_ccp IS NOT 1 ORDER BY h.row`).all(portfolioId) as Array<{ row: number; project_id: string; has_icvcm_ccp: number | null; project_url: string | null }>;
    return rows.map((p) => ({
      row: p.row,
      rule: 'no_ccp_label',
      severity: 'low',
      message: `Project ${p.project_id} ${p.has_icvcm_ccp === null ? 'has no known' : 'does not carry the'} ICVCM Core Carbon Principles label.`,
      evidence: { project_id: p.project_id, has_icvcm_ccp: p.has_icvcm_ccp === null ? null : p.has_icvcm_ccp === 1, project_url: p.project_url },
      source: 'projects',
    }));
  },
};
