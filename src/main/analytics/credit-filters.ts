/**
 * Group C (credit transaction filters), the project id filter and group B (beneficiary search) on
 * the cached `credit_transactions` table, plus group P through each transaction's parent project,
 * and the app-only `buyer` (one buyer's exact harmonized name; never a service parameter).
 */
import type Database from 'better-sqlite3';
import { BENEFICIARY_FIELD_COLUMN, type BeneficiarySearchField } from '../../shared/api/values';
import { DEFAULT_BENEFICIARY_FIELDS, type CreditListAppQuery } from '../../shared/api/params';
import { rollupFresh } from './rollup-state';
import { hasProjectFilters, parentProjectWhere, type ProjectFilters } from './project-filters';
import { containsSql, matchAnyExact, matchSubstring } from './text-match';
import { memoNumber } from './query-memo';
import { addClause, mergeWhere, newWhere, placeholders, whereSql, type SqlWhere } from './sql-where';

export type CreditFilters = ProjectFilters &
  Partial<Pick<CreditListAppQuery,
    'project_id' | 'transaction_type' | 'vintage' | 'vintage_min' | 'vintage_max' | 'transaction_date_from' | 'transaction_date_to' |
    'quantity_min' | 'quantity_max' | 'beneficiary_search' | 'beneficiary_search_fields' | 'buyer'>>;

/** Whether a vintage set or a vintage bound narrows transactions (terms that decide a (project, type, vintage) group whole). */
export const hasVintageFilter = (q: CreditFilters): boolean => Boolean(q.vintage?.length) || q.vintage_min !== undefined || q.vintage_max !== undefined;

/**
 * The vintage set and bounds on `column` (a transaction's or a rollup row's vintage). Inclusive
 * bounds, AND-ed with the set; a null vintage matches neither (SQL comparisons with null are false).
 */
export function vintageTerms(w: SqlWhere, column: string, q: Pick<CreditFilters, 'vintage' | 'vintage_min' | 'vintage_max'>): void {
  if (q.vintage?.length) addClause(w, `${column} IN (${placeholders(q.vintage.length)})`, ...q.vintage);
  if (q.vintage_min !== undefined) addClause(w, `${column} >= ?`, q.vintage_min);
  if (q.vintage_max !== undefined) addClause(w, `${column} <= ?`, q.vintage_max);
}

/** Whether group C (or the project id filter, or the app-only buyer) narrows transactions. */
export function hasCreditFilters(q: CreditFilters): boolean {
  return Boolean(
    q.project_id?.length || q.transaction_type?.length || hasVintageFilter(q) || q.transaction_date_from !== undefined ||
      q.transaction_date_to !== undefined || q.quantity_min !== undefined || q.quantity_max !== undefined || q.buyer !== undefined,
  );
}
export const hasBeneficiarySearch = (q: CreditFilters): boolean => q.beneficiary_search !== undefined && q.beneficiary_search !== '';

/** The columns a beneficiary search looks in (default: the harmonized name). */
export function beneficiaryColumns(fields: readonly BeneficiarySearchField[] | undefined, alias = 'c'): string[] {
  const chosen = fields?.length ? [...new Set(fields)] : DEFAULT_BENEFICIARY_FIELDS;
  return chosen.map((f) => `${alias}.${BENEFICIARY_FIELD_COLUMN[f]}`);
}

export interface CreditWhereOptions {
  /**
   * The parent-project filter selects fewer transactions than the type and vintage terms: those
   * terms are kept away from the planner's index choice (unary +), so it reads the matching
   * projects' transactions through their index instead of walking most of a type's or a vintage's.
   */
  byProject?: boolean;
  /**
   * The vintage terms select fewer transactions than the type terms and date bounds: those are kept
   * away from the planner's index choice, so it seeks the vintages' index instead of walking a type's
   * dates (at 10x a count under three vintages, two types and a date bound took 11.8 s walking the
   * type and date index, 0.36 s through the vintage index).
   */
  byVintage?: boolean;
  /**
   * The distinct harmonized names (`agg_beneficiary_names`) are current: a search of the harmonized
   * name alone becomes an index lookup of the matching names instead of a scan of every transaction.
   */
  beneficiaryNames?: boolean;
}

/**
 * Groups C, B, project ids and P on credit transactions aliased `alias`. A new term here must be
 * answered by the columnar copy too (rowFilter in credit-columns.ts), or make it decline.
 */
