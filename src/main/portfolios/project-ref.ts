/**
 * A holding's project as written, reduced to one comparable key: upper case, without spaces and
 * without a dash or dot between the registry prefix and the number (`VCS 1234`, `vcs-1234`, `VCS1234`
 * are one key). A bare number takes its prefix from the holding's registry column.
 */
const REGISTRY_PREFIXES: Record<string, string> = {
  verra: 'VCS', vcs: 'VCS', 'verified carbon standard': 'VCS',
  'gold standard': 'GLD', goldstandard: 'GLD', gs: 'GLD', gld: 'GLD',
  acr: 'ACR', 'american carbon registry': 'ACR',
  car: 'CAR', 'climate action reserve': 'CAR',
  cdm: 'CDM', 'clean development mechanism': 'CDM',
  puro: 'PUR', 'puro earth': 'PUR', 'puro.earth': 'PUR', isometric: 'ISO', 'plan vivo': 'PV', 'art trees': 'ART', art: 'ART',
};

/** The key a project id is compared by, the cache's ids and a holding's alike. */
export function projectKey(id: string): string {
  const compact = id.trim().toUpperCase().replace(/\s+/g, '');
  const m = /^([A-Z]+)[-_.:#]?(\d.*)$/.exec(compact);
  return m ? `${m[1]}${m[2]}` : compact;
}

/** The prefix a registry's ids take, or null when the registry is not one Carbon Desk knows by name. */
export function registryPrefix(registry: string | null | undefined): string | null {
  if (!registry) return null;
  const k = registry.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  return REGISTRY_PREFIXES[k] ?? (/^[a-z]{2,5}$/.test(k) ? k.toUpperCase() : null);
}

/** The key a holding's project is looked up by: its id, prefixed by its registry when it is a bare number. */
export function holdingProjectKey(id: string, registry: string | null | undefined): string {
  const t = id.trim();
  if (/^\d+$/.test(t)) {
    const prefix = registryPrefix(registry);
    return prefix ? `${prefix}${t}` : t;
  }
  return projectKey(t);
}
