/** Settings: connections, API keys and their usage, cache, appearance, updates. */
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
    <section className="card settings-section" aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <div className="seg" role="group" aria-label="Theme">
        {options.map((o) => (
          <button key={o} type="button" aria-pressed={theme === o} onClick={() => setTheme(o)}>
            {o === 'system' ? 'Follow system' : o === 'light' ? 'Light' : 'Dark'}
          </button>
        ))}
      </div>
    </section>
  );
}

export function SettingsView() {
  const [keysVersion, setKeysVersion] = useState(0);
  return (
    <Page title="Settings">
      <ConnectionsSection />
      <ApiKeysSection onChanged={() => setKeysVersion((v) => v + 1)} />
      <KeyUsageSection version={keysVersion} />
      <CacheSection />
      <AppearanceSection />
      <UpdatesSection />
    </Page>
  );
}
