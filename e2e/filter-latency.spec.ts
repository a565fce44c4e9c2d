/**
 * Twenty filter and sort changes in Projects and twenty in Transactions, made one after another as a
 * user makes them (e2e/filter-changes.ts): after each, the count reads the contract's total for the
 * query the change means, against the unfiltered total, and the first rows are the contract's first
 * rows in that order; no answer to an earlier query stays on screen. Scrolling the whole
 * Transactions table reaches its last row with only the rows on screen in the DOM. How long each
 * change takes to reach the table is bench/browser's (`npm run bench -- browser`), never a test's.
 *
 * At default scale: `CARBON_DEMO_SCALE=1 npx playwright test e2e/filter-latency.spec.ts` (the first
 * run generates the market and syncs ~530k transactions). E2E_DATA_DIR=DIR keeps the web host's data
 * folder (market and synced cache) for the next run; the host's start-up sync then only refreshes,
 * and the checks wait until it is done.
 */
import fs from 'node:fs';
import { expect, test as base, type AppPage } from './fixtures';
import { contractInput, PROJECTS, TRANSACTIONS, TRANSACTIONS_DEFAULT_SORT, type FilterView } from './filter-changes';
import { ensureSynced, fmt, type PageOf } from './market-sync';
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

/** Waits until no sync runs: a reused data folder's start-up sync rewrites recent transactions (and the analytical copy follows them). */
async function syncSettled(app: AppPage) {
  const timeout = Number(process.env.E2E_SYNC_TIMEOUT_MS ?? 150_000);
  await expect.poll(async () => (await app.call<{ state: string }>('sync.status')).state, { timeout, intervals: [1000] }).not.toBe('running');
}

interface Row {
  project_id?: string;
  projects?: Array<{ project_id: string }>;
  quantity?: number | null;
}

const NOUN = { 'projects.list': 'projects', 'credits.list': 'credit transactions' } as const;
const COUNT_ID = { 'projects.list': 'projects-count', 'credits.list': 'transactions-count' } as const;
const TABLE_ID = { 'projects.list': 'projects-table', 'credits.list': 'transactions-table' } as const;
/** Rows compared after each change. */
const FIRST_ROWS = 3;

const row = (app: AppPage, view: FilterView, n: number) => app.page.getByTestId(TABLE_ID[view.method]).locator(`[role=row][aria-rowindex="${n + 2}"]`);

/** The table shows the contract's answer to `query`: its count against the unfiltered total, and its first rows. */
async function expectAnswer(app: AppPage, view: FilterView, query: Record<string, unknown>, all: number, label: string) {
  const answer = await app.call<PageOf<Row>>(view.method, { ...query, per_page: FIRST_ROWS });
  const total = answer.pagination.total_entries;
  await expect(app.page.getByTestId(COUNT_ID[view.method]), label).toHaveText(`${fmt(total)} of ${fmt(all)} ${NOUN[view.method]}`);
  for (const [i, item] of answer.data.entries()) {
    if (view.method === 'projects.list') {
      // (the first cell of a row is its watch toggle, the second its project id)
      await expect(row(app, view, i).locator('[role=cell]').nth(1), `${label}: row ${i + 1}`).toHaveText(item.project_id!);
    } else {
      const cells = row(app, view, i);
      for (const p of item.projects ?? []) await expect(cells, `${label}: row ${i + 1}`).toContainText(p.project_id);
      if (item.quantity !== null && item.quantity !== undefined) await expect(cells, `${label}: row ${i + 1}`).toContainText(fmt(item.quantity));
    }
  }
  return total;
}

async function checkChanges(app: AppPage, view: FilterView) {
  await app.goto(view.route);
  await expect(app.page.getByTestId(COUNT_ID[view.method])).not.toContainText('…');
  const all = (await app.call<PageOf<Row>>(view.method, { per_page: 1 })).pagination.total_entries;
  await expectAnswer(app, view, contractInput(view, {}), all, 'before any change');
  await view.open(app);
  const totals: number[] = [];
  for (const [i, change] of view.changes.entries()) {
    await change.act(app);
    totals.push(await expectAnswer(app, view, contractInput(view, change.query), all, `change ${i + 1}, ${change.label}`));
  }
  // The changes narrow the table and widen it again: not one answer for all of them.
  expect(new Set(totals).size).toBeGreaterThan(3);
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
  await syncSettled(app);
});

test('projects: after each of 20 filter and sort changes the table shows the contract\'s answer', async ({ app }) => {
  await checkChanges(app, PROJECTS);
});

test('transactions: after each of 20 filter and sort changes the table shows the contract\'s answer', async ({ app }) => {
  await checkChanges(app, TRANSACTIONS);
});

test('transactions: scrolling the whole table reaches its last row, with only the rows on screen in the DOM', async ({ app }) => {
  const { page } = app;
  await app.goto('/transactions');
  await expect(page.getByTestId('transactions-count')).not.toContainText('…');
  const total = (await app.call<PageOf<Row>>('credits.list', { per_page: 1 })).pagination.total_entries;
  const last = (await app.call<PageOf<Row>>('credits.list', { per_page: 1, current_page: total, sort: [...TRANSACTIONS_DEFAULT_SORT] })).data[0]!;
  const scroller = page.getByTestId('transactions-table').locator('.data-table-scroll');
  const inDom = await scroller.evaluate(async (el) => {
    const counts: number[] = [];
    const steps = 120;
    for (let i = 1; i <= steps; i++) {
      el.scrollTop = (el.scrollHeight * i) / steps;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      counts.push(el.querySelectorAll('[role=row]').length);
    }
    return counts;
  });
  expect(Math.max(...inDom)).toBeLessThan(100);
  // The last row, as the contract orders it, once its page has arrived (the rows' measured heights
  // settle as they render, so the bottom is scrolled to again until it holds the last row).
  const lastRow = page.getByTestId('transactions-table').locator(`[role=row][aria-rowindex="${total + 1}"]`);
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      return lastRow.count();
    })
    .toBe(1);
  for (const p of last.projects ?? []) await expect(lastRow).toContainText(p.project_id);
  if (last.quantity !== null && last.quantity !== undefined) await expect(lastRow).toContainText(fmt(last.quantity));
  expect(await scroller.locator('[role=row]').count()).toBeLessThan(100);
});
