/** Sync center: live per-job progress while a sync runs, controls, the chrome's status line. */
import { expect, test } from './fixtures';
import { shootBoth, waitForDemoSync } from './demo-support';

test('shows live progress while a full sync runs, then every job done', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/sync');
  await expect(page.getByTestId('sync-state')).toHaveText('done');

  // record what the credit-transactions row shows on every render while the sync runs
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __syncSeen: string[] }).__syncSeen = seen;
    const observer = new MutationObserver(() => {
      const state = document.querySelector('[data-testid="sync-state"]')?.textContent ?? '';
      const row = document.querySelector('[data-testid="sync-job-credits"]');
      if (state === 'running' && row) seen.push(`${row.getAttribute('data-state')}|${row.querySelector('[data-testid="job-rows"]')?.textContent ?? ''}`);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Full resync' }).click();
  await expect(page.getByTestId('sync-state')).toHaveText('running');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(page.getByTestId('sync-job-credits')).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
  await app.screenshot('sync-center-running-light');
  await expect(page.getByTestId('sync-state')).toHaveText('done', { timeout: 120_000 });

  const seen = await page.evaluate(() => (window as unknown as { __syncSeen: string[] }).__syncSeen);
  const running = [...new Set(seen.filter((s) => s.startsWith('running|')))];
  // several distinct row counts of the credits job were shown while it ran (live, not only at the end)
  expect(running.length).toBeGreaterThanOrEqual(2);

  const status = await app.call<{ jobs: Array<{ job: string; state: string; rows: number }> }>('sync.status');
  for (const job of status.jobs) {
    const row = page.getByTestId(`sync-job-${job.job}`);
    await expect(row).toHaveAttribute('data-state', job.state);
  }
  const credits = status.jobs.find((j) => j.job === 'credits')!;
  await expect(page.getByTestId('sync-job-credits').getByTestId('job-rows')).toContainText(credits.rows.toLocaleString('en-US'));
  await expect(page.getByTestId('chrome-notice')).toHaveCount(0);
  await shootBoth(app, 'sync-center-done');
});

test('pause and resume a running sync, cancel keeps what was written', async ({ app }) => {
  const { page } = app;
  await waitForDemoSync(app);
  await app.goto('/sync');
  await page.getByRole('button', { name: 'Full resync' }).click();
  await expect(page.getByTestId('sync-state')).toHaveText('running');
  await page.getByRole('button', { name: 'Pause' }).click();
  // the pause takes effect after the page in flight (or the sync was already finishing)
  await expect(page.getByTestId('sync-state')).toHaveText(/paused|done/, { timeout: 30_000 });
  if ((await page.getByTestId('sync-state').innerText()) === 'paused') {
    await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();
    // the run card says it waits, not that it runs
    await expect(page.locator('.kpi', { hasText: 'Started / finished' })).toContainText('paused;');
    await expect(page.locator('.kpi', { hasText: 'Started / finished' })).not.toContainText('running');
    await shootBoth(app, 'sync-center-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('sync-state')).toHaveText(/running|done/);
  }
  await expect(page.getByTestId('sync-state')).toHaveText('done', { timeout: 120_000 });

  await page.getByRole('button', { name: 'Full resync' }).click();
  await expect(page.getByTestId('sync-state')).toHaveText('running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('sync-state')).toHaveText(/cancelled|done/, { timeout: 30_000 });
  const info = await app.call<{ tables: Record<string, number> }>('cache.info');
  expect(Object.values(info.tables).some((n) => n > 0)).toBe(true);
  // leave the demo synced for the next specs
  await app.call('sync.start', {});
  await waitForDemoSync(app);
});
