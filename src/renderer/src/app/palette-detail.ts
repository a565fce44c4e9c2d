/** The palette's words: the line under a hit (a project's id, registry by display name and country; others as sent) and what it found. */
import type { PaletteHit, PaletteSearch } from '../../../shared/contract';
import { formatRegistry } from '../components/format';

export function paletteDetail(hit: PaletteHit): string | null {
  if (hit.kind !== 'project') return hit.detail;
  const registry = hit.registry ? formatRegistry(hit.registry) : null;
  return [hit.id, registry, hit.country].filter(Boolean).join(' · ') || hit.detail;
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the palette found, truthfully: every match shown, or the first N of all, by kind. */
export function paletteStatus(result: PaletteSearch): string {
  const { projects, buyers, countries } = result.matches;
  const all = projects + buyers + countries;
  const kinds = [
    projects ? plural(projects, 'project', 'projects') : null,
    buyers ? plural(buyers, 'buyer', 'buyers') : null,
    countries ? plural(countries, 'country', 'countries') : null,
  ].filter(Boolean).join(', ');
  if (result.hits.length >= all) return `${plural(all, 'match', 'matches')}: ${kinds}`;
  return `First ${result.hits.length.toLocaleString('en-US')} of ${plural(all, 'match', 'matches')} (${kinds}): type more to narrow, or open a full list below`;
}
