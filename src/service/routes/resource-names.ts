/**
 * The resources a service can offer (`--offer`), each owning a set of routes below the API root.
 * A resource not offered answers 404 `not_found` at its collection root and everywhere below it.
 */
export const RESOURCE_NAMES = [
  'projects', 'project-types', 'credits', 'charts', 'supply-demand', 'buyers', 'forensics', 'satellite', 'countries', 'api-keys',
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

const READ_TRANSACTIONS: ReadonlySet<ResourceName> = new Set(['credits', 'charts', 'supply-demand', 'buyers']);

/** True for the resources whose answers read the credit transactions. */
export const readsTransactions = (resource: ResourceName): boolean => READ_TRANSACTIONS.has(resource);

/** Parses `projects,credits` (any order, spaces allowed); throws on an unknown name. */
export function parseResourceList(raw: string): ResourceName[] {
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new Error(`expected a comma-separated list of ${RESOURCE_NAMES.join(', ')}`);
  for (const n of names) {
    if (!(RESOURCE_NAMES as readonly string[]).includes(n)) throw new Error(`unknown resource '${n}'; known: ${RESOURCE_NAMES.join(', ')}`);
  }
  return [...new Set(names)] as ResourceName[];
}
