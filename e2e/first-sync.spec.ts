/**
 * A first sync of a connection cannot size every job before it reads the lists that decide them: its
 * time left names what it does not count yet (a service that answers slowly keeps that phase on
 * screen for several seconds), and stops naming it once the lists are in.
 */
import { shootBoth, waitForDemoSync } from './demo-support';
import { expect, test } from './fixtures';
import { startServiceProcess, useConnection, type ServiceProcess } from './service-process';
import type { SyncStatus } from '../src/shared/contract';

let service: ServiceProcess;

test.beforeAll(async () => {
  // Every answer 2 s late: the satellite list, which sizes the boundaries, comes a few answers in.
  service = await startServiceProcess(['--latency-ms', '2000']);
});

test.afterAll(async () => {
  await service?.stop();
});

test("a first sync's time left says which jobs it does not count yet", async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  // The demo's own first sync (the web host's start) is over before the view follows the new connection.
  await waitForDemoSync(app);
  const restore = await useConnection(app, 'Slow service', service.baseUrl, service.apiKey);
  try {
    await app.goto('/sync');
    await app.call('sync.start', { jobs: ['keyInfo', 'projects', 'satellite', 'boundaries'] });
    const card = page.locator('.kpi', { hasText: 'Started / finished' });
    // (the part it can count may be under a second: it then says it is estimating the rest)
    await expect(card).toContainText(/running… (about .+ left, not counting|\(estimating the time) satellite metrics and the offline mirror( \(not sized yet\)| will take\))/, { timeout: 30_000 });
    await shootBoth(app, 'sync-first-run-not-sized');
    // Once the satellite list is in, the boundaries are sized: nothing is left out of the estimate.
    await expect
      .poll(async () => {
        const status = await app.call<SyncStatus>('sync.status');
        return status.state !== 'running' || status.etaLeavesOut.length === 0;
      }, { timeout: 60_000, intervals: [250] })
      .toBe(true);
    await expect(card).not.toContainText('not counting');
    await expect.poll(async () => (await app.call<SyncStatus>('sync.status')).state, { timeout: 60_000, intervals: [500] }).toBe('done');
  } finally {
    await restore();
  }
});
