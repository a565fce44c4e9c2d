/**
 * WHERE clauses for the filter groups (P: projects, C: credit transactions, B: beneficiary search).
 * String filters match case-insensitively and exactly (NOCASE columns); `search` and
 * `beneficiary_search` are literal substrings (LIKE with %, _ and \ escaped). The label flags
 * (`has_ccb`, …, `article6_authorized`) read a null as false, as clients do.
 */
import { BENEFICIARY_FIELD_COLUMN, type BeneficiarySearchField } from '../../shared/api/values';
import { DEFAULT_BENEFICIARY_FIELDS, type CreditListQuery } from '../../shared/api/params';

export interface Where {
  clauses: string[];
  params: unknown[];
}

export const emptyWhere = (): Where => ({ clauses: [], params: [] });
export const whereSql = (w: Where): string => (w.clauses.length ? `WHERE ${w.clauses.join(' AND ')}` : '');
/** A stable cache key for a filter. */
export const whereKey = (w: Where): string => JSON.stringify([w.clauses, w.params]);

/** LIKE pattern matching `s` literally as a substring (use with ESCAPE '\'). */
export const likeSubstring = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function inList(w: Where, column: string, values: readonly unknown[] | undefined): void {
  if (!values?.length) return;
  w.clauses.push(`${column} IN (${marks(values.length)})`);
  w.params.push(...values);
}
function compare(w: Where, column: string, op: '>=' | '<=' | '=', value: unknown): void {
  if (value === undefined) return;
  w.clauses.push(`${column} ${op} ?`);
  w.params.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
}
function jsonAny(w: Where, column: string, values: readonly unknown[] | undefined, nocase: boolean): void {
  if (!values?.length) return;
  w.clauses.push(`EXISTS (SELECT 1 FROM json_each(${column}) j WHERE j.value${nocase ? ' COLLATE NOCASE' : ''} IN (${marks(values.length)}))`);
  w.params.push(...values);
}

type ProjectFilters = Partial<Pick<CreditListQuery,
  'registry' | 'country' | 'protocol' | 'category' | 'is_compliance' | 'listed_at_from' | 'listed_at_to' | 'issued_min' | 'issued_max' |
  'retired_min' | 'retired_max' | 'project_type' | 'proponent' | 'sdg_goals' | 'certifications' | 'corc_durability' | 'has_ccb' |
  'has_icvcm_ccp' | 'has_corsia' | 'has_sdvista' | 'has_social_carbon' | 'article6_authorized' | 'article6_authorization_types' | 'search'>>;

/** Group P plus the project `search`, on the projects table aliased `p`. */
export function projectWhere(q: ProjectFilters): Where {
  const w = emptyWhere();
  inList(w, 'p.registry', q.registry);
  inList(w, 'p.country', q.country);
  jsonAny(w, 'p.protocol', q.protocol, true);
  inList(w, 'p.category', q.category);
  compare(w, 'p.is_compliance', '=', q.is_compliance);
  compare(w, 'p.listed_at', '>=', q.listed_at_from);
  compare(w, 'p.listed_at', '<=', q.listed_at_to);
  compare(w, 'p.issued', '>=', q.issued_min);
  compare(w, 'p.issued', '<=', q.issued_max);
  compare(w, 'p.retired', '>=', q.retired_min);
  compare(w, 'p.retired', '<=', q.retired_max);
  inList(w, 'p.project_type', q.project_type);
  compare(w, 'p.proponent', '=', q.proponent);
  for (const goal of q.sdg_goals ?? []) {
    w.clauses.push('EXISTS (SELECT 1 FROM json_each(p.sdg_goals) j WHERE j.value = ?)');
    w.params.push(goal);
  }
  jsonAny(w, 'p.certifications', q.certifications, true);
  inList(w, 'p.corc_durability', q.corc_durability);
  compare(w, 'coalesce(p.has_ccb, 0)', '=', q.has_ccb);
  compare(w, 'coalesce(p.has_icvcm_ccp, 0)', '=', q.has_icvcm_ccp);
  compare(w, 'coalesce(p.has_corsia, 0)', '=', q.has_corsia);
  compare(w, 'coalesce(p.has_sdvista, 0)', '=', q.has_sdvista);
  compare(w, 'coalesce(p.has_social_carbon, 0)', '=', q.has_social_carbon);
  compare(w, 'coalesce(p.article6_authorized, 0)', '=', q.article6_authorized);
  jsonAny(w, 'p.article6_authorization_types', q.article6_authorization_types, false);
  if (q.search) {
    w.clauses.push("(p.project_id LIKE ? ESCAPE '\\' OR p.name LIKE ? ESCAPE '\\')");
    const pattern = likeSubstring(q.search);
    w.params.push(pattern, pattern);
  }
  return w;
}

type CreditFilters = Partial<Pick<CreditListQuery,
  'transaction_type' | 'vintage' | 'vintage_min' | 'vintage_max' | 'transaction_date_from' | 'transaction_date_to' | 'quantity_min' | 'quantity_max' |
  'beneficiary_search' | 'beneficiary_search_fields' | 'project_id'>> & ProjectFilters;

/** Groups C and B, the project_id filter and group P (through the parent project), on credits aliased `c`. */
export function creditWhere(q: CreditFilters, opts: { projectFilters: boolean } = { projectFilters: true }): Where {
  const w = emptyWhere();
  inList(w, 'c.project_id', q.project_id);
  inList(w, 'c.transaction_type', q.transaction_type);
  inList(w, 'c.vintage', q.vintage);
  compare(w, 'c.vintage', '>=', q.vintage_min);
  compare(w, 'c.vintage', '<=', q.vintage_max);
  compare(w, 'c.transaction_date', '>=', q.transaction_date_from);
  compare(w, 'c.transaction_date', '<=', q.transaction_date_to);
  compare(w, 'c.quantity', '>=', q.quantity_min);
  compare(w, 'c.quantity', '<=', q.quantity_max);
  const fields: readonly BeneficiarySearchField[] = q.beneficiary_search_fields ?? DEFAULT_BENEFICIARY_FIELDS;
  // No field to search in (a vocabulary that drops unknown field names): no condition at all.
  if (q.beneficiary_search && fields.length) {
    const pattern = likeSubstring(q.beneficiary_search);
    w.clauses.push(`(${fields.map((f) => `c.${BENEFICIARY_FIELD_COLUMN[f]} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    for (let i = 0; i < fields.length; i++) w.params.push(pattern);
  }
  if (opts.projectFilters) {
    const p = projectWhere(q);
    if (p.clauses.length) {
      w.clauses.push(`c.project_id IN (SELECT p.project_id FROM projects p ${whereSql(p)})`);
      w.params.push(...p.params);
    }
  }
  return w;
}
