/**
 * The desktop app's updates through electron-updater, on the feed electron-builder wrote into the
 * build (`app-update.yml`, present only when the installers were built with CARBON_UPDATE_URL).
 * Updates are signed: electron-updater checks the Windows publisher and the macOS code signature
 * before installing. A newer version downloads in the background and installs on the next restart.
 */
import type { UpdateCheck } from '../../../shared/contract';
import type { AppUpdater } from '../../host-ports';

/** The part of electron-updater's `autoUpdater` used here. */
export interface UpdaterModule {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{ updateInfo: { version: string } } | null>;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
}

export interface AppUpdaterOptions {
  /** Loads electron-updater (only when a feed is configured). */
  load(): UpdaterModule;
  currentVersion: string;
  /** Whether this build has a feed (a packaged app with app-update.yml). */
  feedConfigured: boolean;
  /** Called once when a newer version is ready to install. */
  onDownloaded?(version: string): void;
}

/** Whether `a` is a newer semantic version than `b` (pre-release tags ignored). */
export function isNewer(a: string, b: string): boolean {
  const parts = (v: string) => v.replace(/^v/, '').split('-')[0]!.split('.').map((n) => Number(n) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  }
  return false;
}

export function createAppUpdater(options: AppUpdaterOptions): AppUpdater {
  let updater: UpdaterModule | null = null;
  let downloaded: string | null = null;
  const current = options.currentVersion;
  const answer = (state: UpdateCheck['state'], latestVersion: string | null, message: string): UpdateCheck => ({ state, currentVersion: current, latestVersion, message });

  return {
    async check() {
      if (!options.feedConfigured) return answer('unavailable', null, 'This build has no update feed: install new versions by hand.');
      if (downloaded) return answer('downloaded', downloaded, `Version ${downloaded} is ready: it installs when Carbon Desk restarts.`);
      try {
        if (!updater) {
          updater = options.load();
          updater.autoDownload = true;
          updater.autoInstallOnAppQuit = true;
          updater.on('update-downloaded', (info) => {
            downloaded = info.version;
            options.onDownloaded?.(info.version);
          });
        }
        const result = await updater.checkForUpdates();
        const latest = result?.updateInfo.version ?? null;
        if (!latest || !isNewer(latest, current)) return answer('up-to-date', latest ?? current, `Carbon Desk ${current} is the latest version.`);
        return answer('available', latest, `Version ${latest} is downloading; it installs when Carbon Desk restarts.`);
      } catch (err) {
        const why = err instanceof Error ? err.message.split('\n')[0]! : String(err);
        return answer('error', null, `The update feed could not be read (${why.slice(0, 200)}).`);
      }
    },
  };
}
