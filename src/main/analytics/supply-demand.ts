/**
 * charts.supplyDemand from the read model (as GET /v1/supply-demand/): issuance and retirement
 * quantities per period (YYYY-MM, YYYY-Q#, YYYY), the period holding today and later ones left out,
 * totals summed over the returned periods.
 */
import type { SupplyDemandQuery } from '../../shared/api/params';
import type { SupplyDemand } from '../../shared/api/resources';
import type { SupplyDemandAggregation } from '../../shared/api/values';
import { creditWhere } from './credit-filters';
import { marketToday } from './market-calendar';
import type { SqlDialect } from './read-dialect';
import type { ReadContext } from './read-engine';
import { addClause, whereSql } from './sql-where';

const periodSql = (d: SqlDialect, aggregation: SupplyDemandAggregation, date: string): string => {
  switch (aggregation) {
    case 'monthly':
      return `substr(${date}, 1, 7)`;
    case 'quarterly':
      return `substr(${date}, 1, 4) || '-Q' || CAST(${d.intDiv(`CAST(substr(${date}, 6, 2) AS INTEGER) + 2`, '3')} AS VARCHAR)`;
    case 'yearly':
      return `substr(${date}, 1, 4)`;
  }
};

/** The period label of a date. */
export function periodOf(date: string, aggregation: SupplyDemandAggregation): string {
  if (aggregation === 'monthly') return date.slice(0, 7);
  if (aggregation === 'yearly') return date.slice(0, 4);
  return `${date.slice(0, 4)}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`;
}

export async function supplyDemand(ctx: ReadContext, q: SupplyDemandQuery): Promise<SupplyDemand> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const aggregation = q.aggregation ?? 'yearly';
  const period = periodSql(d, aggregation, 'c.transaction_date');
  const where = creditWhere(d, q);
  addClause(where, "c.transaction_type_key IN ('issuance', 'retirement')");
  addClause(where, 'c.transaction_date IS NOT NULL');
  addClause(where, `${period} < ?`, periodOf(marketToday(), aggregation));
  const data = await engine.all<SupplyDemand['data'][number]>(`SELECT ${period} AS period,
      ${d.total("CASE WHEN c.transaction_type_key = 'issuance' THEN c.quantity ELSE 0 END")} AS issuances,
      ${d.total("CASE WHEN c.transaction_type_key = 'retirement' THEN c.quantity ELSE 0 END")} AS retirements
    FROM read_credits c ${whereSql(where)} GROUP BY 1 ORDER BY 1`, where.params);
  const totals = { issuances: 0, retirements: 0 };
  for (const p of data) {
    totals.issuances += p.issuances;
    totals.retirements += p.retirements;
  }
  return { data, totals };
}
