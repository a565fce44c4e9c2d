/**
 * Totals of a filtered list, computed in the cache for the tables' totals strip: the same filters as
 * projects.list and credits.list (paging and sort aside), answered once per filter until the data
 * changes. App-only: the service has no such endpoint. Credit volumes are kept per transaction type
 * (issued, retired, cancelled), never added across types.
 */
import type Database from 'better-sqlite3';
import { TRANSACTION_TYPES } from '../../shared/api/values';
import type { CreditTotals, CreditTypeTotal, ParsedInput, ProjectTotals } from '../../shared/contract';
import { creditWhereIn } from './credit-filters';
import { projectWhere } from './project-filters';
import { memoAnswer, statement } from './query-memo';
import { whereSql } from './sql-where';

export function projectTotals(db: Database.Database, q: ParsedInput<'projects.totals'>): ProjectTotals {
  return memoAnswer(db, ['projects.totals', q], () => {
    const where = projectWhere(q);
    return statement(db, `SELECT count(*) AS projects, total(p.issued) AS issued, total(p.retired) AS retired, total(p.unretired) AS unretired,
        count(DISTINCT p.country) AS countries, count(DISTINCT p.registry) AS registries FROM projects p ${whereSql(where)}`)
      .get(...where.params) as ProjectTotals;
  });
}

export function creditTotals(db: Database.Database, q: ParsedInput<'credits.totals'>): CreditTotals {
  return memoAnswer(db, ['credits.totals', q], () => {
    const where = creditWhereIn(db, q);
    const all = statement(db, `SELECT count(*) AS transactions, count(DISTINCT c.project_id) AS projects,
        count(DISTINCT lower(c.retirement_beneficiary_harmonized)) AS buyers
        FROM credit_transactions c ${whereSql(where)}`).get(...where.params) as Pick<CreditTotals, 'transactions' | 'projects' | 'buyers'>;
    const byType = statement(db, `SELECT c.transaction_type AS transaction_type, count(*) AS transactions, total(c.quantity) AS quantity
        FROM credit_transactions c ${whereSql(where)} GROUP BY c.transaction_type ORDER BY transactions DESC`).all(...where.params) as Array<{ transaction_type: string | null } & CreditTypeTotal>;
    const byVintage = statement(db, `SELECT c.vintage AS vintage, total(CASE WHEN c.transaction_type = 'issuance' THEN c.quantity END) AS issued,
        total(CASE WHEN c.transaction_type = 'retirement' THEN c.quantity END) AS retired
        FROM credit_transactions c ${whereSql(where)} GROUP BY c.vintage ORDER BY c.vintage DESC`).all(...where.params) as CreditTotals['by_vintage'];
    const ofType = (type: (typeof TRANSACTION_TYPES)[number]): CreditTypeTotal => {
      const row = byType.find((t) => t.transaction_type === type);
      return { transactions: row?.transactions ?? 0, quantity: row?.quantity ?? 0 };
    };
    return {
      ...all,
      issued: ofType('issuance'),
      retired: ofType('retirement'),
      cancelled: ofType('cancellation'),
      other_types: byType.filter((t) => !(TRANSACTION_TYPES as readonly (string | null)[]).includes(t.transaction_type)),
      by_vintage: byVintage,
    };
  });
}
