/**
 * A first sync of a connection cannot size every job before it reads the lists that decide them: its
 * time left names what it does not count yet (a service that answers slowly keeps that phase on
 * screen for a few seconds), and stops naming it once the lists are in. The satellite list, which
 * decides the boundaries, comes before the projects, so the boundaries are counted while they come.
 */
import { shootBoth, waitForDemoSync } from './demo-support';
import { expect, test } from './fixtures';
import { serviceForSpec } from './service-process';
import type { SyncStatus } from '../src/shared/contract';

// Every answer 2 s late: the satellite list, which sizes the boundaries, comes a few answers in.
const service = serviceForSpec(['--latency-ms', '2000']);

test("a first sync's time left says which jobs it does not count yet", async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  // The demo's own first sync (the web host's start) is over before the view follows the new connection.
  await waitForDemoSync(app);
  const restore = await service.connect(app, 'Slow service');
  try {
    await app.goto('/sync');
    await app.call('sync.start', { jobs: ['keyInfo', 'satellite', 'projects', 'boundaries'] });
    // What the status said every 100 ms until the run ended.
    const statuses: SyncStatus[] = [];
    const collected = (async () => {
      for (;;) {
        const status = await app.call<SyncStatus>('sync.status');
        statuses.push(status);
        if (status.state !== 'running' && status.state !== 'paused') return;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const card = page.locator('.kpi', { hasText: 'Started / finished' });
    // (the part it can count may be under a second: it then says only what it is sizing)
    await expect(card).toContainText(
      /running… (.+ left, not counting |\(sizing )satellite metrics, projects and boundaries( \(sizing…\)|\))/,
      { timeout: 30_000 },
    );
    await shootBoth(app, 'sync-first-run-not-sized');
    await collected;
    // Once the satellite list was in, the boundaries were counted while the projects came.
    const whileProjects = statuses.filter((st) => st.jobs.some((j) => j.job === 'projects' && j.state === 'running'));
    expect(whileProjects.length).toBeGreaterThan(0);
    expect(whileProjects.at(-1)!.etaLeavesOut.filter((j) => j !== 'projects')).toEqual([]);
    expect(statuses.at(-1)!.etaLeavesOut).toEqual([]);
    await expect(card).not.toContainText('sizing');
    expect(statuses.at(-1)!.state).toBe('done');
  } finally {
    await restore();
  }
});

test('while the first sync has not brought a view its rows, the empty view says what is happening and when they come', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await waitForDemoSync(app);
  const restore = await service.connect(app, 'Slow service, first sync');
  try {
    await app.call('sync.start', {});
    await app.goto('/projects');
    const empty = page.getByTestId('first-sync-empty');
    await expect(empty).toBeVisible({ timeout: 30_000 });
    await expect(empty).toHaveAttribute('data-state', /^(queued|fetching)$/);
    await expect(empty).toContainText(/The first sync (is running; projects come later in it|is bringing in projects)/);
    await expect(page.getByTestId('projects-table')).not.toContainText('No project matches these filters');
    await shootBoth(app, 'first-sync-empty-projects');
    // with a filter set too: no project matches because none is in yet, not because of the filter
    await app.goto('/projects?registry=verra');
    await expect(page.getByTestId('projects-chips')).toContainText('Verra');
    await expect(page.getByTestId('first-sync-empty')).toBeVisible();
    await expect(page.getByTestId('projects-table')).not.toContainText('No project matches these filters');
    await app.goto('/transactions');
    await expect(page.getByTestId('first-sync-empty')).toContainText('credit transactions');
  } finally {
    await app.call('sync.cancel', {}).catch(() => undefined);
    await restore();
  }
});
