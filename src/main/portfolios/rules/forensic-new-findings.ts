/** `forensic_new_findings`: the project has a forensic entry with `is_new_this_week` true in the cache. */
import type { ScreeningRule } from '../screening-rule';

const LATEST_PER_HOLDING = 3;

export const forensicNewFindings: ScreeningRule = {
  id: 'forensic_new_findings',
  severity: 'medium',
  source: 'forensics',
  definition: 'The project has a forensic entry with is_new_this_week true in the cache (its dossier or the latest feed).',
  flags(db, portfolioId) {
    const rows = db.prepare(`
      WITH e AS (
        SELECT project_id, id, date, category, key_event, url FROM project_forensic_entries WHERE is_new_this_week = 1
        UNION
        SELECT project_id, id, date, category, key_event, url FROM forensic_latest_entries WHERE is_new_this_week = 1
      ), m AS (
        SELECT h.row, e.*, row_number() OVER (PARTITION BY h.row ORDER BY e.date DESC, e.id DESC) AS n, count(*) OVER (PARTITION BY h.row) AS total
        FROM holdings h JOIN e ON e.project_id = h.project_ref WHERE h.portfolio_id = ?
      )
      SELECT * FROM m WHERE n <= ${LATEST_PER_HOLDING} ORDER BY row, n`).all(portfolioId) as Array<{ row: number; project_id: string; id: number; date: string | null; category: string | null; key_event: string | null; url: string | null; total: number }>;
    const byRow = new Map<number, typeof rows>();
    for (const r of rows) byRow.set(r.row, [...(byRow.get(r.row) ?? []), r]);
    return [...byRow.entries()].map(([row, entries]) => ({
      row,
      rule: 'forensic_new_findings',
      severity: 'medium',
      message: `Project ${entries[0]?.project_id} has ${entries[0]?.total} forensic finding${entries[0]?.total === 1 ? '' : 's'} new this week${entries[0]?.key_event ? `, the latest: ${entries[0].key_event}` : ''}.`,
      evidence: { project_id: entries[0]?.project_id, new_entries: entries[0]?.total, latest: entries.map(({ id, date, category, key_event, url }) => ({ id, date, category, key_event, url })) },
      source: 'forensics',
    }));
  },
};
