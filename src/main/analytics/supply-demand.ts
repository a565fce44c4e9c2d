/**
 * charts.supplyDemand from the cache (as GET /v1/supply-demand/): issuance and retirement
 * quantities per period (YYYY-MM, YYYY-Q#, YYYY), the period holding today and later ones left out,
 * totals summed over the returned periods. Read from the daily rollup when the filters allow.
 */
import type Database from 'better-sqlite3';
import { memoAnswer, statement } from './query-memo';
import type { SupplyDemandQuery } from '../../shared/api/params';
import type { SupplyDemand } from '../../shared/api/resources';
import type { SupplyDemandAggregation } from '../../shared/api/values';
import { creditRollupFor } from './charts';
import { creditColumns, derivedOfDates, rowFilter, sumsByDate } from './credit-columns';
import { creditWhereIn } from './credit-filters';
import { hasProjectFilters } from './project-filters';
import { marketToday } from './market-calendar';
import { addClause, whereSql, type SqlWhere } from './sql-where';

const periodSql = (aggregation: SupplyDemandAggregation, d: string): string => {
  switch (aggregation) {
    case 'monthly':
      return `substr(${d}, 1, 7)`;
    case 'quarterly':
      return `substr(${d}, 1, 4) || '-Q' || ((CAST(substr(${d}, 6, 2) AS INTEGER) + 2) / 3)`;
    case 'yearly':
      return `substr(${d}, 1, 4)`;
  }
};

/** The period label of a date. */
export function periodOf(date: string, aggregation: SupplyDemandAggregation): string {
  if (aggregation === 'monthly') return date.slice(0, 7);
  if (aggregation === 'yearly') return date.slice(0, 4);
  return `${date.slice(0, 4)}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`;
}

/** `byProject`: the filter selects parent projects; keep the type term away from the index choice (unary +). */
function periods(
  db: Database.Database, table: string, alias: string, d: string, where: SqlWhere, aggregation: SupplyDemandAggregation, byProject = false,
): SupplyDemand {
  const period = periodSql(aggregation, d);
  addClause(where, `${byProject ? '+' : ''}${alias}.transaction_type IN ('issuance', 'retirement')`);
  addClause(where, `${d} IS NOT NULL`);
  addClause(where, `${period} < ?`, periodOf(marketToday(), aggregation));
  const data = statement(db, `SELECT ${period} AS period,
        total(CASE WHEN ${alias}.transaction_type = 'issuance' THEN ${alias}.quantity ELSE 0 END) AS issuances,
        total(CASE WHEN ${alias}.transaction_type = 'retirement' THEN ${alias}.quantity ELSE 0 END) AS retirements
      FROM ${table} ${whereSql(where)} GROUP BY 1 ORDER BY 1`)
    .all(...where.params) as SupplyDemand['data'];
  return withTotals(data);
}

/** The periods with their sums. */
function withTotals(data: SupplyDemand['data']): SupplyDemand {
  const totals = { issuances: 0, retirements: 0 };
  for (const p of data) {
    totals.issuances += p.issuances;
    totals.retirements += p.retirements;
  }
  return { data, totals };
}

/** The periods from the reader's columnar copy of the transactions (null when it does not answer). */
function periodsFromColumns(db: Database.Database, q: SupplyDemandQuery, aggregation: SupplyDemandAggregation): SupplyDemand | null {
  const columns = creditColumns(db);
  const filter = columns && rowFilter(db, columns, q, true);
  if (!filter) return null;
  const before = periodOf(marketToday(), aggregation);
  const data = sumsByDate(columns, filter, derivedOfDates(db, columns, (d) => periodSql(aggregation, d)), ['issuance', 'retirement'])
    .filter((p) => p.value < before)
    .map((p) => ({ period: p.value, issuances: p.totals[0]!, retirements: p.totals[1]! }));
  return withTotals(data);
}

export function supplyDemand(db: Database.Database, q: SupplyDemandQuery, options: { rollup?: boolean } = {}): SupplyDemand {
  const aggregation = q.aggregation ?? 'yearly';
  // Every period is whole months, so the month rollup answers when no date bound cuts a month.
  const rollup = options.rollup === false ? null : creditRollupFor(db, q, true);
  if (rollup) return periods(db, rollup.table, 'd', rollup.dateColumn, rollup.where, aggregation);
  if (options.rollup !== false) {
    const columns = memoAnswer(db, ['supplyDemand:columns', aggregation, marketToday(), q], () => periodsFromColumns(db, q, aggregation));
    if (columns) return columns;
  }
  const where = creditWhereIn(db, q);
  return memoAnswer(db, ['supplyDemand', aggregation, marketToday(), where.clauses, where.params], () =>
    periods(db, 'credit_transactions c', 'c', 'c.transaction_date', where, aggregation, hasProjectFilters(q) || Boolean(q.project_id?.length)),
  );
}
