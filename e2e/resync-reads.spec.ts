/**
 * A full resync does not take the views away: while it runs (a service that answers slowly keeps it
 * running for several seconds), Projects and Transactions answer with the counts they had before it
 * and the dashboard shows its last numbers, never "…" or a blank chart.
 */
import path from 'node:path';
import { SCREENSHOT_DIR, expect, test } from './fixtures';
import { serviceForSpec } from './service-process';
import type { SyncStatus } from '../src/shared/contract';

// Every answer 700 ms late: the resync of a small market's credits takes several seconds.
const service = serviceForSpec(['--latency-ms', '700']);

const syncState = async (app: { call<T>(method: string, input?: unknown): Promise<T> }) => (await app.call<SyncStatus>('sync.status')).state;

test('during a full resync the views answer with what they showed before, and the dashboard keeps its numbers', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  const restore = await service.connect(app, 'Slow service');
  try {
    await app.call('sync.start', { jobs: ['keyInfo', 'projects', 'credits'] });
    await expect.poll(() => syncState(app), { timeout: 120_000, intervals: [500] }).toBe('done');

    await app.goto('/projects');
    const projectsCount = (await page.getByTestId('projects-count').innerText()).trim();
    await app.goto('/transactions');
    await expect(page.getByTestId('transactions-count')).toContainText('transactions');
    const transactionsCount = (await page.getByTestId('transactions-count').innerText()).trim();
    await app.goto('/dashboard');
    const kpis = ['kpi-projects', 'kpi-transactions', 'kpi-issued', 'kpi-retired'];
    await expect(page.getByTestId('kpi-transactions')).not.toHaveText('…');
    // (textContent, as toHaveText reads it: innerText follows the layout, which may put the unit on its own line)
    const before = await Promise.all(kpis.map(async (id) => ((await page.getByTestId(id).textContent()) ?? '').trim()));

    await app.call('sync.start', { jobs: ['projects', 'credits'], full: true });
    expect(await syncState(app)).toBe('running');

    await app.goto('/projects');
    await expect(page.getByTestId('projects-count')).toHaveText(projectsCount);
    await expect(page.locator('[role=row][aria-rowindex="2"]').first()).toBeVisible();
    await app.goto('/transactions');
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCount);
    await expect(page.locator('[role=row][aria-rowindex="2"]').first()).toBeVisible();
    await app.goto('/dashboard');
    for (const [i, id] of kpis.entries()) await expect(page.getByTestId(id)).toHaveText(before[i]!);
    await expect(page.getByTestId('chart-supply-demand').locator('canvas')).toHaveCount(1);
    await expect(page.getByText('Loading chart…')).toHaveCount(0);
    // The Sync view says how long the whole resync has left (or that it is still estimating it).
    await app.goto('/sync');
    await expect(page.getByText(/^running… ((about .+|less than 10 s) left(, not counting .+ \(sizing…\))?|\(estimating the time left\)|\(sizing .+\)|\(finishing\))$/)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sync-resync-running.png') });
    // All of it was seen while the resync was still running.
    expect(await syncState(app)).toBe('running');

    await expect.poll(() => syncState(app), { timeout: 120_000, intervals: [500] }).toBe('done');
    await app.goto('/transactions');
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCount);
  } finally {
    await restore();
  }
});
