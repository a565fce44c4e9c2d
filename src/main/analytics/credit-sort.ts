/** Sort columns of credits.list on read_credits `c`, as the service sorts: strings ignoring case (folded keys), nulls last, id last. */
import { CREDIT_SORT_FIELDS } from '../../shared/api/params';
import type { SortColumn } from './sort-order';

const TEXT_SORT = new Set([
  'project_id', 'transaction_type', 'retirement_account', 'retirement_beneficiary', 'retirement_reason', 'retirement_note',
  'retirement_beneficiary_harmonized',
]);

export const CREDIT_SORT_COLUMNS: Record<string, SortColumn> = Object.fromEntries(
  CREDIT_SORT_FIELDS.map((f) => [f, { terms: [TEXT_SORT.has(f) ? `c.${f}_key` : `c.${f}`] }]),
);
