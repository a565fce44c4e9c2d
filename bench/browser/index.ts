/**
 * Browser benchmark (not part of npm test): `npm run bench -- browser`, or `npx tsx bench/browser/index.ts`.
 *   Builds the renderer for the web host, then runs filter-to-table.spec.ts with Playwright in
 *   Chromium against the web host on the built-in demo market:
 *   1. The twenty filter and sort changes of Projects and of Transactions (e2e/filter-changes.ts,
 *      the changes e2e/filter-latency.spec.ts checks for correctness), each timed in the browser from
 *      the change to the table showing its answer (performance measure `filter-to-table`). Baseline,
 *      in the same run: the same query's first page asked again of the contract straight from the
 *      page once the table shows it (POST /rpc/<method>, JSON parsed; warm, so what the query layer
 *      keeps of it is not computed again): the bridge and the query layer without the renderer.
 *      Printed: p50, p95 and max of both, and their ratios.
 *   2. Frame times while scrolling the whole Transactions table in 120 jumps, against the page's
 *      frames while nothing scrolls.
 *   BENCH_SCALE (default 1: the default demo market, about 530,000 credit transactions; its first
 *   run generates and syncs the market) sets the market's size; BENCH_DATA_DIR=DIR keeps the web
 *   host's data folder (market and synced cache) in DIR for the next run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const env = {
  ...process.env,
  CARBON_DEMO_SCALE: process.env.BENCH_SCALE ?? '1',
  // A first sync of the default market takes minutes.
  E2E_SYNC_TIMEOUT_MS: process.env.E2E_SYNC_TIMEOUT_MS ?? '1200000',
  ...(process.env.BENCH_DATA_DIR ? { E2E_DATA_DIR: path.resolve(process.env.BENCH_DATA_DIR) } : {}),
};
const step = (command: string, args: string[]) => {
  const res = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};
step('npm', ['run', '--silent', 'build:web']);
step(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', path.join(__dirname, 'playwright.config.ts')]);
