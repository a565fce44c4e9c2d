/**
 * The vintage range filter (`vintage_min` / `vintage_max`, inclusive years): two year boxes, either
 * left open. A bound that is not a four-digit year, or a from after the to, is named and not applied.
 */
import { RangeInput } from './range-input';

/** A vintage bound is a year, written with four digits as the market writes vintages. */
export function vintageBoundError(value: number, text: string): string | null {
  return Number.isInteger(value) && value >= 1000 && value <= 9999 ? null : `"${text.trim()}" is not a vintage year (e.g. 2015)`;
}

export interface VintageRangeProps {
  from: number | undefined;
  to: number | undefined;
  /** Both bounds at once (undefined: open on that side). */
  onChange(from: number | undefined, to: number | undefined): void;
  label?: string;
  testId?: string;
}

export function VintageRange({ from, to, onChange, label = 'Vintage range', testId }: VintageRangeProps) {
  return (
    <RangeInput
      label={label}
      min={from}
      max={to}
      integer
      check={vintageBoundError}
      placeholders={['from', 'to']}
      orderError="The first vintage is after the last"
      onRangeChange={onChange}
      testId={testId}
    />
  );
}
