/** `unknown_project`: the holding's project is not in the cache. */
import type { ScreeningRule } from '../screening-rule';

export const unknownProject: ScreeningRule = {
  id: 'unknown_project',
  severity: 'high',
  source: 'projects',
  definition: 'The holding\'s project is not in the cache; the flag says whether the cache holds the complete project list (a completed projects pass).',
  flags(db, portfolioId) {
    const state = db.prepare(`SELECT last_full_success_at AS at FROM sync_state WHERE job = 'projects'`).get() as { at: string | null } | undefined;
    const complete = Boolean(state?.at);
    const rows = db.prepare(`SELECT row, project_id, project_key FROM holdings WHERE portfolio_id = ? AND project_ref IS NULL ORDER BY row`)
      .all(portfolioId) as Array<{ row: number; project_id: string; project_key: string }>;
    return rows.map((h) => ({
      row: h.row,
      rule: 'unknown_project',
      severity: 'high',
      message: complete
        ? `Project ${h.project_id} is not among the cached projects, and the cache holds the complete project list (synced ${state?.at}).`
        : `Project ${h.project_id} is not in the cache, which does not hold the complete project list yet.`,
      evidence: { project_id: h.project_id, looked_up_as: h.project_key, projects_complete: complete, projects_synced_at: state?.at ?? null },
      source: 'projects',
    }));
  },
};
