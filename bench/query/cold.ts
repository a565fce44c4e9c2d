/**
 * Cold queries, as a user meets them: distinct random filter combinations per method, drawn (seeded)
 * from the values the synced cache holds, each answered ONCE by the query layer through the cache's
 * reader worker. Nothing is repeated, so no answer comes from a memo; the database's pages are as
 * warm as in an app that has been open a while.
 */
import Database from 'better-sqlite3';
import { CREDIT_SORT_FIELDS } from '../../src/shared/api/params';
import { BENEFICIARY_SEARCH_FIELDS } from '../../src/shared/api/values';
import { contract, type MethodName } from '../../src/shared/contract';
import { Rng } from '../../src/service/generator/rng';

/** The goals of first answers (p95 and max, ms) at the default scale. */
const COLD_GOALS_MS: Partial<Record<MethodName, { p95: number; max: number }>> = {
  'projects.list': { p95: 30, max: 250 },
  'credits.list': { p95: 50, max: 250 },
  'buyers.list': { p95: 100, max: 250 },
  'charts.supplyDemand': { p95: 100, max: 250 },
  'charts.creditsByCategory': { p95: 100, max: 250 },
  'charts.creditsByTransactionDateAll': { p95: 100, max: 250 },
};

/** The same goals at ten times the default market (116,590 projects, 5,327,990 transactions). */
const COLD_GOALS_MS_10X: Partial<Record<MethodName, { p95: number; max: number }>> = {
  'projects.list': { p95: 30, max: 500 },
  'credits.list': { p95: 80, max: 500 },
  'buyers.list': { p95: 150, max: 500 },
  'charts.supplyDemand': { p95: 150, max: 500 },
  'charts.creditsByCategory': { p95: 150, max: 500 },
  'charts.creditsByTransactionDateAll': { p95: 150, max: 500 },
};

/** The goals of a method's first answers at a market scale (the 10x goals from 10x up). */
export const coldGoalsMs = (method: MethodName, scale: number): { p95: number; max: number } | null =>
  (scale >= 10 ? COLD_GOALS_MS_10X : COLD_GOALS_MS)[method] ?? null;

interface Values {
  registries: string[];
  categories: string[];
  countries: string[];
  projectTypes: string[];
  vintages: number[];
  buyerWords: string[];
  searchWords: string[];
}

function valuesOf(cachePath: string): Values {
  const db = new Database(cachePath, { readonly: true });
  try {
    const column = (sql: string) => db.prepare(sql).pluck().all() as string[];
    return {
      registries: column('SELECT DISTINCT registry FROM projects WHERE registry IS NOT NULL'),
      categories: column('SELECT DISTINCT category FROM projects WHERE category IS NOT NULL'),
      countries: column('SELECT country FROM projects WHERE country IS NOT NULL GROUP BY country ORDER BY count(*) DESC LIMIT 40'),
      projectTypes: column('SELECT project_type FROM projects WHERE project_type IS NOT NULL GROUP BY project_type ORDER BY count(*) DESC LIMIT 30'),
      vintages: db.prepare('SELECT DISTINCT vintage FROM credit_transactions WHERE vintage IS NOT NULL ORDER BY vintage').pluck().all() as number[],
      buyerWords: [...new Set(column(`SELECT retirement_beneficiary_harmonized FROM credit_transactions WHERE transaction_type = 'retirement'
          AND retirement_beneficiary_harmonized IS NOT NULL GROUP BY 1 ORDER BY sum(quantity) DESC LIMIT 200`).map((n) => n.split(/\s+/)[0]!.slice(0, 5).toLowerCase()))].filter((w) => w.length >= 3),
      searchWords: [...new Set(column('SELECT name FROM projects LIMIT 2000').flatMap((n) => n.split(/\s+/)).filter((w) => w.length >= 4).map((w) => w.toLowerCase()))].slice(0, 200),
    };
  } finally {
    db.close();
  }
}

/** One to `max` distinct items of `from`. */
function some<T>(rng: Rng, from: readonly T[], max: number): T[] {
  const n = rng.int(1, Math.min(max, from.length));
  const picked = new Set<T>();
  while (picked.size < n) picked.add(rng.pick(from));
  return [...picked];
}

/** The filters of a project (group P) a user sets in a panel: each present with its own odds. */
function projectFilters(rng: Rng, v: Values): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  if (rng.chance(0.45)) f.registry = some(rng, v.registries, 2);
  if (rng.chance(0.4)) f.category = some(rng, v.categories, 2);
  if (rng.chance(0.3)) f.country = some(rng, v.countries, 2);
  if (rng.chance(0.15)) f.project_type = some(rng, v.projectTypes, 2);
  if (rng.chance(0.1)) f.has_corsia = rng.chance(0.5);
  if (rng.chance(0.08)) f.is_compliance = rng.chance(0.5);
  return f;
}

