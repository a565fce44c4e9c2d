/** The window chrome: left navigation, connection and sync badges, the routed view. */
import { useEffect } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { carbon } from '../bridge';
import { connectAppEvents, useAppStore } from '../stores/app-store';
import { ChromeNotice, OfflinePill, RestartNotice } from '../views/sync/chrome-status';
import { useConnectionProbe } from '../views/sync/use-connection-probe';
import { ChangesBadge } from './changes-badge';
import { NAV } from './nav';
import { CommandPalette } from './palette';
import { useResolvedTheme } from '../stores/theme';

function ConnectionBadge() {
  const info = useAppStore((s) => s.info);
  const status = useAppStore((s) => s.status);
  const state = status?.state ?? 'unknown';
  const label = state === 'offline' ? 'Offline' : state === 'unauthorized' ? 'Key refused' : state === 'starting' ? 'Starting…' : state === 'reachable' ? 'Online' : '—';
  return (
    <div className={`conn-badge conn-${state}`} title={status?.message ?? undefined} data-testid="connection-badge">
      <span className="dot" aria-hidden="true" />
      <span className="conn-name">{info?.connection?.name ?? 'No connection'}</span>
      <span className="conn-state">{label}</span>
    </div>
  );
}

export function Layout() {
  const refreshInfo = useAppStore((s) => s.refreshInfo);
  const theme = useResolvedTheme();
  useConnectionProbe();
  const navigate = useNavigate();
  useEffect(() => {
    void refreshInfo();
    return connectAppEvents();
  }, [refreshInfo]);
  // The back end opens a view (a clicked desktop notification).
  useEffect(() => carbon.on('app.navigate', ({ path }) => navigate(path)), [navigate]);
  return (
    <div className="app-shell" data-theme={theme}>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">◆</span> <span className="brand-name">Carbon Desk</span>
        </div>
        <ul>
          {NAV.map((n) => (
            <li key={n.path}>
              <NavLink to={n.path} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')} title={n.label}>
                <span className="nav-icon" aria-hidden="true">{n.icon}</span>
                <span className="nav-label">{n.label}</span>
                {n.path === '/changes' ? <ChangesBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidebar-footer">
          <ConnectionBadge />
          <OfflinePill />
        </div>
      </nav>
      <main className="content">
        <RestartNotice />
        <ChromeNotice />
        <Outlet />
      </main>
      <CommandPalette />
    </div>
  );
}
