/**
 * After a sync run, every portfolio is screened again; a portfolio with holdings newly flagged gets
 * one change-log line in the run ("2 holdings newly flagged in Q3 book"), naming the holdings.
 */
import type Database from 'better-sqlite3';
import { portfolioIds, screenPortfolio } from './portfolio-store';

export function rescreenAfterRun(db: Database.Database, run: number, now: string): number {
  let flagged = 0;
  const insert = db.prepare(`INSERT INTO change_log (run_id, detected_at, kind, project_id, ref, new_value, summary) VALUES (?, ?, 'holdings_flagged', ?, ?, ?, ?)`);
  for (const id of portfolioIds(db)) {
    const rows = screenPortfolio(db, id, now);
    if (rows.length === 0) continue;
    flagged += rows.length;
    const name = (db.prepare(`SELECT name FROM portfolios WHERE id = ?`).pluck().get(id) as string) ?? String(id);
    const projects = db.prepare(`SELECT DISTINCT project_id FROM holdings WHERE portfolio_id = ? AND row IN (SELECT value FROM json_each(?)) ORDER BY project_id`)
      .pluck().all(id, JSON.stringify(rows)) as string[];
    const listed = projects.slice(0, 5).join(', ') + (projects.length > 5 ? ` and ${projects.length - 5} more` : '');
    insert.run(run, now, projects.length === 1 ? projects[0] : null, String(id), JSON.stringify(rows),
      `${rows.length} holding${rows.length === 1 ? '' : 's'} newly flagged in ${name} (rows ${rows.join(', ')}: ${listed})`);
  }
  return flagged;
}
