/**
 * A numeric range (min / max): each bound applied after a pause; a bound that is not a number or
 * a min above the max is shown as an error and not applied (what the user typed stays).
 */
import { useDebouncedText } from './debounced-input';

export interface RangeInputProps {
  label: string;
  min: number | undefined;
  max: number | undefined;
  onChange(bound: 'min' | 'max', value: number | undefined): void;
  unit?: string;
  integer?: boolean;
  testId?: string;
}

export function rangeError(minText: string, maxText: string, integer: boolean): string | null {
  const check = (t: string) => {
    if (t.trim() === '') return null;
    const n = Number(t.replace(/[,_\s]/g, ''));
    if (!Number.isFinite(n)) return `"${t}" is not a number`;
    if (integer && !Number.isInteger(n)) return `"${t}" is not a whole number`;
    return null;
  };
  const e = check(minText) ?? check(maxText);
  if (e) return e;
  const lo = Number(minText.replace(/[,_\s]/g, ''));
  const hi = Number(maxText.replace(/[,_\s]/g, ''));
  if (minText.trim() !== '' && maxText.trim() !== '' && lo > hi) return 'Minimum is above maximum';
  return null;
}

export function parseBound(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(/[,_\s]/g, ''));
}

export function RangeInput({ label, min, max, onChange, unit, integer = true, testId }: RangeInputProps) {
  let minText = '';
  let maxText = '';
  const [lo, setLo, flushLo] = useDebouncedText(min === undefined ? '' : String(min), (t) => {
    if (!rangeError(t, maxText, integer)) onChange('min', parseBound(t));
  }, 400);
  const [hi, setHi, flushHi] = useDebouncedText(max === undefined ? '' : String(max), (t) => {
    if (!rangeError(minText, t, integer)) onChange('max', parseBound(t));
  }, 400);
  minText = lo;
  maxText = hi;
  const error = rangeError(lo, hi, integer);
  return (
    <fieldset className="filter-field range-input" data-testid={testId}>
      <legend className="filter-label">
        {label}
        {unit ? <span className="filter-unit"> ({unit})</span> : null}
      </legend>
      <div className="range-pair">
        <input className="filter-control" inputMode="numeric" placeholder="min" aria-label={`${label} minimum`} aria-invalid={!!error} value={lo} onChange={(e) => setLo(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && flushLo()} />
        <span aria-hidden="true">–</span>
        <input className="filter-control" inputMode="numeric" placeholder="max" aria-label={`${label} maximum`} aria-invalid={!!error} value={hi} onChange={(e) => setHi(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && flushHi()} />
      </div>
      {error ? (
        <div className="filter-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
