/**
 * A min / max pair of filters shown as one chip ("Vintage 2015–2018", "Vintage ≥ 2015"), removed
 * as one: both bounds go in a single change.
 */
import type { FilterChip } from './chips-bar';

export interface RangeChipSpec {
  label: string;
  min: string;
  max: string;
  /** How a bound reads (default: as is). */
  format?(value: number): string;
}

/** The chip's text; a range whose min is above its max says it matches nothing. */
export function rangeChipLabel(spec: RangeChipSpec, min: number | undefined, max: number | undefined): string | null {
  const fmt = spec.format ?? String;
  if (min !== undefined && max !== undefined) {
    if (min === max) return `${spec.label} ${fmt(min)}`;
    const text = `${spec.label} ${fmt(min)}–${fmt(max)}`;
    return min > max ? `${text} (empty: ${fmt(min)} is after ${fmt(max)})` : text;
  }
  if (min !== undefined) return `${spec.label} ≥ ${fmt(min)}`;
  if (max !== undefined) return `${spec.label} ≤ ${fmt(max)}`;
  return null;
}

const bound = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** One chip per range that has a bound; removing it clears both bounds through `patch`. */
export function buildRangeChips(
  filters: Record<string, unknown>,
  specs: readonly RangeChipSpec[],
  patch: (values: Record<string, undefined>) => void,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const spec of specs) {
    const min = bound(filters[spec.min]);
    const max = bound(filters[spec.max]);
    const label = rangeChipLabel(spec, min, max);
    if (label === null) continue;
    chips.push({ id: `${spec.min}..${spec.max}=${min ?? ''}..${max ?? ''}`, label, onRemove: () => patch({ [spec.min]: undefined, [spec.max]: undefined }) });
  }
  return chips;
}

/** The vintage range's chip. */
export const VINTAGE_RANGE_CHIP: RangeChipSpec = { label: 'Vintage', min: 'vintage_min', max: 'vintage_max' };
