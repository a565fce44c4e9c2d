/**
 * Which column of a holdings table holds what: found by the usual headers, compared without case,
 * spaces, underscores or punctuation; a mapping given by the user overrides what was found.
 */
import { HOLDING_FIELDS, type HoldingField } from '../../shared/contract';

export { HOLDING_FIELDS, type HoldingField };
export const REQUIRED_FIELDS: HoldingField[] = ['project_id', 'quantity'];

/** A field's usual headers, in their folded form (see `headerKey`). */
const HEADERS: Record<HoldingField, string[]> = {
  project_id: ['projectid', 'project', 'id', 'vcsid', 'gsid', 'projectcode', 'registryid', 'projectnumber', 'projectref'],
  vintage: ['vintage', 'vintageyear', 'year'],
  quantity: ['quantity', 'tco2e', 'credits', 'volume', 'quantitytco2e', 'tonnes', 'qty', 'amount', 'units'],
  registry: ['registry', 'standard'],
  serial: ['serial', 'serialnumber', 'serials', 'serialrange'],
  status: ['status', 'state'],
  note: ['note', 'notes', 'comment', 'comments'],
};

export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A column per field, by index into the header row; null when not found. */
export type ColumnMapping = Record<HoldingField, number | null>;

export interface MappingResult {
  mapping: ColumnMapping;
  /** Required fields no column holds: the mapping dialog asks for these. */
  missing: HoldingField[];
}

/**
 * Finds the columns; `override` names, per field, the header to use (as written in the file).
 * A header is matched exactly by key first, so `Project ID` wins over `Project name`.
 */
export function mapColumns(headers: string[], override: Partial<Record<HoldingField, string>> = {}): MappingResult {
  const keys = headers.map(headerKey);
  const mapping = Object.fromEntries(HOLDING_FIELDS.map((f) => [f, null])) as ColumnMapping;
  const taken = new Set<number>();
  for (const field of HOLDING_FIELDS) {
    const chosen = override[field];
    if (chosen === undefined) continue;
    const i = keys.indexOf(headerKey(chosen));
    if (i >= 0) { mapping[field] = i; taken.add(i); }
  }
  for (const field of HOLDING_FIELDS) {
    if (mapping[field] !== null || override[field] !== undefined) continue;
    for (const candidate of HEADERS[field]) {
      const i = keys.findIndex((k, idx) => k === candidate && !taken.has(idx));
      if (i >= 0) { mapping[field] = i; taken.add(i); break; }
    }
  }
  return { mapping, missing: REQUIRED_FIELDS.filter((f) => mapping[f] === null) };
}
