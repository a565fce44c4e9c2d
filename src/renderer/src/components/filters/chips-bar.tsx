/** The active filters as removable chips, plus "Clear all". */
import { formatDate } from '../format';

export interface FilterChip {
  /** Unique per chip, e.g. 'registry=verra'. */
  id: string;
  label: string;
  onRemove(): void;
}

export function ChipsBar({ chips, onClear, testId }: { chips: FilterChip[]; onClear?: () => void; testId?: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="chips-bar" aria-label="Active filters" role="list" data-testid={testId}>
      {chips.map((c) => (
        <span className="chip" role="listitem" key={c.id}>
          {c.label}
          <button type="button" aria-label={`Remove filter ${c.label}`} onClick={c.onRemove}>
            ×
          </button>
        </span>
      ))}
      {onClear && chips.length > 1 ? (
        <button type="button" className="btn chips-clear" onClick={onClear}>
          Clear all
        </button>
      ) : null}
    </div>
  );
}

export interface ChipSpec {
  label: string;
  /** How a value reads on the chip (default: as is). */
  format?(value: string | number | boolean): string;
}

/** A chip for a calendar-date filter: "Listed from: 4 Oct 2024". */
export const dateChip = (label: string): ChipSpec => ({ label, format: (v) => formatDate(String(v)) });

/**
 * Builds chips from parsed filters: one chip per value of an array filter (removing it removes that
 * value), one per scalar. `specs` names the filters; keys without a spec get no chip.
 */
export function buildChips(
  filters: Record<string, unknown>,
  specs: Record<string, ChipSpec>,
  set: (key: string, value: ReadonlyArray<string | number> | undefined) => void,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    const value = filters[key];
    if (value === undefined || value === null) continue;
    const fmt = spec.format ?? ((v: string | number | boolean) => String(v));
    if (Array.isArray(value)) {
      for (const v of value as Array<string | number>) {
        chips.push({
          id: `${key}=${v}`,
          label: `${spec.label}: ${fmt(v)}`,
          onRemove: () => {
            const rest = (value as Array<string | number>).filter((x) => x !== v);
            set(key, rest.length ? rest : undefined);
          },
        });
      }
    } else {
      chips.push({ id: `${key}=${String(value)}`, label: `${spec.label}: ${fmt(value as string | number | boolean)}`, onRemove: () => set(key, undefined) });
    }
  }
  return chips;
}
