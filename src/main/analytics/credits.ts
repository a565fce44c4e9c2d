/**
 * credits.list from the cache (as GET /v1/credits/): project ids, groups P, C, B, sort, paging; plus
 * the app-only `buyer`. The count and the page's ids come from the read model, the rows from the
 * cache by id.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, type CreditListAppQuery } from '../../shared/api/params';
import type { CreditTransaction, Page } from '../../shared/api/resources';
import { readParents, type ParentColumns } from '../cache/repositories/credit-parents';
import { creditWhere } from './credit-filters';
import { CREDIT_SORT_COLUMNS } from './credit-sort';
import { pageEnvelope, pageRequest } from './page-envelope';
import { statement } from './query-memo';
import type { ReadContext } from './read-engine';
import { orderBy } from './sort-order';
import { whereSql } from './sql-where';

export { CREDIT_SORT_COLUMNS };

export interface CreditRow extends ParentColumns {
  id: number;
  quantity: number;
  vintage: number | null;
  transaction_date: string | null;
  transaction_type: string | null;
  retirement_account: string | null;
  retirement_beneficiary: string | null;
  retirement_reason: string | null;
  retirement_note: string | null;
  retirement_beneficiary_harmonized: string | null;
  /** '' when the parent is the row's own project_id, category and project_type. */
  projects: string;
  sdg_goals: string;
  certifications: string;
}

export const toCreditTransaction = (r: CreditRow): CreditTransaction => ({
  id: r.id,
  quantity: r.quantity,
  vintage: r.vintage,
  transaction_date: r.transaction_date,
  transaction_type: r.transaction_type,
  retirement_account: r.retirement_account,
  retirement_beneficiary: r.retirement_beneficiary,
  retirement_reason: r.retirement_reason,
  retirement_note: r.retirement_note,
  retirement_beneficiary_harmonized: r.retirement_beneficiary_harmonized,
  projects: readParents(r.projects, r),
  sdg_goals: JSON.parse(r.sdg_goals) as number[],
  certifications: JSON.parse(r.certifications) as string[],
});

export const CREDIT_COLUMNS =
  'c.id, c.quantity, c.vintage, c.transaction_date, c.transaction_type, c.retirement_account, c.retirement_beneficiary, ' +
  'c.retirement_reason, c.retirement_note, c.retirement_beneficiary_harmonized, c.project_id, c.category, c.project_type, c.projects, ' +
  'c.sdg_goals, c.certifications';

/** The credit transactions of `ids` from the cache, in that order (one removed since is left out). */
export function creditsById(db: Database.Database, ids: readonly number[]): CreditRow[] {
  if (!ids.length) return [];
  const rows = statement(db, `SELECT ${CREDIT_COLUMNS} FROM credit_transactions c WHERE c.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as CreditRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const creditOrderBy = (sort: readonly string[] | undefined): string => orderBy(sort, CREDIT_SORT_COLUMNS, DEFAULT_SORT.credits, 'c.id');

export async function listCredits(ctx: ReadContext, q: CreditListAppQuery): Promise<Page<CreditTransaction>> {
  const req = pageRequest(q);
  const engine = await ctx.engine();
  const filter = creditWhere(engine.dialect, q);
  const where = whereSql(filter);
  const order = creditOrderBy(q.sort);
  const [count] = await engine.all<{ n: number }>(`SELECT count(*) AS n FROM read_credits c ${where}`, filter.params);
  const total = count?.n ?? 0;
  if (req.offset >= total) return pageEnvelope('/v1/credits/', q, req, total, []);
  const ids = await engine.all<{ id: number }>(`SELECT c.id FROM read_credits c ${where} ${order} LIMIT ? OFFSET ?`, [...filter.params, req.perPage, req.offset]);
  return pageEnvelope('/v1/credits/', q, req, total, creditsById(ctx.db, ids.map((r) => r.id)).map(toCreditTransaction));
}
