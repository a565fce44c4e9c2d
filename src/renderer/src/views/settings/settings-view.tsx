/**
 * Settings, grouped as a user looks for them: how the app looks (first), where the data comes from
 * (connections, API keys and their usage), what this computer holds (the cache, its internal tables
 * under "Advanced"), and updates. A row of links at the top jumps to each group.
 */
import { useState } from 'react';
import { Page } from '../../components/page';
import { useAppStore, type ThemePreference } from '../../stores/app-store';
import { ApiKeysSection } from './api-keys-section';
import { CacheSection } from './cache-section';
import { ConnectionsSection } from './connections-section';
import { KeyUsageSection } from './key-usage-section';
import { UpdatesSection } from './updates-section';
import './settings.css';

function AppearanceSection() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const options: ThemePreference[] = ['system', 'light', 'dark'];
  return (
    <section className="card settings-section settings-appearance" aria-labelledby="appearance-title" id="settings-appearance">
      <h2 id="appearance-title">Appearance</h2>
      <div className="settings-row">
        <span className="settings-row-label">Theme</span>
        <div className="seg" role="group" aria-label="Theme">
          {options.map((o) => (
            <button key={o} type="button" aria-pressed={theme === o} onClick={() => setTheme(o)}>
              {o === 'system' ? 'Follow system' : o === 'light' ? 'Light' : 'Dark'}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

const GROUPS = [
  { id: 'settings-appearance', label: 'Appearance' },
  { id: 'settings-data', label: 'Connections and API keys' },
  { id: 'settings-cache', label: 'Data on this computer' },
  { id: 'settings-updates', label: 'Updates' },
] as const;

export function SettingsView() {
  const [keysVersion, setKeysVersion] = useState(0);
  return (
    <Page
      title="Settings"
      subtitle={
        <nav className="settings-jump" aria-label="Settings groups">
          {GROUPS.map((g) => (
            <button key={g.id} type="button" className="link-button" onClick={() => document.getElementById(g.id)?.scrollIntoView({ block: 'start' })}>
              {g.label}
            </button>
          ))}
        </nav>
      }
    >
      <AppearanceSection />
      <div className="settings-group" id="settings-data" role="group" aria-labelledby="settings-data-title">
        <h2 className="settings-group-title" id="settings-data-title">Connections and API keys</h2>
        <ConnectionsSection />
        <ApiKeysSection onChanged={() => setKeysVersion((v) => v + 1)} />
        <KeyUsageSection version={keysVersion} />
      </div>
      <div className="settings-group" id="settings-cache" role="group" aria-labelledby="settings-cache-title">
        <h2 className="settings-group-title" id="settings-cache-title">Data on this computer</h2>
        <CacheSection />
      </div>
      <div className="settings-group" id="settings-updates" role="group" aria-labelledby="settings-updates-title">
        <h2 className="settings-group-title" id="settings-updates-title">Updates</h2>
        <UpdatesSection />
      </div>
    </Page>
  );
}
