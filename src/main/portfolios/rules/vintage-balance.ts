/**
 * The issued, retired and cancelled credits of each holding's project and vintage over the cached
 * transactions (without a vintage: of the project), one grouped statement for the portfolio.
 */
import type Database from 'better-sqlite3';

export interface VintageBalance {
  row: number;
  project_id: string;
  project_ref: string;
  vintage: number | null;
  quantity: number;
  issued: number;
  retired: number;
  cancelled: number;
  transactions: number;
  project_url: string | null;
}

const SQL = `
WITH h AS (
  SELECT row, project_id, project_ref, vintage, quantity FROM holdings WHERE portfolio_id = ? AND project_ref IS NOT NULL
), g AS (
  SELECT c.project_id AS ref, c.vintage AS vintage,
         total(CASE WHEN lower(c.transaction_type) = 'issuance' THEN c.quantity END) AS issued,
         total(CASE WHEN lower(c.transaction_type) = 'retirement' THEN c.quantity END) AS retired,
         total(CASE WHEN lower(c.transaction_type) = 'cancellation' THEN c.quantity END) AS cancelled,
         count(*) AS transactions
  FROM credit_transactions c
  WHERE c.project_id IN (SELECT DISTINCT project_ref FROM h)
  GROUP BY c.project_id, c.vintage
)
SELECT h.row, h.project_id, h.project_ref, h.vintage, h.quantity,
       coalesce(sum(g.issued), 0) AS issued, coalesce(sum(g.retired), 0) AS retired,
       coalesce(sum(g.cancelled), 0) AS cancelled, coalesce(sum(g.transactions), 0) AS transactions,
       (SELECT p.project_url FROM projects p WHERE p.project_id = h.project_ref) AS project_url
FROM h LEFT JOIN g ON g.ref = h.project_ref AND (h.vintage IS NULL OR g.vintage = h.vintage)
GROUP BY h.row ORDER BY h.row`;

export function vintageBalances(db: Database.Database, portfolioId: number, shared: Map<string, unknown>): VintageBalance[] {
  const held = shared.get('vintage_balances') as VintageBalance[] | undefined;
  if (held) return held;
  const read = db.prepare(SQL).all(portfolioId) as VintageBalance[];
  shared.set('vintage_balances', read);
  return read;
}

export const balanceEvidence = (b: VintageBalance) => ({
  project_id: b.project_ref,
  vintage: b.vintage,
  issued: b.issued,
  retired: b.retired,
  cancelled: b.cancelled,
  unretired: b.issued - b.retired - b.cancelled,
  transactions: b.transactions,
  holding_quantity: b.quantity,
  project_url: b.project_url,
});

export const scope = (b: VintageBalance) => (b.vintage === null ? `project ${b.project_ref}` : `project ${b.project_ref}, vintage ${b.vintage}`);