function creditFilters(rng: Rng, v: Values): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  if (rng.chance(0.5)) f.transaction_type = some(rng, ['issuance', 'retirement', 'cancellation'], 2);
  if (rng.chance(0.25)) f.vintage = some(rng, v.vintages, 3);
  if (rng.chance(0.25)) f.transaction_date_from = `${rng.int(2012, 2026)}-${String(rng.int(1, 12)).padStart(2, '0')}-01`;
  if (rng.chance(0.1)) f.quantity_min = rng.pick([100, 1_000, 10_000]);
  return f;
}

const sortOf = (rng: Rng, fields: readonly string[]) => [`${rng.chance(0.5) ? '-' : ''}${rng.pick(fields)}`];

const GENERATORS: Partial<Record<MethodName, (rng: Rng, v: Values) => Record<string, unknown>>> = {
  'projects.list': (rng, v) => ({
    ...projectFilters(rng, v),
    ...(rng.chance(0.2) ? { search: rng.pick(v.searchWords) } : {}),
    ...(rng.chance(0.6) ? { sort: sortOf(rng, ['project_id', 'name', 'issued', 'retired', 'unretired', 'listed_at', 'country', 'registry']) } : {}),
    ...(rng.chance(0.2) ? { current_page: rng.int(2, 5) } : {}),
  }),
  'credits.list': (rng, v) => ({
    ...projectFilters(rng, v),
    ...creditFilters(rng, v),
    ...(rng.chance(0.15) ? { beneficiary_search: rng.pick(v.buyerWords), ...(rng.chance(0.5) ? { beneficiary_search_fields: some(rng, BENEFICIARY_SEARCH_FIELDS, 3) } : {}) } : {}),
    // Every sortable column, the free-text ones (account, beneficiary, note, reason) included.
    ...(rng.chance(0.7) ? { sort: sortOf(rng, CREDIT_SORT_FIELDS) } : {}),
    ...(rng.chance(0.2) ? { current_page: rng.int(2, 5) } : {}),
  }),
  'buyers.list': (rng, v) => ({
    ...projectFilters(rng, v),
    ...(rng.chance(0.3) ? { vintage: some(rng, v.vintages, 3) } : {}),
    ...(rng.chance(0.2) ? { transaction_date_from: `${rng.int(2015, 2026)}-01-01` } : {}),
    ...(rng.chance(0.15) ? { search: rng.pick(v.buyerWords) } : {}),
    ...(rng.chance(0.15) ? { is_active_12m: true } : {}),
    ...(rng.chance(0.6) ? { sort: sortOf(rng, ['total_volume', 'volume_12m', 'total_transactions', 'last_purchase', 'buyer_name']) } : {}),
  }),
  'charts.supplyDemand': (rng, v) => ({
    ...projectFilters(rng, v),
    ...(rng.chance(0.3) ? { vintage: some(rng, v.vintages, 3) } : {}),
    aggregation: rng.pick(['monthly', 'quarterly', 'yearly']),
  }),
  'charts.creditsByCategory': (rng, v) => ({
    ...projectFilters(rng, v),
    ...(rng.chance(0.3) ? { beneficiary_search: rng.pick(v.buyerWords) } : {}),
  }),
  'charts.creditsByTransactionDateAll': (rng, v) => ({
    ...projectFilters(rng, v),
    ...creditFilters(rng, v),
    freq: rng.pick(['D', 'W', 'M', 'Y']),
  }),
};

/** `count` distinct inputs per method (fewer when the values cannot make that many), each valid for the contract. */
export function coldCombinations(cachePath: string, count: number, seed: number): Array<{ method: MethodName; inputs: Array<Record<string, unknown>> }> {
  const values = valuesOf(cachePath);
  const rng = new Rng(seed);
  return Object.entries(GENERATORS).map(([method, draw]) => {
    const seen = new Set<string>();
    const inputs: Array<Record<string, unknown>> = [];
    for (let tries = 0; inputs.length < count && tries < count * 50; tries++) {
      const input = draw!(rng, values);
      const key = JSON.stringify(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));
      if (seen.has(key)) continue;
      seen.add(key);
      inputs.push(contract[method as MethodName].input.parse(input) as Record<string, unknown>);
    }
    return { method: method as MethodName, inputs };
  });
}
