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

  // the click shows at once; the URL (and so `selected`) follows a moment later
  const [optimistic, setOptimistic] = useState<string[] | null>(null);
  const selectedKey = selected.join('\u0000');
  useEffect(() => setOptimistic(null), [selectedKey]);
  const current = optimistic ?? selected;
  const chosen = new Set(current);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const summary = current.length === 0 ? placeholder : current.length === 1 ? labelOf(current[0]!) : `${current.length} ${mode === 'all' ? 'all of' : 'any of'}`;
  const toggle = (v: string) => {
    const next = chosen.has(v) ? current.filter((s) => s !== v) : [...current, v];
    setOptimistic(next);
    onChange(next);
  };

  let lastGroup: string | undefined;
  return (
    <div className="filter-field multi-select" ref={boxRef} data-testid={testId}>
      <span className="filter-label">{label}</span>
      <button
        type="button"
        className={`filter-control ms-button${current.length ? ' has-value' : ''}`}
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
            {current.length ? (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setOptimistic([]);
                  onChange([]);
                }}
              >
                Clear
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
