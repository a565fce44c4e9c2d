/** App-wide state: app info, connection status, sync status, theme. Views keep their own stores. */
import { create } from 'zustand';
import type { AppInfo, ConnectionStatus, SyncStatus } from '../../../shared/contract';
import { carbon } from '../bridge';
import { isNewerSync } from './sync-order';

export type ThemePreference = 'system' | 'light' | 'dark';

interface AppState {
  info: AppInfo | null;
  status: ConnectionStatus | null;
  sync: SyncStatus | null;
  error: string | null;
  theme: ThemePreference;
  setTheme(theme: ThemePreference): void;
  refreshInfo(): Promise<void>;
  setSync(sync: SyncStatus): void;
  setStatus(status: ConnectionStatus): void;
}

const THEME_KEY = 'carbon-desk.theme';

export const useAppStore = create<AppState>((set) => ({
  info: null,
  status: null,
  sync: null,
  error: null,
  theme: ((): ThemePreference => {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  })(),
  setTheme(theme) {
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  async refreshInfo() {
    try {
      const info = await carbon.app.info({});
      set({ info, status: info.status, error: null });
    } catch (err) {
      set({ error: err instanceof Error ? err.message : String(err) });
    }
  },
  setSync(sync) {
    set((state) => (isNewerSync(state.sync, sync) ? { sync } : {}));
  },
  setStatus(status) {
    set({ status });
  },
}));

/** Subscribes the store to the back end's events once. */
export function connectAppEvents(): () => void {
  const offSync = carbon.on('sync.progress', (s) => {
    // Another connection's engine can still be finishing: its progress is not this window's.
    const selected = useAppStore.getState().info?.connection?.id;
    if (selected && s.connectionId && s.connectionId !== selected) return;
    useAppStore.getState().setSync(s);
  });
  const offStatus = carbon.on('connection.status', (s) => {
    const state = useAppStore.getState();
    state.setStatus(s);
    // Another connection was selected outside this window's Settings (CLI, another window, a script):
    // read the app info again so the badge names the connection the status is about.
    if (s.connectionId && state.info && state.info.connection?.id !== s.connectionId) void state.refreshInfo();
  });
  return () => {
    offSync();
    offStatus();
  };
}
