/**
 * charts.categoryByYear (app-only): credits issued and retired per year of the transaction dates and
 * per category of the parent project, over the credit transactions whose project is cached and
 * matches group P. Transactions without a date count under year null, so the points of a category
 * sum to what its projects issued and retired by transactions.
 */
import type { CategoryYearPoint, ParsedInput } from '../../shared/contract';
import type { Page } from '../../shared/api/resources';
import { creditWhere } from './credit-filters';
import { singlePage } from './page-envelope';
import type { ReadContext } from './read-engine';
import { addClause, whereSql } from './sql-where';

export async function categoryByYear(ctx: ReadContext, q: ParsedInput<'charts.categoryByYear'>): Promise<Page<CategoryYearPoint>> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  const where = creditWhere(d, q);
  addClause(where, "c.transaction_type_key IN ('issuance', 'retirement')");
  addClause(where, 'p.category IS NOT NULL');
  const rows = await engine.all<CategoryYearPoint>(`SELECT CAST(substr(c.transaction_date, 1, 4) AS INTEGER) AS year, min(p.category) AS category,
      ${d.total("CASE WHEN c.transaction_type_key = 'issuance' THEN c.quantity ELSE 0 END")} AS issued,
      ${d.total("CASE WHEN c.transaction_type_key = 'retirement' THEN c.quantity ELSE 0 END")} AS retired
    FROM read_credits c JOIN read_projects p ON p.project_ref = c.project_ref ${whereSql(where)}
    GROUP BY 1, p.category_key ORDER BY 1 NULLS LAST, p.category_key`, where.params);
  return singlePage(rows);
}
