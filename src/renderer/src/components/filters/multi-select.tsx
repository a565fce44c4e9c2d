/**
 * A multi-select filter: a button that names the selection, opening a searchable checkbox list.
 * `mode` says how several values combine (shown to the user: "any of" / "all of").
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';

export interface Option {
  value: string;
  label: string;
  /** Optional hint after the label (a count, a group). */
  hint?: string;
  /** Group heading (e.g. a project type's category). */
  group?: string;
}

export interface MultiSelectProps {
  label: string;
  options: readonly Option[];
  selected: readonly string[];
  onChange(values: string[]): void;
  mode?: 'any' | 'all';
  placeholder?: string;
  testId?: string;
}

export function MultiSelect({ label, options, selected, onChange, mode = 'any', placeholder = 'Any', testId }: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().includes(q) || o.group?.toLowerCase().includes(q)) : options;
  }, [options, query]);

  const chosen = new Set(selected);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const summary = selected.length === 0 ? placeholder : selected.length === 1 ? labelOf(selected[0]!) : `${selected.length} ${mode === 'all' ? 'all of' : 'any of'}`;
  const toggle = (v: string) => onChange(chosen.has(v) ? selected.filter((s) => s !== v) : [...selected, v]);

  let lastGroup: string | undefined;
  return (
    <div className="filter-field multi-select" ref={boxRef} data-testid={testId}>
      <span className="filter-label">{label}</span>
      <button
        type="button"
        className={`filter-control ms-button${selected.length ? ' has-value' : ''}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label}: ${summary}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <span className="ms-summary">{summary}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div className="ms-popover" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {options.length > 8 ? (
            <input className="ms-search" autoFocus placeholder={`Find ${label.toLowerCase()}…`} value={query} onChange={(e) => setQuery(e.target.value)} aria-label={`Find ${label}`} />
          ) : null}
          <div className="ms-list" role="listbox" id={listId} aria-multiselectable="true" aria-label={label}>
            {visible.length === 0 ? <div className="ms-none">No match</div> : null}
            {visible.map((o) => {
              const heading = o.group && o.group !== lastGroup ? o.group : null;
              lastGroup = o.group;
              return (
                <div key={o.value}>
                  {heading ? <div className="ms-group">{heading}</div> : null}
                  <label className="ms-option" role="option" aria-selected={chosen.has(o.value)}>
                    <input type="checkbox" checked={chosen.has(o.value)} onChange={() => toggle(o.value)} />
                    <span className="ms-option-label">{o.label}</span>
                    {o.hint ? <span className="ms-hint">{o.hint}</span> : null}
                  </label>
                </div>
              );
            })}
          </div>
          <div className="ms-footer">
            <span>{mode === 'all' ? 'Matches all chosen' : 'Matches any chosen'}</span>
            {selected.length ? (
              <button type="button" className="btn" onClick={() => onChange([])}>
                Clear
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
