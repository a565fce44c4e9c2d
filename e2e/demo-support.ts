/** Helpers of the view specs: wait for the demo sync, screenshots in light and dark. */
import type { AppPage } from './fixtures';
import type { SyncStatus } from '../src/shared/contract';

/** Waits until the demo connection's sync is finished (starting one when nothing was synced yet). */
export async function waitForDemoSync(app: AppPage, timeoutMs = 150_000): Promise<SyncStatus> {
  const deadline = Date.now() + timeoutMs;
  let started = false;
  for (;;) {
    const status = await app.call<SyncStatus>('sync.status');
    if (status.state === 'done') return status;
    if (status.state === 'failed') throw new Error(`demo sync failed: ${JSON.stringify(status.lastError)}`);
    if ((status.state === 'idle' || status.state === 'cancelled') && !started) {
      const cache = await app.call<{ lastSyncAt: string | null }>('cache.info');
      if (cache.lastSyncAt) return status;
      await app.call('sync.start', {});
      started = true;
    }
    if (Date.now() > deadline) throw new Error(`demo sync not done after ${timeoutMs} ms: ${status.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Screenshots the page in light, then dark (then back to light). */
export async function shootBoth(app: AppPage, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
    await app.page.waitForTimeout(400);
    await app.screenshot(`${name}-${scheme}`);
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
}
