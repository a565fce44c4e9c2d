/**
 * Totals of a filtered list for the tables' totals strip: the same filters as projects.list and
 * credits.list (paging and sort aside), from the read model. Names and labels count once whatever
 * their case. App-only: the service has no such endpoint. Credit volumes are kept per transaction
 * type (issued, retired, cancelled), never added across types.
 */
import { TRANSACTION_TYPES } from '../../shared/api/values';
import type { CreditTotals, CreditTypeTotal, ParsedInput, ProjectTotals } from '../../shared/contract';
import { creditWhere } from './credit-filters';
import { projectWhere } from './project-filters';
import type { ReadContext } from './read-engine';
import { whereSql } from './sql-where';

export async function projectTotals(ctx: ReadContext, q: ParsedInput<'projects.totals'>): Promise<ProjectTotals> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const where = projectWhere(d, q);
  const [row] = await engine.all<ProjectTotals>(`SELECT count(*) AS projects, ${d.total('p.issued')} AS issued, ${d.total('p.retired')} AS retired,
      ${d.total('p.unretired')} AS unretired, count(DISTINCT p.country_key) AS countries, count(DISTINCT p.registry_key) AS registries
    FROM read_projects p ${whereSql(where)}`, where.params);
  return row!;
}

export async function creditTotals(ctx: ReadContext, q: ParsedInput<'credits.totals'>): Promise<CreditTotals> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const where = creditWhere(d, q);
  const sql = whereSql(where);
  const [all] = await engine.all<Pick<CreditTotals, 'transactions' | 'projects' | 'buyers'>>(`SELECT count(*) AS transactions,
      count(DISTINCT c.project_ref) AS projects, count(DISTINCT c.buyer_ref) AS buyers FROM read_credits c ${sql}`, where.params);
  const byType = await engine.all<{ transaction_type: string | null; key: string | null } & CreditTypeTotal>(`SELECT min(c.transaction_type) AS transaction_type,
      c.transaction_type_key AS key, count(*) AS transactions, ${d.total('c.quantity')} AS quantity
    FROM read_credits c ${sql} GROUP BY c.transaction_type_key ORDER BY transactions DESC, c.transaction_type_key NULLS LAST`, where.params);
  const byVintage = await engine.all<CreditTotals['by_vintage'][number]>(`SELECT c.vintage AS vintage,
      ${d.total("CASE WHEN c.transaction_type_key = 'issuance' THEN c.quantity END")} AS issued,
      ${d.total("CASE WHEN c.transaction_type_key = 'retirement' THEN c.quantity END")} AS retired
    FROM read_credits c ${sql} GROUP BY c.vintage ORDER BY c.vintage DESC NULLS LAST`, where.params);
  const ofType = (type: (typeof TRANSACTION_TYPES)[number]): CreditTypeTotal => {
    const row = byType.find((t) => t.key === type);
    return { transactions: row?.transactions ?? 0, quantity: row?.quantity ?? 0 };
  };
  return {
    ...all!,
    issued: ofType('issuance'),
    retired: ofType('retirement'),
    cancelled: ofType('cancellation'),
    other_types: byType.filter((t) => !(TRANSACTION_TYPES as readonly (string | null)[]).includes(t.key)).map(({ key: _key, ...t }) => t),
    by_vintage: byVintage,
  };
}
