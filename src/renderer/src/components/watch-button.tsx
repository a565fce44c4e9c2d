/** Watch / unwatch a project, buyer or country: watched items are synced first and kept by a watchlist-only mirror. */
import type { WatchKind } from '../../../shared/contract';
import { useWatched, useWatchlist } from '../stores/watchlist';

export function WatchButton({ kind, id, compact = false, label }: { kind: WatchKind; id: string; compact?: boolean; label?: string }) {
  const watched = useWatched(kind, id);
  const toggle = useWatchlist((s) => s.toggle);
  const what = label ?? id;
  return (
    <button
      type="button"
      className={`btn watch-button${watched ? ' is-watched' : ''}${compact ? ' btn-icon' : ''}`}
      aria-pressed={watched}
      aria-label={watched ? `Unwatch ${what}` : `Watch ${what}`}
      title={watched ? `Watched: synced first. Click to unwatch ${what}.` : `Watch ${what}: synced first, and kept when the mirror is set to the watchlist only`}
      data-testid="watch-button"
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void toggle(kind, id, !watched);
      }}
    >
      <span aria-hidden="true">{watched ? '★' : '☆'}</span>
      {compact ? null : watched ? ' Watching' : ' Watch'}
    </button>
  );
}
