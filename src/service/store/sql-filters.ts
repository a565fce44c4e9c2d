/**
 * WHERE clauses for the filter groups (P: projects, C: credit transactions, B: beneficiary search).
 * String filters match exactly, ignoring case by the one folding rule (`fold`, src/shared/case-folding.ts:
 * every letter, not only A-Z); `search` and `beneficiary_search` are literal substrings of the folded
 * text (instr: no wildcard exists). Project ids are identifiers: matched ignoring the case of their
 * letters through the id indexes when the id asked for is ASCII (every registry's is). The label
 * flags (`has_ccb`, …, `article6_authorized`) read a null as false, as clients do.
 */
import { BENEFICIARY_FIELD_COLUMN, type BeneficiarySearchField } from '../../shared/api/values';
import { DEFAULT_BENEFICIARY_FIELDS, type CreditListQuery } from '../../shared/api/params';
import { foldCase, isAscii } from '../../shared/case-folding';

export interface Where {
  clauses: string[];
  params: unknown[];
}

export const emptyWhere = (): Where => ({ clauses: [], params: [] });
export const whereSql = (w: Where): string => (w.clauses.length ? `WHERE ${w.clauses.join(' AND ')}` : '');
/** A stable cache key for a filter. */
export const whereKey = (w: Where): string => JSON.stringify([w.clauses, w.params]);

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function inList(w: Where, column: string, values: readonly unknown[] | undefined): void {
  if (!values?.length) return;
  w.clauses.push(`${column} IN (${marks(values.length)})`);
  w.params.push(...values);
}
/** `column` equals one of `values`, ignoring case. */
export function textIn(w: Where, column: string, values: readonly string[] | undefined): void {
  if (!values?.length) return;
  w.clauses.push(`fold(${column}) IN (${marks(values.length)})`);
  w.params.push(...values.map(foldCase));
}
/** `column` contains `needle` ignoring case: SQL with one parameter, and that parameter. */
export const containsText = (column: string, needle: string): [string, string] => [`instr(fold(${column}), ?) > 0`, foldCase(needle)];
/**
 * An identifier column (a project id) equal to one of `ids` ignoring case: ASCII ids through the
 * column's NOCASE index, any other by the folding rule.
 */
export function idIn(w: Where, column: string, ids: readonly string[] | undefined): void {
  if (!ids?.length) return;
  const ascii = ids.filter(isAscii);
  const other = ids.filter((id) => !isAscii(id)).map(foldCase);
  const terms = [...(ascii.length ? [`${column} IN (${marks(ascii.length)})`] : []), ...(other.length ? [`fold(${column}) IN (${marks(other.length)})`] : [])];
  w.clauses.push(terms.length > 1 ? `(${terms.join(' OR ')})` : terms[0]!);
  w.params.push(...ascii, ...other);
}
function compare(w: Where, column: string, op: '>=' | '<=' | '=', value: unknown): void {
  if (value === undefined) return;
  w.clauses.push(`${column} ${op} ?`);
  w.params.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
}
function jsonAny(w: Where, column: string, values: readonly string[] | undefined, ignoreCase: boolean): void {
  if (!values?.length) return;
  w.clauses.push(`EXISTS (SELECT 1 FROM json_each(${column}) j WHERE ${ignoreCase ? 'fold(j.value)' : 'j.value'} IN (${marks(values.length)}))`);
  w.params.push(...(ignoreCase ? values.map(foldCase) : values));
}

type ProjectFilters = Partial<Pick<CreditListQuery,
  'registry' | 'country' | 'protocol' | 'category' | 'is_compliance' | 'listed_at_from' | 'listed_at_to' | 'issued_min' | 'issued_max' |
  'retired_min' | 'retired_max' | 'project_type' | 'proponent' | 'sdg_goals' | 'certifications' | 'corc_durability' | 'has_ccb' |
  'has_icvcm_ccp' | 'has_corsia' | 'has_sdvista' | 'has_social_carbon' | 'article6_authorized' | 'article6_authorization_types' | 'search'>>;

/** Group P plus the project `search`, on the projects table aliased `p`. */
export function projectWhere(q: ProjectFilters): Where {
  const w = emptyWhere();
  textIn(w, 'p.registry', q.registry);
  textIn(w, 'p.country', q.country);
  jsonAny(w, 'p.protocol', q.protocol, true);
  textIn(w, 'p.category', q.category);
  compare(w, 'p.is_compliance', '=', q.is_compliance);
  compare(w, 'p.listed_at', '>=', q.listed_at_from);
  compare(w, 'p.listed_at', '<=', q.listed_at_to);
  compare(w, 'p.issued', '>=', q.issued_min);
  compare(w, 'p.issued', '<=', q.issued_max);
  compare(w, 'p.retired', '>=', q.retired_min);
  compare(w, 'p.retired', '<=', q.retired_max);
  textIn(w, 'p.project_type', q.project_type);
  if (q.proponent !== undefined) textIn(w, 'p.proponent', [q.proponent]);
  for (const goal of q.sdg_goals ?? []) {
    w.clauses.push('EXISTS (SELECT 1 FROM json_each(p.sdg_goals) j WHERE j.value = ?)');
    w.params.push(goal);
  }
  jsonAny(w, 'p.certifications', q.certifications, true);
  textIn(w, 'p.corc_durability', q.corc_durability);
  compare(w, 'coalesce(p.has_ccb, 0)', '=', q.has_ccb);
  compare(w, 'coalesce(p.has_icvcm_ccp, 0)', '=', q.has_icvcm_ccp);
  compare(w, 'coalesce(p.has_corsia, 0)', '=', q.has_corsia);
  compare(w, 'coalesce(p.has_sdvista, 0)', '=', q.has_sdvista);
  compare(w, 'coalesce(p.has_social_carbon, 0)', '=', q.has_social_carbon);
  compare(w, 'coalesce(p.article6_authorized, 0)', '=', q.article6_authorized);
  jsonAny(w, 'p.article6_authorization_types', q.article6_authorization_types, false);
  if (q.search) {
    const [id, needle] = containsText('p.project_id', q.search);
    const [name] = containsText('p.name', q.search);
    w.clauses.push(`(${id} OR ${name})`);
    w.params.push(needle, needle);
  }
  return w;
}

type CreditFilters = Partial<Pick<CreditListQuery,
  'transaction_type' | 'vintage' | 'vintage_min' | 'vintage_max' | 'transaction_date_from' | 'transaction_date_to' | 'quantity_min' | 'quantity_max' |
  'beneficiary_search' | 'beneficiary_search_fields' | 'project_id'>> & ProjectFilters;

/** Groups C and B, the project_id filter and group P (through the parent project), on credits aliased `c`. */
export function creditWhere(q: CreditFilters, opts: { projectFilters: boolean } = { projectFilters: true }): Where {
  const w = emptyWhere();
  idIn(w, 'c.project_id', q.project_id);
  textIn(w, 'c.transaction_type', q.transaction_type);
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
    const terms = fields.map((f) => containsText(`c.${BENEFICIARY_FIELD_COLUMN[f]}`, q.beneficiary_search!));
    w.clauses.push(`(${terms.map(([sql]) => sql).join(' OR ')})`);
    for (const [, needle] of terms) w.params.push(needle);
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
