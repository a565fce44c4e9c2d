/**
 * Portfolios in a connection's cache: saved with their holdings in one transaction, matched to the
 * cached projects and screened by every rule (the flags replaced in one transaction), listed, read
 * page by page and removed.
 */
import type Database from 'better-sqlite3';
import type { ParsedHoldings } from './holdings-parse';
import { projectKey } from './project-ref';
import { SCREENING_RULES } from './rule-registry';
import type { HoldingRow, PortfolioSummary } from '../../shared/contract';
import type { ScreeningRule } from './screening-rule';

export function savePortfolio(db: Database.Database, input: { name: string; file_name: string | null; parsed: ParsedHoldings; now: string }): number {
  return db.transaction(() => {
    const id = Number(db.prepare(`INSERT INTO portfolios (name, file_name, imported_at, unmatched) VALUES (?, ?, ?, ?)`)
      .run(input.name, input.file_name, input.now, JSON.stringify(input.parsed.rejected)).lastInsertRowid);
    const insert = db.prepare(`INSERT INTO holdings (portfolio_id, row, project_id, project_key, vintage, quantity, registry, serial, status, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const h of input.parsed.holdings) insert.run(id, h.row, h.project_id, h.project_key, h.vintage, h.quantity, h.registry, h.serial, h.status, h.note);
    return id;
  })();
}

/** Sets each holding's `project_ref` to the cached project of the same key (null when none). */
function matchProjects(db: Database.Database, portfolioId: number): void {
  const keys = new Map<string, string>();
  for (const r of db.prepare(`SELECT project_id FROM projects`).iterate() as Iterable<{ project_id: string }>) {
    const k = projectKey(r.project_id);
    if (!keys.has(k)) keys.set(k, r.project_id);
  }
  const update = db.prepare(`UPDATE holdings SET project_ref = ? WHERE portfolio_id = ? AND row = ?`);
  const rows = db.prepare(`SELECT row, project_key FROM holdings WHERE portfolio_id = ?`).all(portfolioId) as Array<{ row: number; project_key: string }>;
  for (const h of rows) update.run(keys.get(h.project_key) ?? null, portfolioId, h.row);
}

/** Screens a portfolio; answers the holdings flagged now by a rule that did not flag them before. */
export function screenPortfolio(db: Database.Database, portfolioId: number, now: string, rules: readonly ScreeningRule[] = SCREENING_RULES): number[] {
  return db.transaction(() => {
    matchProjects(db, portfolioId);
    const before = new Set((db.prepare(`SELECT row || ':' || rule AS k FROM holding_flags WHERE portfolio_id = ?`).all(portfolioId) as Array<{ k: string }>).map((r) => r.k));
    db.prepare(`DELETE FROM holding_flags WHERE portfolio_id = ?`).run(portfolioId);
    const insert = db.prepare(`INSERT OR REPLACE INTO holding_flags (portfolio_id, row, rule, severity, message, evidence, source) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const newly = new Set<number>();
    const shared = new Map<string, unknown>();
    for (const rule of rules) {
      for (const f of rule.flags(db, portfolioId, shared)) {
        insert.run(portfolioId, f.row, f.rule, f.severity, f.message, JSON.stringify(f.evidence), f.source);
        if (!before.has(`${f.row}:${f.rule}`)) newly.add(f.row);
      }
    }
    db.prepare(`UPDATE portfolios SET screened_at = ? WHERE id = ?`).run(now, portfolioId);
    return [...newly].sort((a, b) => a - b);
  })();
}

export function portfolioIds(db: Database.Database): number[] {
  return (db.prepare(`SELECT id FROM portfolios ORDER BY id`).all() as Array<{ id: number }>).map((r) => r.id);
}

export function portfolioSummary(db: Database.Database, id: number): PortfolioSummary | null {
  const p = db.prepare(`SELECT * FROM portfolios WHERE id = ?`).get(id) as { id: number; name: string; file_name: string | null; imported_at: string; screened_at: string | null; unmatched: string } | undefined;
  if (!p) return null;
  const t = db.prepare(`SELECT count(*) AS holdings, count(project_ref) AS matched, total(quantity) AS tonnes,
      (SELECT count(DISTINCT row) FROM holding_flags f WHERE f.portfolio_id = h.portfolio_id) AS flagged
    FROM holdings h WHERE portfolio_id = ?`).get(id) as { holdings: number; matched: number; tonnes: number; flagged: number };
  const byRule = db.prepare(`SELECT f.rule, count(*) AS holdings, total(h.quantity) AS tonnes FROM holding_flags f
      JOIN holdings h ON h.portfolio_id = f.portfolio_id AND h.row = f.row WHERE f.portfolio_id = ? GROUP BY f.rule`).all(id) as PortfolioSummary['by_rule'];
  const order = SCREENING_RULES.map((r) => r.id);
  byRule.sort((a, b) => order.indexOf(a.rule) - order.indexOf(b.rule));
  return {
    id: p.id, name: p.name, file_name: p.file_name, imported_at: p.imported_at, screened_at: p.screened_at,
    holdings: t.holdings, matched: t.matched, tonnes: t.tonnes, flagged_holdings: t.flagged ?? 0,
    unmatched: JSON.parse(p.unmatched) as PortfolioSummary['unmatched'], by_rule: byRule,
  };
}

export function listPortfolios(db: Database.Database): PortfolioSummary[] {
  return portfolioIds(db).map((id) => portfolioSummary(db, id)).filter((p): p is PortfolioSummary => p !== null);
}

/** A page of a portfolio's holdings in file order, with their flags; `rule` keeps the holdings it flags. */
export function holdingsPage(db: Database.Database, id: number, opts: { rule?: string; offset?: number; limit?: number } = {}): { rows: HoldingRow[]; total: number } {
  const where = opts.rule ? `AND EXISTS (SELECT 1 FROM holding_flags f WHERE f.portfolio_id = h.portfolio_id AND f.row = h.row AND f.rule = @rule)` : '';
  const params = { id, rule: opts.rule ?? null, limit: opts.limit ?? 100, offset: opts.offset ?? 0 };
  const total = (db.prepare(`SELECT count(*) AS n FROM holdings h WHERE portfolio_id = @id ${where}`).get(params) as { n: number }).n;
  const rows = db.prepare(`SELECT h.row, h.project_id, h.project_ref, p.name AS project_name, coalesce(p.registry, h.registry) AS registry,
      h.vintage, h.quantity, h.status, h.serial, h.note,
      (SELECT json_group_array(json_object('rule', f.rule, 'severity', f.severity, 'message', f.message, 'evidence', json(f.evidence), 'source', f.source))
         FROM holding_flags f WHERE f.portfolio_id = h.portfolio_id AND f.row = h.row) AS flags
    FROM holdings h LEFT JOIN projects p ON p.project_id = h.project_ref
    WHERE h.portfolio_id = @id ${where} ORDER BY h.row LIMIT @limit OFFSET @offset`).all(params) as Array<Omit<HoldingRow, 'flags'> & { flags: string }>;
  const order = SCREENING_RULES.map((r) => r.id);
  return {
    total,
    rows: rows.map((r) => ({ ...r, flags: (JSON.parse(r.flags) as HoldingRow['flags']).sort((a, b) => order.indexOf(a.rule) - order.indexOf(b.rule)) })),
  };
}

export function removePortfolio(db: Database.Database, id: number): boolean {
  return db.transaction(() => {
    db.prepare(`DELETE FROM holding_flags WHERE portfolio_id = ?`).run(id);
    db.prepare(`DELETE FROM holdings WHERE portfolio_id = ?`).run(id);
    return db.prepare(`DELETE FROM portfolios WHERE id = ?`).run(id).changes > 0;
  })();
}
