/**
 * Credit transactions as the cache stores them: one array of column values per transaction, in the
 * table's column order (the pass that writes them is added by the writer), bound as they come. The
 * writer encodes each credit page it reads here (`../../workers/credit-pages.ts`). An array of values
 * carries no key names, so it is cheaper to build, bind and keep than the transaction's object.
 */
import type { CreditTransaction, WithExtra } from '../../../shared/api';
import { storedParents } from './credit-parents';
import { extraJson, json } from './sql-values';

/** The stored columns, in order (`sync_pass` last, bound by the writer). */
export const CREDIT_COLUMNS = [
  'id', 'quantity', 'vintage', 'transaction_date', 'transaction_type', 'retirement_account', 'retirement_beneficiary',
  'retirement_reason', 'retirement_note', 'retirement_beneficiary_harmonized', 'project_id', 'category', 'project_type',
  'projects', 'sdg_goals', 'certifications', 'extra', 'sync_pass',
] as const;

/** One transaction's values for CREDIT_COLUMNS without `sync_pass`. */
export type CreditRow = [
  id: number, quantity: number | null, vintage: number | null, transaction_date: string | null, transaction_type: string | null,
  retirement_account: string | null, retirement_beneficiary: string | null, retirement_reason: string | null,
  retirement_note: string | null, retirement_beneficiary_harmonized: string | null, project_id: string | null,
  category: string | null, project_type: string | null, projects: string, sdg_goals: string, certifications: string,
  extra: string | null,
];

type RowColumn = Exclude<(typeof CREDIT_COLUMNS)[number], 'sync_pass'>;

/** Where a column sits in a CreditRow (`sync_pass` is not in one). */
export const AT = Object.fromEntries(CREDIT_COLUMNS.filter((c) => c !== 'sync_pass').map((c, i) => [c, i])) as { readonly [C in RowColumn]: number };

/** A transaction as stored: its first parent project flattened into columns (the list kept only when they do not say it all). */
export function creditRow(t: WithExtra<CreditTransaction>): CreditRow {
  const parent = t.projects[0];
  return [
    t.id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account, t.retirement_beneficiary,
    t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized, parent?.project_id ?? null,
    parent?.category ?? null, parent?.project_type ?? null, storedParents(t.projects), json(t.sdg_goals),
    json(t.certifications), extraJson(t.extra),
  ];
}

export const creditRows = (items: readonly WithExtra<CreditTransaction>[]): CreditRow[] => items.map(creditRow);
