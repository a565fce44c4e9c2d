/** A free-text filter (search, proponent): applied after a short pause or on Enter. */
import type { Ref } from 'react';
import { useDebouncedText } from './debounced-input';

export interface TextFilterProps {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Hide the visible label (the placeholder and aria-label still name it). */
  bare?: boolean;
  testId?: string;
  maxLength?: number;
}

export function TextFilter({ label, value, onChange, placeholder, inputRef, bare, testId, maxLength = 200 }: TextFilterProps) {
  const [text, setText, flush] = useDebouncedText(value ?? '', (t) => onChange(t.trim() === '' ? undefined : t));
  return (
    <label className={`filter-field text-filter${bare ? ' bare' : ''}`}>
      {bare ? null : <span className="filter-label">{label}</span>}
      <input
        ref={inputRef}
        type="search"
        className="filter-control"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        data-testid={testId}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') flush();
        }}
      />
    </label>
  );
}
