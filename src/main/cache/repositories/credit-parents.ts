/**
 * A credit transaction's `projects` (its parent projects, as the service lists them) in the cache.
 * Almost every transaction has one parent whose three fields are exactly the row's own project_id,
 * category and project_type columns, so repeating them as JSON on every row would take a third of
 * the table for nothing. Such a list is kept as '' (never valid JSON) and
 * rebuilt from those columns when read; any other list (several parents, other fields, another key
 * order, a value that is not a string or null) is kept as its JSON, as it came.
 */
import type { CreditTransaction } from '../../../shared/api';

type Parents = CreditTransaction['projects'];

/** The row's own columns a single, plain parent is rebuilt from. */
export interface ParentColumns {
  project_id: string | null;
  category: string | null;
  project_type: string | null;
}

/** Stored when the parents are the row's own columns. */
export const DERIVED_PARENTS = '';

const FIELDS = ['project_id', 'category', 'project_type'] as const;
const plainValue = (v: unknown) => v === null || typeof v === 'string';

/** Whether `parents` is exactly one parent holding exactly project_id, category and project_type, in that order. */
function isPlainSingleParent(parents: Parents): boolean {
  if (parents.length !== 1) return false;
  const parent = parents[0] as unknown as Record<string, unknown>;
  const keys = Object.keys(parent);
  return keys.length === FIELDS.length && FIELDS.every((f, i) => keys[i] === f && plainValue(parent[f]));
}

/** What the `projects` column holds for these parents. */
export function storedParents(parents: Parents): string {
  return isPlainSingleParent(parents) ? DERIVED_PARENTS : JSON.stringify(parents);
}

/** The parents a row's `projects` column stands for (the JSON of older rows is read as it is). */
export function readParents(stored: string, row: ParentColumns): Parents {
  if (stored !== DERIVED_PARENTS) return JSON.parse(stored) as Parents;
  return [{ project_id: row.project_id, category: row.category, project_type: row.project_type }] as Parents;
}
