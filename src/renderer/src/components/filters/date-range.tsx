/** A date range (from / to, inclusive) with native date inputs; a from after the to is an error. */
export interface DateRangeProps {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange(bound: 'from' | 'to', value: string | undefined): void;
  testId?: string;
}

export function DateRange({ label, from, to, onChange, testId }: DateRangeProps) {
  const error = from && to && from > to ? 'Start is after end' : null;
  return (
    <fieldset className="filter-field date-range" data-testid={testId}>
      <legend className="filter-label">{label}</legend>
      <div className="range-pair">
        <input type="date" className="filter-control" aria-label={`${label} from`} value={from ?? ''} max={to} onChange={(e) => onChange('from', e.target.value || undefined)} />
        <span aria-hidden="true">–</span>
        <input type="date" className="filter-control" aria-label={`${label} to`} value={to ?? ''} min={from} onChange={(e) => onChange('to', e.target.value || undefined)} />
      </div>
      {error ? (
        <div className="filter-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
