/** credits.list from the cache (as GET /v1/credits/): project ids, groups P, C, B, sort, paging; plus the app-only `buyer`. */
import type Database from 'better-sqlite3';
import { memoCount, statement } from './query-memo';
import { CREDIT_SORT_FIELDS, DEFAULT_SORT, type CreditListAppQuery } from '../../shared/api/params';
import type { CreditTransaction, Page } from '../../shared/api/resources';
import { creditWhereIn } from './credit-filters';
import { pageEnvelope, pageRequest } from './page-envelope';
import { orderBy, type SortColumn } from './sort-order';
import { whereSql } from './sql-where';

interface CreditRow {
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
  projects: string;
  sdg_goals: string;
  certifications: string;
}

const TEXT_SORT = new Set([
  'project_id', 'transaction_type', 'retirement_account', 'retirement_beneficiary', 'retirement_reason', 'retirement_note',
  'retirement_beneficiary_harmonized',
]);
export const CREDIT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  CREDIT_SORT_FIELDS.map((f) => [f, { sql: `c.${f}`, text: TEXT_SORT.has(f) }]),
);
/** Credit columns with an index of their own: whether one holds a null is a single index seek. */
const INDEXED = ['project_id', 'transaction_date', 'vintage', 'quantity', 'transaction_type', 'retirement_beneficiary_harmonized'];

function sortColumnsIn(db: Database.Database): Record<string, SortColumn> {
  const out: Record<string, SortColumn> = { ...CREDIT_SORT_COLUMNS };
  for (const f of INDEXED) {
    out[f] = { ...out[f]!, hasNulls: () => statement(db, `SELECT EXISTS (SELECT 1 FROM credit_transactions WHERE ${f} IS NULL) AS x`).pluck().get() === 1 };
  }
  return out;
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
  projects: JSON.parse(r.projects) as CreditTransaction['projects'],
  sdg_goals: JSON.parse(r.sdg_goals) as number[],
  certifications: JSON.parse(r.certifications) as string[],
});

const COLUMNS =
  'c.id, c.quantity, c.vintage, c.transaction_date, c.transaction_type, c.retirement_account, c.retirement_beneficiary, ' +
  'c.retirement_reason, c.retirement_note, c.retirement_beneficiary_harmonized, c.projects, c.sdg_goals, c.certifications';

/** Indexes whose order is a sort key's order (ties by id), per first sort field. */
const SORT_INDEX: Record<string, string> = {
  project_id: 'credit_transactions_project_nocase',
  quantity: 'credit_transactions_quantity',
  transaction_date: 'credit_transactions_transaction_date',
  vintage: 'credit_transactions_vintage',
};

/**
 * When the matching rows are dense, reading the first sort key's index in order and stopping after
 * the page beats collecting every match and sorting it (what the planner picks when a filter has an
 * index of its own): reading costs about (offset + per_page) * all / matching rows, sorting about
 * matching rows. Answers the FROM clause to use.
 */
function creditSource(db: Database.Database, q: CreditListAppQuery, filtered: boolean, total: number, req: { offset: number; perPage: number }): string {
  if (!filtered || total === 0) return 'credit_transactions c';
  const first = (q.sort?.[0] ?? DEFAULT_SORT.credits[0]) as string;
  const field = first.replace(/^[+-]/, '');
  const index = SORT_INDEX[field];
  if (!index) return 'credit_transactions c';
  const ascending = !first.startsWith('-');
  if (ascending && sortColumnsIn(db)[field]!.hasNulls!()) return 'credit_transactions c';
  const all = memoCount(db, 'credit_transactions c', []);
  const dense = (req.offset + req.perPage) * all < total * total;
  const exists = statement(db, "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)").pluck().get(index) === 1;
  return dense && exists ? `credit_transactions c INDEXED BY ${index}` : 'credit_transactions c';
}

export function listCredits(db: Database.Database, q: CreditListAppQuery): Page<CreditTransaction> {
  const req = pageRequest(q);
  const where = creditWhereIn(db, q);
  const order = orderBy(q.sort, sortColumnsIn(db), DEFAULT_SORT.credits, 'c.id');
  const total = memoCount(db, `credit_transactions c ${whereSql(where)}`, where.params);
  const source = creditSource(db, q, where.clauses.length > 0, total, req);
  const rows =
    req.offset < total
      ? (statement(db, `SELECT ${COLUMNS} FROM ${source} ${whereSql(where)} ${order} LIMIT ? OFFSET ?`)
          .all(...where.params, req.perPage, req.offset) as CreditRow[])
      : [];
  return pageEnvelope('/v1/credits/', q, req, total, rows.map(toCreditTransaction));
}
