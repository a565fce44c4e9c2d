/** Tabs between the latest feed and the deprecated v1 list. */
import { NavLink } from 'react-router-dom';

export function ForensicTabs() {
  return (
    <nav className="view-tabs" aria-label="Forensics">
      <NavLink end to="/forensics" className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
        Latest feed
      </NavLink>
      <NavLink to="/forensics/legacy" className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
        Legacy v1 <span className="badge badge-warn">deprecated</span>
      </NavLink>
    </nav>
  );
}
