/**
 * A full resync does not take the views away: while it runs, Projects and Transactions answer with
 * the counts they had before it and the dashboard shows its last numbers, never "…" or a blank chart.
 * A proxy between the app and the service holds the resync's credit pages half-way, so the resync
 * is under way, with its projects and half its credits rewritten, for as long as the views are looked at.
 */
import path from 'node:path';
import { SCREENSHOT_DIR, expect, test } from './fixtures';
import { startHoldingProxy } from './holding-proxy';
import { serviceForSpec, useConnection } from './service-process';
import type { SyncStatus } from '../src/shared/contract';

const service = serviceForSpec([]);

const syncState = async (app: { call<T>(method: string, input?: unknown): Promise<T> }) => (await app.call<SyncStatus>('sync.status')).state;
const creditPages = (path: string) => new URL(path, 'http://x').pathname.endsWith('/credits/');

test('during a full resync the views answer with what they showed before, and the dashboard keeps its numbers', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  const { baseUrl, apiKey } = service.endpoint();
  const proxy = await startHoldingProxy(baseUrl);
  const restore = await useConnection(app, 'Held service', proxy.url, apiKey);
  try {
    await app.call('sync.start', { jobs: ['keyInfo', 'projects', 'credits'] });
    await expect.poll(() => syncState(app), { timeout: 120_000, intervals: [500] }).toBe('done');
    // Pages enough that holding the second half leaves the resync half-way.
    const pages = proxy.forwarded(creditPages);
    expect(pages).toBeGreaterThan(1);

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

    proxy.holdAfter(Math.floor(pages / 2), creditPages);
    await app.call('sync.start', { jobs: ['projects', 'credits'], full: true });
    // The resync waits for a held page: it cannot end until the proxy lets it go.
    await expect.poll(() => proxy.holding(), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => syncState(app)).toBe('running');

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

    proxy.release();
    await expect.poll(() => syncState(app), { timeout: 120_000, intervals: [500] }).toBe('done');
    await app.goto('/transactions');
    await expect(page.getByTestId('transactions-count')).toHaveText(transactionsCount);
  } finally {
    proxy.release();
    await restore();
    await proxy.close();
  }
});
