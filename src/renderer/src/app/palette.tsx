/**
 * The command palette (Ctrl/Cmd+K): jump to any project, buyer or country by name or id (the
 * contract's `palette.search`), or to a view. `/` focuses the current view's search box (an
 * element marked `data-search-focus`), or opens the palette where a view has none.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaletteHit, PaletteSearch } from '../../../shared/contract';
import { carbon } from '../bridge';
import { explainError } from '../components/states';
import { useWatchlist, watchKey } from '../stores/watchlist';
import { NAV } from './nav';
import { paletteDetail, paletteStatus, plural } from './palette-detail';
import './palette.css';

interface Entry {
  key: string;
  kind: PaletteHit['kind'] | 'view';
  label: string;
  detail: string | null;
  to: string;
  /** The hit's id (projects, buyers, countries): Shift+Enter watches or unwatches it. */
  id?: string;
}

/** Where a hit opens. */
export function paletteTarget(hit: Pick<PaletteHit, 'kind' | 'id'>): string {
  const id = encodeURIComponent(hit.id);
  if (hit.kind === 'project') return `/projects/${id}`;
  if (hit.kind === 'buyer') return `/buyers/${id}`;
  return `/countries/${id}`;
}

const KIND_LABEL: Record<Entry['kind'], string> = { project: 'Project', buyer: 'Buyer', country: 'Country', view: 'View' };

/** "All 122 buyers matching …" entries for the kinds the hits leave some of out (their views search the same way). */
function moreEntries(result: PaletteSearch, query: string): Entry[] {
  const shown = (kind: PaletteHit['kind']) => result.hits.filter((h) => h.kind === kind).length;
  const q = encodeURIComponent(query);
  const out: Entry[] = [];
  if (result.matches.projects > shown('project')) {
    out.push({ key: 'all:projects', kind: 'view', label: `All ${plural(result.matches.projects, 'project', 'projects')} matching “${query}”`, detail: 'Projects', to: `/projects?search=${q}` });
  }
  if (result.matches.buyers > shown('buyer')) {
    out.push({ key: 'all:buyers', kind: 'view', label: `All ${plural(result.matches.buyers, 'buyer', 'buyers')} matching “${query}”`, detail: 'Buyers', to: `/buyers?search=${q}` });
  }
  return out;
}

const isEditable = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<PaletteSearch | null>(null);
  const hits = result?.hits ?? [];
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const watchItems = useWatchlist((st) => st.items);
  const toggleWatch = useWatchlist((st) => st.toggle);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        returnFocus.current = document.activeElement as HTMLElement | null;
        setOpen((o) => !o);
        return;
      }
      // Escape closes the palette wherever focus is (before the input has taken it, too).
      if (e.key === 'Escape') {
        setOpen(false);
        return;
      }
      if (e.key === '/' && !e.metaKey && !e.ctrlKey && !e.altKey && !isEditable(e.target)) {
        e.preventDefault();
        const search = document.querySelector<HTMLElement>('[data-search-focus]');
        if (search) search.focus();
        else {
          returnFocus.current = document.activeElement as HTMLElement | null;
          setOpen(true);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (open) {
      setQuery('');
      setResult(null);
      setActive(0);
      setError(null);
      requestAnimationFrame(() => inputRef.current?.focus());
    } else {
      returnFocus.current?.focus?.();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const q = query.trim();
    if (!q) {
      setResult(null);
      setSearching(false);
      return;
    }
    let cancelled = false;
    setSearching(true);
    const t = setTimeout(() => {
      carbon.palette
        .search({ query: q, limit: 20 })
        .then((answer) => {
          if (cancelled) return;
          setResult(answer);
          setError(null);
          setActive(0);
        })
        .catch((err: unknown) => {
          if (!cancelled) setError(explainError(err).title);
        })
        .finally(() => {
          if (!cancelled) setSearching(false);
        });
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [query, open]);

  if (!open) return null;
  if (watchItems === null) void useWatchlist.getState().load();
  const watchedKeys = new Set((watchItems ?? []).map((w) => watchKey(w.kind, w.id)));
  const isWatched = (e: Entry) => e.kind !== 'view' && e.id !== undefined && watchedKeys.has(watchKey(e.kind, e.id));

  const q = query.trim().toLowerCase();
  const views: Entry[] = NAV.filter((n) => !q || n.label.toLowerCase().includes(q)).map((n) => ({ key: `view:${n.path}`, kind: 'view', label: n.label, detail: null, to: n.path }));
  const entries: Entry[] = [
    ...hits.map((h) => ({ key: `${h.kind}:${h.id}`, kind: h.kind, label: h.label, detail: paletteDetail(h), to: paletteTarget(h), id: h.id })),
    ...(result && q ? moreEntries(result, query.trim()) : []),
    ...(q ? views : []),
  ];
  const go = (e: Entry | undefined) => {
    if (!e) return;
    returnFocus.current = null;
    setOpen(false);
    navigate(e.to);
  };

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <input
          ref={inputRef}
          className="palette-input"
          placeholder="Jump to a project, buyer or country (name or id)…"
          aria-label="Search projects, buyers and countries"
          role="combobox"
          aria-expanded={entries.length > 0}
          aria-controls="palette-results"
          aria-activedescendant={entries[active] ? `palette-${active}` : undefined}
          value={query}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            else if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, entries.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && e.shiftKey) {
              e.preventDefault();
              const entry = entries[active];
              if (entry && entry.kind !== 'view' && entry.id !== undefined) void toggleWatch(entry.kind, entry.id, !isWatched(entry));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              go(entries[active]);
            }
          }}
        />
        <ul className="palette-results" id="palette-results" role="listbox" aria-label="Results">
          {entries.map((e, i) => (
            <li
              key={e.key}
              id={`palette-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(ev) => {
                ev.preventDefault();
                go(e);
              }}
            >
              <span className={`palette-kind kind-${e.kind}`}>{KIND_LABEL[e.kind]}</span>
              <span className="palette-label">{e.label}</span>
              {e.detail ? <span className="palette-detail" title={e.detail}>{e.detail}</span> : null}
              {isWatched(e) ? <span className="palette-watched" title="Watched (Shift+Enter to unwatch)" aria-label="watched">★</span> : null}
            </li>
          ))}
        </ul>
        <div className="palette-status" aria-live="polite">
          {error ? <span className="palette-error">{error}</span> : searching ? 'Searching…' : q && hits.length === 0 ? 'No project, buyer or country matches. Try part of a name or an id like VCS123.' : !q ? 'Type a name or id. ↑↓ to choose, Enter to open, Shift+Enter to watch or unwatch, Esc to close.' : result ? paletteStatus(result) : ''}
        </div>
      </div>
    </div>
  );
}
