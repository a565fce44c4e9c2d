/**
 * charts.categoryByYear (app-only): credits issued and retired per year of the transaction dates and
 * per category of the parent project, over the credit transactions whose project is cached and
 * matches group P. Transactions without a date count under year null, so the points of a category
 * sum to what its projects issued and retired by transactions. Remembered until the data changes.
 */
import type Database from 'better-sqlite3';
import type { CategoryYearPoint, ParsedInput } from '../../shared/contract';
import type { Page } from '../../shared/api/resources';
import { creditWhereIn } from './credit-filters';
import { singlePage } from './page-envelope';
import { hasProjectFilters } from './project-filters';
import { memoAnswer, statement } from './query-memo';
import { addClause, whereSql } from './sql-where';

export function categoryByYear(db: Database.Database, q: ParsedInput<'charts.categoryByYear'>): Page<CategoryYearPoint> {
  return memoAnswer(db, ['charts.categoryByYear', q], () => {
    const where = creditWhereIn(db, q);
    // Under project filters the parent projects select the rows: keep the type term off the index choice.
    addClause(where, `${hasProjectFilters(q) ? '+' : ''}c.transaction_type IN ('issuance', 'retirement')`);
    addClause(where, 'p.category IS NOT NULL');
    const rows = statement(db, `SELECT CAST(substr(c.transaction_date, 1, 4) AS INTEGER) AS year, p.category AS category,
        total(CASE WHEN c.transaction_type = 'issuance' THEN c.quantity ELSE 0 END) AS issued,
        total(CASE WHEN c.transaction_type = 'retirement' THEN c.quantity ELSE 0 END) AS retired
      FROM credit_transactions c JOIN projects p ON p.project_id = c.project_id ${whereSql(where)}
      GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 2 COLLATE NOCASE`)
      .all(...where.params) as CategoryYearPoint[];
    return singlePage(rows);
  });
}
