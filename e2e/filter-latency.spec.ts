/**
 * Filter-to-table latency: ~20 filter changes in Projects and in Transactions, each measured in the
 * browser from the change to the table showing the new query (performance measure
 * `filter-to-table`). Prints p50/p95; not a timed assertion.
 *
 * At default scale: `CARBON_DEMO_SCALE=1 npx playwright test e2e/filter-latency.spec.ts` (the first
 * run generates the market and syncs ~530k transactions). E2E_DATA_DIR=DIR keeps the web host's data
 * folder (market and synced cache) for the next run; the host's start-up sync then only refreshes,
 * and the measurements wait until it (and the rollups it rebuilds) is done.
 */
import fs from 'node:fs';
import { expect, test as base, type AppPage } from './fixtures';
import { ensureSynced } from './market-sync';
import { startWebHostProcess, type RunningWebHost } from './web-host';

const test = base.extend<object, { webHost: RunningWebHost }>({
  webHost: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring pattern
    async ({}, use) => {
      const dataDir = process.env.E2E_DATA_DIR;
      if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
      const host = await startWebHostProcess(dataDir ? { dataDir } : {});
      await use(host);
      await host.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** Waits until no sync runs: a reused data folder's start-up sync rewrites recent transactions and rebuilds the rollups. */
async function syncSettled(app: AppPage) {
  const timeout = Number(process.env.E2E_SYNC_TIMEOUT_MS ?? 150_000);
  await expect.poll(async () => (await app.call<{ state: string }>('sync.status')).state, { timeout, intervals: [1000] }).not.toBe('running');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

async function measures(app: AppPage): Promise<number[]> {
  return app.page.evaluate(() => performance.getEntriesByName('filter-to-table').map((e) => e.duration));
}

async function report(label: string, durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const line = `${label}: n=${sorted.length} p50=${percentile(sorted, 50).toFixed(1)} ms p95=${percentile(sorted, 95).toFixed(1)} ms max=${sorted[sorted.length - 1]?.toFixed(1)} ms; in order: ${durations.map((d) => d.toFixed(0)).join(' ')}`;
  console.log(`[filter-to-table] ${line}`);
  test.info().annotations.push({ type: 'filter-to-table', description: line });
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
  await syncSettled(app);
});

async function toggleOption(app: AppPage, testId: string, option: string) {
  await app.page.getByTestId(testId).getByRole('button').first().click();
  await app.page.getByRole('option', { name: option, exact: false }).first().getByRole('checkbox').click();
  await app.page.keyboard.press('Escape');
  await app.page.locator('body').click({ position: { x: 5, y: 5 } });
}

async function settle(app: AppPage, expected: number) {
  await expect.poll(() => measures(app).then((m) => m.length), { timeout: 20_000 }).toBeGreaterThanOrEqual(expected);
}

test('projects: filter-to-table p50/p95 over 20 changes', async ({ app }) => {
  const { page } = app;
  await app.goto('/projects');
  await expect(page.getByTestId('projects-count')).not.toContainText('…');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.evaluate(() => performance.clearMeasures('filter-to-table'));
  const changes: Array<() => Promise<void>> = [
    () => toggleOption(app, 'filter-registry', 'Verra'),
    () => toggleOption(app, 'filter-registry', 'Gold Standard'),
    () => toggleOption(app, 'filter-category', 'Forest'),
    () => toggleOption(app, 'filter-category', 'Renewable energy'),
    () => page.getByTestId('filter-has_ccb').getByRole('button', { name: 'Yes' }).click(),
    () => page.getByTestId('filter-has_ccb').getByRole('button', { name: 'Any' }).click(),
    () => page.getByTestId('projects-table').getByRole('button', { name: /^Issued/ }).click(),
    () => page.getByTestId('projects-table').getByRole('button', { name: /^Retired/ }).click(),
    () => page.getByTestId('projects-table').getByRole('button', { name: /^Name/ }).click(),
    () => toggleOption(app, 'filter-category', 'Forest'),
    () => page.getByTestId('filter-is_compliance').getByRole('button', { name: 'No' }).click(),
    () => page.getByTestId('filter-article6_authorized').getByRole('button', { name: 'No' }).click(),
    () => toggleOption(app, 'filter-corc', '100+'),
    () => toggleOption(app, 'filter-corc', '100+'),
    () => toggleOption(app, 'filter-registry', 'Verra'),
    () => page.getByTestId('filter-is_compliance').getByRole('button', { name: 'Any' }).click(),
    () => page.getByTestId('projects-table').getByRole('button', { name: /^Registry/ }).click(),
    () => page.getByTestId('projects-table').getByRole('button', { name: /^Category/ }).click(),
    () => page.getByTestId('filter-article6_authorized').getByRole('button', { name: 'Any' }).click(),
    () => toggleOption(app, 'filter-registry', 'Gold Standard'),
  ];
  for (let i = 0; i < changes.length; i++) {
    await changes[i]!();
    await settle(app, i + 1);
  }
  await report('projects', await measures(app));
});

test('transactions: filter-to-table p50/p95 over 20 changes', async ({ app }) => {
  const { page } = app;
  await app.goto('/transactions');
  await expect(page.getByTestId('transactions-count')).not.toContainText('…');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('button', { name: /Project filters/ }).click();
  await page.evaluate(() => performance.clearMeasures('filter-to-table'));
  const changes: Array<() => Promise<void>> = [
    () => toggleOption(app, 'filter-transaction-type', 'Retirement'),
    () => toggleOption(app, 'filter-transaction-type', 'Issuance'),
    () => toggleOption(app, 'filter-registry', 'Verra'),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Quantity/ }).click(),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Date/ }).click(),
    () => toggleOption(app, 'filter-category', 'Forest'),
    () => toggleOption(app, 'filter-category', 'Forest'),
    () => toggleOption(app, 'filter-transaction-type', 'Issuance'),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Vintage/ }).click(),
    () => toggleOption(app, 'filter-registry', 'Gold Standard'),
    () => page.getByTestId('filter-has_corsia').getByRole('button', { name: 'No' }).click(),
    () => page.getByTestId('filter-has_corsia').getByRole('button', { name: 'Any' }).click(),
    () => toggleOption(app, 'filter-registry', 'Verra'),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Buyer/ }).click(),
    () => toggleOption(app, 'filter-transaction-type', 'Retirement'),
    () => toggleOption(app, 'filter-transaction-type', 'Cancellation'),
    () => toggleOption(app, 'filter-transaction-type', 'Cancellation'),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Account/ }).click(),
    () => toggleOption(app, 'filter-registry', 'Gold Standard'),
    () => page.getByTestId('transactions-table').getByRole('button', { name: /^Date/ }).click(),
  ];
  for (let i = 0; i < changes.length; i++) {
    await changes[i]!();
    await settle(app, i + 1);
  }
  await report('transactions', await measures(app));
});

test('transactions: frame times while scrolling the whole table', async ({ app }) => {
  const { page } = app;
  await app.goto('/transactions');
  await expect(page.getByTestId('transactions-count')).not.toContainText('…');
  const frames = await page.getByTestId('transactions-table').locator('.data-table-scroll').evaluate(async (el) => {
    const intervals: number[] = [];
    let last = performance.now();
    const steps = 120;
    for (let i = 1; i <= steps; i++) {
      el.scrollTop = (el.scrollHeight * i) / steps;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
    }
    return { intervals, rows: el.querySelectorAll('[role=row]').length, height: el.scrollHeight };
  });
  const sorted = [...frames.intervals].sort((a, b) => a - b);
  const line = `scroll: ${frames.intervals.length} jumps across ${Math.round(frames.height / 34)} rows, frame p50=${percentile(sorted, 50).toFixed(1)} ms p95=${percentile(sorted, 95).toFixed(1)} ms, ${frames.rows} rows in the DOM`;
  console.log(`[filter-to-table] ${line}`);
  test.info().annotations.push({ type: 'scroll', description: line });
  expect(frames.rows).toBeLessThan(100);
});