export function creditWhere(q: CreditFilters, alias = 'c', options: CreditWhereOptions = {}): SqlWhere {
  const w = newWhere();
  const col = (c: string) => `${alias}.${c}`;
  // A term written `+column` is not one the planner seeks an index by (it still filters).
  const unseekable = (c: string, away: boolean | undefined) => `${away ? '+' : ''}${col(c)}`;
  matchAnyExact(w, col('project_id'), q.project_id);
  matchAnyExact(w, unseekable('transaction_type', options.byProject || options.byVintage), q.transaction_type);
  vintageTerms(w, unseekable('vintage', options.byProject), q);
  const date = unseekable('transaction_date', options.byVintage);
  if (q.transaction_date_from !== undefined) addClause(w, `${date} >= ?`, q.transaction_date_from);
  if (q.transaction_date_to !== undefined) addClause(w, `${date} <= ?`, q.transaction_date_to);
  if (q.quantity_min !== undefined) addClause(w, `${col('quantity')} >= ?`, q.quantity_min);
  if (q.quantity_max !== undefined) addClause(w, `${col('quantity')} <= ?`, q.quantity_max);
  // One buyer, matched as buyers.get matches it: the whole harmonized name, ignoring case (NOCASE,
  // index credit_transactions_beneficiary_harmonized). A bound parameter compared with `=`, so `%`,
  // `_`, quotes and backslashes are plain characters.
  if (q.buyer !== undefined) addClause(w, `${col('retirement_beneficiary_harmonized')} = ? COLLATE NOCASE`, q.buyer);
  const columns = beneficiaryColumns(q.beneficiary_search_fields, alias);
  const harmonizedOnly = columns.length === 1 && columns[0] === `${alias}.retirement_beneficiary_harmonized`;
  if (options.beneficiaryNames && harmonizedOnly && hasBeneficiarySearch(q)) {
    // Exact: a value contains the text (ignoring case) iff it is one of the names that do.
    addClause(w, `${columns[0]} COLLATE NOCASE IN (SELECT n.name FROM agg_beneficiary_names n WHERE ${containsSql('n.name')})`, q.beneficiary_search);
  } else {
    matchSubstring(w, columns, q.beneficiary_search);
  }
  if (hasProjectFilters(q)) mergeWhere(w, parentProjectWhere(q, col('project_id')));
  return w;
}

/** The transactions a rollup (aliased `r`) counts under `w`, remembered until the data changes. */
export const rollupTransactions = (db: Database.Database, rollup: 'agg_credit_counts' | 'agg_credit_days', w: SqlWhere): number =>
  memoNumber(db, `SELECT coalesce(sum(r.transactions), 0) FROM ${rollup} r ${whereSql(w)}`, w.params);

/**
 * Whether the parent-project filter of `q` selects fewer transactions than its type and vintage
 * terms, as the per-(project, type, vintage) count rollup tells (remembered until the data changes).
 */
function projectsSelectFewer(db: Database.Database, q: CreditFilters): boolean {
  if (!hasProjectFilters(q) || !(q.transaction_type?.length || hasVintageFilter(q)) || !rollupFresh(db, 'credit_counts')) return false;
  const byProjects = rollupTransactions(db, 'agg_credit_counts', parentProjectWhere(q, 'r.project_id'));
  const byTerms = rollupTransactions(db, 'agg_credit_counts', creditWhere({ transaction_type: q.transaction_type, vintage: q.vintage, vintage_min: q.vintage_min, vintage_max: q.vintage_max }, 'r'));
  return byProjects < byTerms;
}

/**
 * Whether the vintage terms of `q` select fewer transactions than its type terms and date bounds, as
 * the per-day rollup tells (its groups are (day, type, vintage); dated transactions only, which is
 * enough to compare; remembered until the data changes).
 */
function vintagesSelectFewer(db: Database.Database, q: CreditFilters): boolean {
  const dated = q.transaction_date_from !== undefined || q.transaction_date_to !== undefined;
  if (!hasVintageFilter(q) || !(q.transaction_type?.length || dated) || !rollupFresh(db, 'credit_days')) return false;
  const byVintage = rollupTransactions(db, 'agg_credit_days', creditWhere({ vintage: q.vintage, vintage_min: q.vintage_min, vintage_max: q.vintage_max }, 'r'));
  const byTypeAndDate = rollupTransactions(db, 'agg_credit_days', creditWhere({ transaction_type: q.transaction_type, transaction_date_from: q.transaction_date_from, transaction_date_to: q.transaction_date_to }, 'r'));
  return byVintage < byTypeAndDate;
}

/** creditWhere with every rollup-backed shortcut that is current in `db`. */
export function creditWhereIn(db: Database.Database, q: CreditFilters, alias = 'c'): SqlWhere {
  const byProject = projectsSelectFewer(db, q);
  return creditWhere(q, alias, { beneficiaryNames: rollupFresh(db, 'beneficiary_names'), byProject, byVintage: !byProject && vintagesSelectFewer(db, q) });
}
