/** The left navigation: one entry per view, in the order an analyst works. */
export interface NavEntry {
  path: string;
  label: string;
  icon: string;
}

export const NAV: NavEntry[] = [
  { path: '/dashboard', label: 'Dashboard', icon: '◧' },
  { path: '/changes', label: 'Changes', icon: 'Δ' },
  { path: '/projects', label: 'Projects', icon: '▤' },
  { path: '/transactions', label: 'Transactions', icon: '⇄' },
  { path: '/buyers', label: 'Buyers', icon: '◍' },
  { path: '/claims', label: 'Claims', icon: '✓' },
  { path: '/signals', label: 'Signals', icon: '⚠' },
  { path: '/forensics', label: 'Forensics', icon: '⌕' },
  { path: '/satellite', label: 'Satellite', icon: '◎' },
  { path: '/countries', label: 'Countries', icon: '⚑' },
  { path: '/watchlist', label: 'Watchlist', icon: '★' },
  { path: '/portfolio', label: 'Portfolio', icon: '▦' },
  { path: '/sync', label: 'Sync', icon: '⟳' },
  { path: '/settings', label: 'Settings', icon: '⚙' },
];
