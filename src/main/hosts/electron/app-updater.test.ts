import { describe, expect, it, vi } from 'vitest';
import { createAppUpdater, isNewer, type UpdaterModule } from './app-updater';

function fakeUpdater(latest: string | null | Error) {
  const listeners: Array<(info: { version: string }) => void> = [];
  const module: UpdaterModule & { emitDownloaded(v: string): void } = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    checkForUpdates: vi.fn(async () => {
      if (latest instanceof Error) throw latest;
      return latest ? { updateInfo: { version: latest } } : null;
    }),
    on: (_e, l) => listeners.push(l),
    emitDownloaded: (v) => listeners.forEach((l) => l({ version: v })),
  };
  return module;
}

describe('app updates', () => {
  it('never loads the updater in a build without a feed', async () => {
    const load = vi.fn();
    const u = createAppUpdater({ load, currentVersion: '0.1.0', feedConfigured: false });
    expect(await u.check()).toMatchObject({ state: 'unavailable', currentVersion: '0.1.0' });
    expect(load).not.toHaveBeenCalled();
  });

  it('reports up to date, a newer version downloading, then ready on restart', async () => {
    const fake = fakeUpdater('0.2.0');
    const onDownloaded = vi.fn();
    const u = createAppUpdater({ load: () => fake, currentVersion: '0.1.0', feedConfigured: true, onDownloaded });
    expect(await u.check()).toMatchObject({ state: 'available', latestVersion: '0.2.0' });
    expect(fake.autoDownload).toBe(true);
    expect(fake.autoInstallOnAppQuit).toBe(true);
    fake.emitDownloaded('0.2.0');
    expect(onDownloaded).toHaveBeenCalledWith('0.2.0');
    expect(await u.check()).toMatchObject({ state: 'downloaded', latestVersion: '0.2.0' });

    expect(await createAppUpdater({ load: () => fakeUpdater('0.1.0'), currentVersion: '0.1.0', feedConfigured: true }).check()).toMatchObject({ state: 'up-to-date' });
    expect(await createAppUpdater({ load: () => fakeUpdater(null), currentVersion: '0.1.0', feedConfigured: true }).check()).toMatchObject({ state: 'up-to-date' });
  });

  it('says the feed could not be read instead of failing', async () => {
    const u = createAppUpdater({ load: () => fakeUpdater(new Error('net::ERR_NAME_NOT_RESOLVED\nstack')), currentVersion: '0.1.0', feedConfigured: true });
    expect(await u.check()).toMatchObject({ state: 'error', message: expect.stringContaining('ERR_NAME_NOT_RESOLVED') });
  });

  it('compares versions numerically', () => {
    expect(isNewer('0.10.0', '0.9.9')).toBe(true);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('v1.2.0', '1.1.9')).toBe(true);
    expect(isNewer('1.0.0-beta.1', '1.0.0')).toBe(false);
  });
});
