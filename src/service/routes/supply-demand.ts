/**
 * GET /supply-demand/ below the API root: issuance and retirement quantities per period
 * (YYYY-MM, YYYY-Q#, YYYY; default yearly); the period containing today and any later one are
 * left out; totals are the sums of the returned periods.
 */
import { supplyDemandQuery } from '../../shared/api/params';
import type { SupplyDemandAggregation } from '../../shared/api/values';
import { creditWhere, whereKey, whereSql } from '../store/sql-filters';
import { defineRoute, ok, type RouteDef } from './route';

const PERIOD_SQL: Record<SupplyDemandAggregation, string> = {
  monthly: 'substr(c.transaction_date, 1, 7)',
  quarterly: "substr(c.transaction_date, 1, 4) || '-Q' || ((CAST(substr(c.transaction_date, 6, 2) AS INTEGER) + 2) / 3)",
  yearly: 'substr(c.transaction_date, 1, 4)',
};

export function periodOf(date: string, aggregation: SupplyDemandAggregation): string {
  if (aggregation === 'monthly') return date.slice(0, 7);
  if (aggregation === 'yearly') return date.slice(0, 4);
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) + 2) / 3)}`;
}

export const supplyDemandRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    path: '/supply-demand/',
    resource: 'supply-demand',
    summary: 'Issuances and retirements per period',
    shape: 'supply-demand',
    query: supplyDemandQuery,
    handler: (ctx, q) => {
      const aggregation = q.aggregation ?? 'yearly';
      const where = creditWhere(q);
      where.clauses.push("fold(c.transaction_type) IN ('issuance', 'retirement')", 'c.transaction_date IS NOT NULL', `${PERIOD_SQL[aggregation]} < ?`);
      where.params.push(periodOf(ctx.today, aggregation));
      const period = PERIOD_SQL[aggregation];
      const cacheKey = JSON.stringify(['supply-demand', aggregation, whereKey(where)]);
      const data = ctx.market.aggregates.getOrCompute(cacheKey, () => ctx.market.all<{ period: string; issuances: number; retirements: number }>(
        `SELECT ${period} AS period,
           total(CASE WHEN fold(c.transaction_type) = 'issuance' THEN c.quantity END) AS issuances,
           total(CASE WHEN fold(c.transaction_type) = 'retirement' THEN c.quantity END) AS retirements
         FROM credits c ${whereSql(where)} GROUP BY 1 ORDER BY 1`, where.params)) as { period: string; issuances: number; retirements: number }[];
      const totals = data.reduce((t, d) => ({ issuances: t.issuances + d.issuances, retirements: t.retirements + d.retirements }), { issuances: 0, retirements: 0 });
      return ok({ data, totals });
    },
  }),
];
