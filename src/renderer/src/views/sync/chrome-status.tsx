/**
 * The window chrome's status line (above every view): offline, key refused, stale or empty cache.
 * Reads the connection status and sync events from the app store and the cache's last sync time.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { carbon } from '../../data';
import { useAppStore } from '../../stores/app-store';
import { chromeNotice, restartNotice } from './chrome-notice';
import './sync.css';

export function ChromeNotice() {
  const status = useAppStore((s) => s.status);
  const syncState = useAppStore((s) => s.sync?.state);
  const connectionId = useAppStore((s) => s.info?.connection?.id);
  const [lastSyncAt, setLastSyncAt] = useState<string | null | undefined>(undefined);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let alive = true;
    carbon.cache
      .info({})
      .then((info) => alive && setLastSyncAt(info.lastSyncAt))
      .catch(() => alive && setLastSyncAt(undefined));
    setNow(new Date());
    return () => {
      alive = false;
    };
  }, [syncState, connectionId]);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const notice = chromeNotice({ status, lastSyncAt, syncState, now });
  if (!notice) return null;
  return (
    <div className={`chrome-notice chrome-notice-${notice.kind}`} role="status" data-testid="chrome-notice" data-kind={notice.kind}>
      <span>{notice.text}</span>
      <Link to={notice.link.to}>{notice.link.label}</Link>
    </div>
  );
}

/** The session's dismissed restart banner (by its restart time), so it does not come back on every view. */
const DISMISSED_KEY = 'carbon-desk.restart-dismissed';

/** A banner when the connection's service stopped on its own and was restarted (the built-in demo): when, and why. */
export function RestartNotice() {
  const restarted = useAppStore((s) => s.status?.restarted);
  const [dismissed, setDismissed] = useState<string | null>(() => sessionStorage.getItem(DISMISSED_KEY));
  const text = restartNotice(restarted, dismissed);
  if (!text || !restarted) return null;
  return (
    <div className="chrome-notice chrome-notice-restarted" role="status" data-testid="restart-notice">
      <span>{text}</span>
      <Link to="/sync">Sync center</Link>
      <button
        type="button"
        className="btn"
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, restarted.restartedAt);
          setDismissed(restarted.restartedAt);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}

/** A pill under the connection badge whenever the service cannot be reached. */
export function OfflinePill() {
  const state = useAppStore((s) => s.status?.state);
  if (state !== 'offline') return null;
  return (
    <span className="offline-pill" data-testid="offline-badge">
      OFFLINE
    </span>
  );
}
