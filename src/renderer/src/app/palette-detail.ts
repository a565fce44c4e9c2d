/** The line under a palette hit: a project's id, registry (by display name) and country; others as sent. */
import type { PaletteHit } from '../../../shared/contract';
import { formatRegistry } from '../components/format';

export function paletteDetail(hit: PaletteHit): string | null {
  if (hit.kind !== 'project') return hit.detail;
  const registry = hit.registry ? formatRegistry(hit.registry) : null;
  return [hit.id, registry, hit.country].filter(Boolean).join(' · ') || hit.detail;
}
