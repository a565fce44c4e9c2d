/**
 * Group C (credit transaction filters), the project id filter and group B (beneficiary search) on
 * the read model's `read_credits`, plus group P through each transaction's parent project, and the
 * app-only `buyer` (one buyer's retirements, never a service parameter). Text compares ignoring case
 * (folded keys); the beneficiary search is a literal substring of any chosen field.
 */
import { BENEFICIARY_FIELD_COLUMN, type BeneficiarySearchField } from '../../shared/api/values';
import { DEFAULT_BENEFICIARY_FIELDS, type CreditListAppQuery } from '../../shared/api/params';
import { foldCase } from '../../shared/case-folding';
import { hasProjectFilters, keyIn, keysContain, parentProjectWhere, type ProjectFilters } from './project-filters';
import type { SqlDialect } from './read-dialect';
import { addClause, mergeWhere, newWhere, placeholders, type SqlWhere } from './sql-where';

export type CreditFilters = ProjectFilters &
  Partial<Pick<CreditListAppQuery,
    'project_id' | 'transaction_type' | 'vintage' | 'vintage_min' | 'vintage_max' | 'transaction_date_from' | 'transaction_date_to' |
    'quantity_min' | 'quantity_max' | 'beneficiary_search' | 'beneficiary_search_fields' | 'buyer'>>;

export const hasBeneficiarySearch = (q: CreditFilters): boolean => q.beneficiary_search !== undefined && q.beneficiary_search !== '';

/** The folded columns a beneficiary search looks in (default: the harmonized name). */
export function beneficiaryKeys(fields: readonly BeneficiarySearchField[] | undefined, alias = 'c'): string[] {
  const chosen = fields?.length ? [...new Set(fields)] : DEFAULT_BENEFICIARY_FIELDS;
  return chosen.map((f) => `${alias}.${BENEFICIARY_FIELD_COLUMN[f]}_key`);
}

/** The vintage set and inclusive bounds on `column`, AND-ed; a null vintage matches neither. */
export function vintageTerms(w: SqlWhere, column: string, q: Pick<CreditFilters, 'vintage' | 'vintage_min' | 'vintage_max'>): void {
  if (q.vintage?.length) addClause(w, `${column} IN (${placeholders(q.vintage.length)})`, ...q.vintage);
  if (q.vintage_min !== undefined) addClause(w, `${column} >= ?`, q.vintage_min);
  if (q.vintage_max !== undefined) addClause(w, `${column} <= ?`, q.vintage_max);
}

/** Groups C, B, the project ids, the app-only buyer and group P on read_credits aliased `alias`. */
export function creditWhere(d: SqlDialect, q: CreditFilters, alias = 'c'): SqlWhere {
  const w = newWhere();
  const col = (c: string) => `${alias}.${c}`;
  keyIn(w, col('project_id_key'), q.project_id);
  keyIn(w, col('transaction_type_key'), q.transaction_type);
  vintageTerms(w, col('vintage'), q);
  if (q.transaction_date_from !== undefined) addClause(w, `${col('transaction_date')} >= ?`, q.transaction_date_from);
  if (q.transaction_date_to !== undefined) addClause(w, `${col('transaction_date')} <= ?`, q.transaction_date_to);
  if (q.quantity_min !== undefined) addClause(w, `${col('quantity')} >= ?`, q.quantity_min);
  if (q.quantity_max !== undefined) addClause(w, `${col('quantity')} <= ?`, q.quantity_max);
  // One buyer, matched as buyers.get matches it: the whole name, ignoring case ("Acme" never counts "Acme Energy").
  if (q.buyer !== undefined) addClause(w, `${col('buyer_key')} = ?`, foldCase(q.buyer));
  keysContain(d, w, beneficiaryKeys(q.beneficiary_search_fields, alias), q.beneficiary_search);
  if (hasProjectFilters(q)) mergeWhere(w, parentProjectWhere(d, q, col('project_ref')));
  return w;
}
