/**
 * Chart series from the read model (as GET /v1/charts/...): every point in one page, only non-empty
 * bins, bins as docs/api-assumptions.md says (Y 1 Jan, M the 1st, W Sundays, D days). Categories
 * group ignoring case and show their smallest spelling.
 */
import type {
  CreditsByCategoryQuery, CreditsByTransactionDateQuery, GlobalCreditsByTransactionDateQuery, ProjectsByListingDateQuery,
  RetirementsByVintageQuery,
} from '../../shared/api/params';
import type { CategoryPoint, ListingPoint, Page, TimeBinPoint } from '../../shared/api/resources';
import type { ChartFrequency } from '../../shared/api/values';
import { notFound } from '../../shared/errors';
import { creditWhere, hasBeneficiarySearch, type CreditFilters } from './credit-filters';
import { binEnd } from './market-calendar';
import { singlePage } from './page-envelope';
import { projectWhere } from './project-filters';
import { statement } from './query-memo';
import type { ReadContext, ReadEngine } from './read-engine';
import { addClause, whereSql, type SqlWhere } from './sql-where';
import { sameId } from './text-match';

/** The cached project's id as stored (ids match ignoring case); not_found when it is not cached. */
function cachedProjectId(ctx: ReadContext, projectId: string): string {
  const [match, id] = sameId('project_id', projectId);
  const row = statement(ctx.db, `SELECT project_id FROM projects WHERE ${match}`).get(id) as { project_id: string } | undefined;
  if (!row) throw notFound(`Project ${projectId}`);
  return row.project_id;
}

/** Credit filters of one project: groups C and B (group P does not apply to a single project's chart). */
function oneProjectWhere(engine: ReadEngine, projectId: string, rest: Omit<CreditFilters, 'project_id'>): SqlWhere {
  const w = creditWhere(engine.dialect, {
    transaction_type: rest.transaction_type, vintage: rest.vintage, vintage_min: rest.vintage_min, vintage_max: rest.vintage_max,
    transaction_date_from: rest.transaction_date_from, transaction_date_to: rest.transaction_date_to, quantity_min: rest.quantity_min,
    quantity_max: rest.quantity_max, beneficiary_search: rest.beneficiary_search, beneficiary_search_fields: rest.beneficiary_search_fields,
  });
  addClause(w, 'c.project_id = ?', projectId);
  return w;
}

async function timeBins(engine: ReadEngine, where: SqlWhere, freq: ChartFrequency): Promise<TimeBinPoint[]> {
  const d = engine.dialect;
  const rows = await engine.all<{ start: string; value: number }>(
    `SELECT ${d.binLabel('b.start')} AS start, b.value FROM (SELECT ${d.binStart(freq, 'c.transaction_date_day')} AS start, ${d.total('c.quantity')} AS value
      FROM read_credits c ${whereSql(where)} GROUP BY 1) b WHERE b.start IS NOT NULL ORDER BY b.start`,
    where.params);
  return rows.map((r) => ({ start: r.start, end: binEnd(freq, r.start), value: r.value }));
}

export async function retirementsByVintage(ctx: ReadContext, q: RetirementsByVintageQuery & { project_id: string }): Promise<Page<TimeBinPoint>> {
  const engine = await ctx.engine();
  const where = oneProjectWhere(engine, cachedProjectId(ctx, q.project_id), q);
  addClause(where, "c.transaction_type_key = 'retirement'");
  addClause(where, 'c.vintage IS NOT NULL');
  const rows = await engine.all<{ vintage: number; value: number }>(
    `SELECT c.vintage AS vintage, ${engine.dialect.total('c.quantity')} AS value FROM read_credits c ${whereSql(where)} GROUP BY c.vintage ORDER BY c.vintage`, where.params);
  return singlePage(rows.map((r) => ({ start: `${r.vintage}-01-01`, end: `${r.vintage}-12-31`, value: r.value })));
}

export async function creditsByTransactionDate(ctx: ReadContext, q: CreditsByTransactionDateQuery & { project_id: string }): Promise<Page<TimeBinPoint>> {
  const engine = await ctx.engine();
  return singlePage(await timeBins(engine, oneProjectWhere(engine, cachedProjectId(ctx, q.project_id), q), q.freq ?? 'Y'));
}

export async function creditsByTransactionDateAll(ctx: ReadContext, q: GlobalCreditsByTransactionDateQuery): Promise<Page<TimeBinPoint>> {
  const engine = await ctx.engine();
  return singlePage(await timeBins(engine, creditWhere(engine.dialect, q), q.freq ?? 'Y'));
}

export async function creditsByCategory(ctx: ReadContext, q: CreditsByCategoryQuery): Promise<Page<CategoryPoint>> {
  const engine = await ctx.engine();
  const d = engine.dialect;
  if (hasBeneficiarySearch(q)) {
    // With a beneficiary search: `retired` sums the matching retirements per category, `issued` is 0.
    const where = creditWhere(d, q);
    addClause(where, "c.transaction_type_key = 'retirement'");
    addClause(where, 'p.category IS NOT NULL');
    const rows = await engine.all<{ category: string; retired: number }>(
      `SELECT min(p.category) AS category, ${d.total('c.quantity')} AS retired FROM read_credits c JOIN read_projects p ON p.project_ref = c.project_ref
        ${whereSql(where)} GROUP BY p.category_key ORDER BY p.category_key`, where.params);
    return singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: 0 })));
  }
  const where = projectWhere(d, q);
  addClause(where, 'p.category IS NOT NULL');
  const rows = await engine.all<CategoryPoint>(
    `SELECT min(p.category) AS category, ${d.total('p.retired')} AS retired, ${d.total('p.issued')} AS issued FROM read_projects p ${whereSql(where)}
      GROUP BY p.category_key ORDER BY p.category_key`, where.params);
  return singlePage(rows.map((r) => ({ category: r.category, retired: r.retired, issued: r.issued })));
}

export async function projectsByListingDate(ctx: ReadContext, q: ProjectsByListingDateQuery): Promise<Page<ListingPoint>> {
  const engine = await ctx.engine();
  const freq = q.freq ?? 'Y';
  const where = projectWhere(engine.dialect, q);
  addClause(where, 'p.listed_at IS NOT NULL');
  addClause(where, 'p.category IS NOT NULL');
  const d = engine.dialect;
  const rows = await engine.all<{ start: string; category: string; value: number }>(
    `SELECT ${d.binLabel('b.start')} AS start, b.category, b.value FROM (SELECT ${d.binStart(freq, 'p.listed_at_day')} AS start, p.category_key AS key,
        min(p.category) AS category, count(DISTINCT p.project_id) AS value FROM read_projects p ${whereSql(where)} GROUP BY 1, 2) b
      WHERE b.start IS NOT NULL ORDER BY b.start, b.key`, where.params);
  return singlePage(rows.map((r) => ({ start: r.start, end: binEnd(freq, r.start), category: r.category, value: r.value })));
}
