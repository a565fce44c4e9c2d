/**
 * A numeric range (min / max): each bound applied after a pause; a bound that is not a number, one
 * the range's own check refuses, or a min above the max is shown as an error and not applied (what
 * the user typed stays).
 */
import { useDebouncedText } from './debounced-input';

export interface RangeInputProps {
  label: string;
  min: number | undefined;
  max: number | undefined;
  /** One bound changed (the other stays as applied). */
  onChange?(bound: 'min' | 'max', value: number | undefined): void;
  /**
   * Both bounds as the boxes hold them, whenever an edit leaves the range valid: a bound held back
   * (a min typed above the max) is applied once the other bound makes room for it. One update, so
   * a caller writing both to the URL at once never loses one.
   */
  onRangeChange?(min: number | undefined, max: number | undefined): void;
  unit?: string;
  integer?: boolean;
  /** What a bound must also be (a year, a share…): a message when it is not, else null. */
  check?: BoundCheck;
  /** The boxes' placeholders (default "min" / "max"). */
  placeholders?: readonly [string, string];
  /** What a min above the max is called (default "Minimum is above maximum"). */
  orderError?: string;
  testId?: string;
}

export type BoundCheck = (value: number, text: string) => string | null;

const ORDER_ERROR = 'Minimum is above maximum';

export function parseBound(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(/[,_\s]/g, ''));
}

export function rangeError(minText: string, maxText: string, integer: boolean, check?: BoundCheck, orderError = ORDER_ERROR): string | null {
  const bad = (t: string) => {
    if (t.trim() === '') return null;
    const n = parseBound(t)!;
    if (!Number.isFinite(n)) return `"${t}" is not a number`;
    if (integer && !Number.isInteger(n)) return `"${t}" is not a whole number`;
    if (integer && !Number.isSafeInteger(n)) return `"${t}" is too large`;
    return check?.(n, t) ?? null;
  };
  const e = bad(minText) ?? bad(maxText);
  if (e) return e;
  const lo = parseBound(minText);
  const hi = parseBound(maxText);
  if (lo !== undefined && hi !== undefined && lo > hi) return orderError;
  return null;
}

export function RangeInput({ label, min, max, onChange, onRangeChange, unit, integer = true, check, placeholders = ['min', 'max'], orderError, testId }: RangeInputProps) {
  let minText = '';
  let maxText = '';
  const commit = (bound: 'min' | 'max', lowText: string, highText: string) => {
    if (rangeError(lowText, highText, integer, check)) return;
    if (onRangeChange) onRangeChange(parseBound(lowText), parseBound(highText));
    else onChange?.(bound, parseBound(bound === 'min' ? lowText : highText));
  };
  const [lo, setLo, flushLo] = useDebouncedText(min === undefined ? '' : String(min), (t) => commit('min', t, maxText), 400);
  const [hi, setHi, flushHi] = useDebouncedText(max === undefined ? '' : String(max), (t) => commit('max', minText, t), 400);
  minText = lo;
  maxText = hi;
  const error = rangeError(lo, hi, integer, check, orderError);
  return (
    <fieldset className="filter-field range-input" data-testid={testId}>
      <legend className="filter-label">
        {label}
        {unit ? <span className="filter-unit"> ({unit})</span> : null}
      </legend>
      <div className="range-pair">
        <input className="filter-control" inputMode="numeric" placeholder={placeholders[0]} aria-label={`${label} minimum`} aria-invalid={!!error} value={lo} onChange={(e) => setLo(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && flushLo()} />
        <span aria-hidden="true">–</span>
        <input className="filter-control" inputMode="numeric" placeholder={placeholders[1]} aria-label={`${label} maximum`} aria-invalid={!!error} value={hi} onChange={(e) => setHi(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && flushHi()} />
      </div>
      {error ? (
        <div className="filter-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
