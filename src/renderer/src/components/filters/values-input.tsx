/**
 * A filter of free values (protocols, certification labels): type a value and press Enter (or a
 * comma) to add it; suggestions come from a datalist. The values show as chips in the chips bar.
 */
import { useId, useState } from 'react';

export interface ValuesInputProps {
  label: string;
  values: readonly string[];
  onChange(values: string[]): void;
  suggestions?: readonly string[];
  placeholder?: string;
  mode?: 'any' | 'all';
  testId?: string;
}

export function ValuesInput({ label, values, onChange, suggestions = [], placeholder = 'Type, then Enter', mode = 'any', testId }: ValuesInputProps) {
  const [text, setText] = useState('');
  const listId = useId();
  const add = () => {
    const parts = text.split(',').map((t) => t.trim()).filter(Boolean);
    const next = [...values];
    for (const p of parts) if (!next.some((v) => v.toLowerCase() === p.toLowerCase())) next.push(p.slice(0, 200));
    setText('');
    if (next.length !== values.length) onChange(next);
  };
  return (
    <label className="filter-field values-input" data-testid={testId}>
      <span className="filter-label">
        {label}
        {values.length > 1 ? <span className="filter-unit"> ({mode === 'all' ? 'all of' : 'any of'} {values.length})</span> : null}
      </span>
      <input
        className="filter-control"
        list={suggestions.length ? listId : undefined}
        aria-label={label}
        placeholder={values.length ? `${values.length} chosen; add more…` : placeholder}
        value={text}
        maxLength={400}
        onChange={(e) => setText(e.target.value)}
        onBlur={add}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add();
          }
        }}
      />
      {suggestions.length ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </label>
  );
}
