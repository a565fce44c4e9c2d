/** credits.list from the cache (as GET /v1/credits/): project ids, groups P, C, B, sort, paging; plus the app-only `buyer`. */
import type Database from 'better-sqlite3';
import { DEFAULT_SORT, type CreditListAppQuery } from '../../shared/api/params';
import type { CreditTransaction, Page } from '../../shared/api/resources';
import { readParents, type ParentColumns } from '../cache/repositories/credit-parents';
import { creditPageFromColumns } from './credit-columns-page';
import { countCredits } from './credit-count';
import { creditWhereIn } from './credit-filters';
import { creditPageRows, type WalkBudget } from './credit-page';
import { projectOrderedPage } from './credit-project-order';
import { creditSortColumns } from './credit-sort';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy } from './sort-order';
import { statement } from './query-memo';

export { CREDIT_SORT_COLUMNS } from './credit-sort';

interface CreditRow extends ParentColumns {
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

const COLUMNS =
  'c.id, c.quantity, c.vintage, c.transaction_date, c.transaction_type, c.retirement_account, c.retirement_beneficiary, ' +
  'c.retirement_reason, c.retirement_note, c.retirement_beneficiary_harmonized, c.project_id, c.category, c.project_type, c.projects, ' +
  'c.sdg_goals, c.certifications';

export interface CreditListOptions {
  /** false: count and page without the count rollup even when it is current (tests compare the plans). */
  rollup?: boolean;
  /** How far an index walk may read before the planner's plan answers instead (tests make it tiny). */
  walkBudget?: WalkBudget;
  /** false: never from the columnar copy of the transactions (credit-columns-page.ts). */
  columns?: boolean;
}

/** The page's rows, read by id, in the order of `ids`. */
function rowsById(db: Database.Database, ids: readonly number[]): CreditRow[] {
  if (!ids.length) return [];
  const rows = statement(db, `SELECT ${COLUMNS} FROM credit_transactions c WHERE c.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as CreditRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

export function listCredits(db: Database.Database, q: CreditListAppQuery, options: CreditListOptions = {}): Page<CreditTransaction> {
  const req = pageRequest(q);
  const columns = options.rollup === false || options.columns === false ? null : creditPageFromColumns(db, q, req);
  if (columns) return pageEnvelope('/v1/credits/', q, req, columns.total, rowsById(db, columns.ids).map(toCreditTransaction));
  const where = creditWhereIn(db, q);
  const total = countCredits(db, q, where, options);
  const order = orderBy(q.sort, creditSortColumns(db), DEFAULT_SORT.credits, 'c.id');
  const rows =
    (options.rollup === false ? null : projectOrderedPage<CreditRow>(db, COLUMNS, q, where, order, total, req)) ??
    creditPageRows<CreditRow>(db, COLUMNS, q.sort, where, total, req, options.walkBudget);
  return pageEnvelope('/v1/credits/', q, req, total, rows.map(toCreditTransaction));
}
