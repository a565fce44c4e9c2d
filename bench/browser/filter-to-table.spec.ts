/**
 * The browser benchmark's measurements (see index.ts): filter-to-table times against the contract's
 * own answer to the same query, and scrolling frames against idle frames. Prints figures; asserts
 * only that each change reached the table (the correctness of what it shows is
 * e2e/filter-latency.spec.ts's).
 */
import fs from 'node:fs';
import { expect, test as base, type AppPage } from '../../e2e/fixtures';
import { contractInput, PROJECTS, TRANSACTIONS, type FilterView } from '../../e2e/filter-changes';
import { ensureSynced } from '../../e2e/market-sync';
import { startWebHostProcess, type RunningWebHost } from '../../e2e/web-host';

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
    { scope: 'worker', timeout: 30 * 60_000 },
  ],
});

/** The table's first page, as the view asks for it. */
const FIRST_PAGE = { current_page: 1, per_page: 100 };

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]! : NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const stats = (values: number[]) => ({ p50: quantile(values, 0.5), p95: quantile(values, 0.95), max: Math.max(...values) });

function print(line: string, figures: Record<string, unknown>) {
  console.log(`[bench/browser] ${line}`);
  console.log(JSON.stringify(figures));
  test.info().annotations.push({ type: 'bench', description: line });
}

/** Waits until no sync runs: a reused data folder's start-up sync rewrites recent transactions (and the analytical copy follows them). */
async function syncSettled(app: AppPage) {
  const timeout = Number(process.env.E2E_SYNC_TIMEOUT_MS ?? 150_000);
  await expect.poll(async () => (await app.call<{ state: string }>('sync.status')).state, { timeout, intervals: [1000] }).not.toBe('running');
}

const measures = (app: AppPage) => app.page.evaluate(() => performance.getEntriesByName('filter-to-table').map((e) => e.duration));

/** The contract's answer to `input` asked from the page, as the view's bridge asks it: milliseconds to the parsed JSON. */
const contractMs = (app: AppPage, method: string, input: Record<string, unknown>) =>
  app.page.evaluate(async ({ method, input }) => {
    const t0 = performance.now();
    const res = await fetch(`/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(input) });
    await res.json();
    return performance.now() - t0;
  }, { method, input });

async function timeChanges(app: AppPage, view: FilterView, name: string) {
  await app.goto(view.route);
  await expect(app.page.getByTestId(`${name}-count`)).not.toContainText('…');
  await view.open(app);
  await app.page.evaluate(() => performance.clearMeasures('filter-to-table'));
  const baseline: number[] = [];
  for (const [i, change] of view.changes.entries()) {
    await change.act(app);
    await expect.poll(() => measures(app).then((m) => m.length), { timeout: 60_000, message: change.label }).toBeGreaterThanOrEqual(i + 1);
    baseline.push(await contractMs(app, view.method, { ...contractInput(view, change.query), ...FIRST_PAGE }));
  }
  const table = await measures(app);
  const t = stats(table);
  const c = stats(baseline);
  print(
    `${name}: filter-to-table p50 ${ms(t.p50)} p95 ${ms(t.p95)} max ${ms(t.max)}; the contract alone p50 ${ms(c.p50)} p95 ${ms(c.p95)}; ` +
      `ratio p50 ${(t.p50 / c.p50).toFixed(2)} p95 ${(t.p95 / c.p95).toFixed(2)} (n=${table.length}; in order: ${table.map((d) => d.toFixed(0)).join(' ')})`,
    { bench: 'browser', view: name, filterToTable: t, contract: c, ratioP50: t.p50 / c.p50, ratioP95: t.p95 / c.p95, durations: table },
  );
}

test.beforeEach(async ({ app, webHost }) => {
  await ensureSynced(app, webHost);
  await syncSettled(app);
});

test('projects: filter-to-table over 20 changes', async ({ app }) => {
  await timeChanges(app, PROJECTS, 'projects');
});

test('transactions: filter-to-table over 20 changes', async ({ app }) => {
  await timeChanges(app, TRANSACTIONS, 'transactions');
});

test('transactions: frame times while scrolling the whole table', async ({ app }) => {
  await app.goto('/transactions');
  await expect(app.page.getByTestId('transactions-count')).not.toContainText('…');
  const steps = 120;
  const frames = await app.page.getByTestId('transactions-table').locator('.data-table-scroll').evaluate(async (el, steps) => {
    const intervals = async (scroll: boolean) => {
      const out: number[] = [];
      let last = performance.now();
      for (let i = 1; i <= steps; i++) {
        if (scroll) el.scrollTop = (el.scrollHeight * i) / steps;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        out.push(now - last);
        last = now;
      }
      return out;
    };
    const idle = await intervals(false);
    const scrolling = await intervals(true);
    return { idle, scrolling, height: el.scrollHeight };
  }, steps);
  const s = stats(frames.scrolling);
  const i = stats(frames.idle);
  print(
    `scroll: ${steps} jumps across ${Math.round(frames.height / 34)} rows, frame p50 ${ms(s.p50)} p95 ${ms(s.p95)}; idle frames p50 ${ms(i.p50)} p95 ${ms(i.p95)}; ratio p95 ${(s.p95 / i.p95).toFixed(2)}`,
    { bench: 'browser', view: 'transactions-scroll', scrolling: s, idle: i, ratioP95: s.p95 / i.p95 },
  );
});
