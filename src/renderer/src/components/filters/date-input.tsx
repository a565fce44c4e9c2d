/**
 * A date typed as the app writes dates ("1 Mar 2014", also "1 March 2014", "Mar 1, 2014" or
 * 2014-03-01): shown in the app's format, applied on Enter or when the box is left, and a text that
 * is not a date says so under the box (the previous date stays applied).
 */
import { useEffect, useId, useState } from 'react';
import { formatDate } from '../format';
import { parseUserDate } from './parse-date';

export interface DateInputProps {
  /** The applied date, YYYY-MM-DD. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  /** Accessible name of the box. */
  label: string;
  /** The first / last day allowed (YYYY-MM-DD); a date outside says so. */
  min?: string;
  max?: string;
  placeholder?: string;
  testId?: string;
}

export function DateInput({ value, onChange, label, min, max, placeholder = 'e.g. 1 Mar 2014', testId }: DateInputProps) {
  const shown = value ? formatDate(value) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // a new applied value (a chip removed, a link followed) replaces what the box shows
  useEffect(() => {
    setText(shown);
    setError(null);
  }, [shown]);

  const commit = () => {
    const parsed = parseUserDate(text);
    if (parsed === null) {
      setError(null);
      if (value !== undefined) onChange(undefined);
      return;
    }
    if ('error' in parsed) return setError(parsed.error);
    if (min && parsed.iso < min) return setError(`${formatDate(parsed.iso)} is before ${formatDate(min)}`);
    if (max && parsed.iso > max) return setError(`${formatDate(parsed.iso)} is after ${formatDate(max)}`);
    setError(null);
    setText(formatDate(parsed.iso));
    if (parsed.iso !== value) onChange(parsed.iso);
  };

  return (
    <span className="date-input">
      <input
        type="text"
        className="filter-control"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        value={text}
        data-testid={testId}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setText(shown);
            setError(null);
          }
        }}
      />
      {error ? (
        <span id={errorId} className="filter-error date-input-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
