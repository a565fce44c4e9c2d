/** A date range (from / to, inclusive), each end typed as the app writes dates; a from after the to is an error. */
import { DateInput } from './date-input';

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
        <DateInput label={`${label} from`} value={from} max={to} placeholder="from, e.g. 1 Mar 2014" onChange={(v) => onChange('from', v)} />
        <span aria-hidden="true">–</span>
        <DateInput label={`${label} to`} value={to} min={from} placeholder="to" onChange={(v) => onChange('to', v)} />
      </div>
      {error ? (
        <div className="filter-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
