/**
 * Offline query benchmark (not part of npm test): `npx tsx bench/query/index.ts`
 *   1. A market from the reference service (BENCH_SCALE, default 1 = 532,799 credit transactions),
 *      synced into a fresh cache with the app's sync CLI (every job; the CLI ends once the analytical
 *      copy follows what it wrote). BENCH_DATA_DIR=DIR keeps the service's market and the synced
 *      cache in DIR and reuses both on the next run.
 *   2. The first launch after that sync: the cache opened (with its copy) and timed; the size of
 *      cache + copy against the service's database (goal <= 2.1).
 *   3. Repeat mode: a fixed set of typical queries per method, each answered BENCH_RUNS times
 *      (default 25, after 3 warm-ups) by the query layer through the cache worker and by the
 *      reference service over loopback HTTP, alternating; the service is the baseline
 *      (ratio = service / ours).
 *   4. Cold mode (cold.ts): BENCH_COLD (default 200) distinct random filter combinations per method,
 *      drawn with BENCH_SEED (default 1) from the values the cache holds, each answered once; p50,
 *      p95 and max against the goals. Then the peak RSS of this process (main thread, writer and
 *      reader threads, DuckDB's copy) against its goal.
 *   BENCH_MODE: repeat, cold or both (default). One JSON line with every number on stdout; the table on stderr.
 * CARBON_TODAY is fixed (2026-06-30) for the service, the sync and the cache worker.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { toQueryString } from '../../src/shared/api/params';
import { contract, type MethodName } from '../../src/shared/contract';
import { openCache } from '../../src/main/workers/open-cache';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { coldCombinations, coldGoalsMs } from './cold';
import { useStreamingHeap } from '../../src/main/hosts/streaming-heap';

const ROOT = path.resolve(__dirname, '../..');
const TODAY = '2026-06-30';
process.env.CARBON_TODAY = TODAY;
const scale = Number(process.env.BENCH_SCALE ?? 1);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const mode = process.env.BENCH_MODE ?? 'both';
const coldCount = Number(process.env.BENCH_COLD ?? 200);
const seed = Number(process.env.BENCH_SEED ?? 1);
const WARMUP = 3;
const say = (line: string) => process.stderr.write(`${line}\n`);

const TARGET_P95_MS: Partial<Record<MethodName, number>> = {
  'projects.list': 30,
  'credits.list': 30,
  'buyers.list': 50,
};
const targetOf = (name: MethodName) => TARGET_P95_MS[name] ?? (name.startsWith('charts.') ? 100 : null);

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

interface BenchQuery {
  method: MethodName;
  label: string;
  input: Record<string, unknown>;
  /** Service path (with path parameters), or null when the service has no such endpoint. */
  path: string | null;
  pathParams?: string[];
}

function typicalQueries(cachePath: string): BenchQuery[] {
  const db = new Database(cachePath, { readonly: true });
  const topProject = db.prepare('SELECT project_id FROM credit_transactions GROUP BY project_id ORDER BY count(*) DESC LIMIT 1').pluck().get() as string;
  const topCountry = db.prepare("SELECT country FROM projects WHERE category = 'forest' GROUP BY country ORDER BY count(*) DESC LIMIT 1").pluck().get() as string;
  const topBuyer = db.prepare(`SELECT retirement_beneficiary_harmonized FROM credit_transactions WHERE transaction_type = 'retirement'
    AND retirement_beneficiary_harmonized IS NOT NULL GROUP BY 1 ORDER BY sum(quantity) DESC LIMIT 1`).pluck().get() as string;
  const topType = db.prepare('SELECT project_type FROM credit_transactions WHERE project_type IS NOT NULL GROUP BY project_type ORDER BY count(*) DESC LIMIT 1').pluck().get() as string;
  db.close();
  const buyerWord = topBuyer.split(/\s+/)[0]!.slice(0, 5);
  const e = encodeURIComponent;
  return [
    { method: 'projects.list', label: 'first page', input: {}, path: '/v1/projects/' },
    { method: 'projects.list', label: 'forest, -issued', input: { category: ['forest'], sort: ['-issued'] }, path: '/v1/projects/' },
    { method: 'projects.list', label: 'search "forest"', input: { search: 'forest' }, path: '/v1/projects/' },
    { method: 'projects.list', label: `verra in ${topCountry}, page 2`, input: { registry: ['verra'], country: [topCountry], current_page: 2 }, path: '/v1/projects/' },
    { method: 'projects.list', label: 'SDG 13 AND 15, +country', input: { sdg_goals: [13, 15], sort: ['+country'] }, path: '/v1/projects/' },
    { method: 'credits.list', label: 'first page', input: {}, path: '/v1/credits/' },
    { method: 'credits.list', label: 'page 500', input: { current_page: 500 }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'one project', input: { project_id: [topProject] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'retirements, -transaction_date', input: { transaction_type: ['retirement'], sort: ['-transaction_date'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: `beneficiary "${buyerWord}"`, input: { beneficiary_search: buyerWord }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'forest since 2024, -quantity', input: { category: ['forest'], transaction_date_from: '2024-01-01', sort: ['-quantity'] }, path: '/v1/credits/' },
    // the Transactions view's filter changes (e2e/filter-latency.spec.ts): project filters on transactions, sorts walking an index
    { method: 'credits.list', label: 'retirements, verra, -transaction_date', input: { transaction_type: ['retirement'], registry: ['verra'], sort: ['-transaction_date'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'retire+issue, verra, -quantity', input: { transaction_type: ['retirement', 'issuance'], registry: ['verra'], sort: ['-quantity'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'retirements, verra+GS, -vintage', input: { transaction_type: ['retirement'], registry: ['verra', 'gold-standard'], sort: ['-vintage'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'retirements, verra+GS, no CORSIA, -vintage', input: { transaction_type: ['retirement'], registry: ['verra', 'gold-standard'], has_corsia: false, sort: ['-vintage'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'retirements, GS, +buyer', input: { transaction_type: ['retirement'], registry: ['gold-standard'], sort: ['retirement_beneficiary_harmonized'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'GS, +buyer', input: { registry: ['gold-standard'], sort: ['retirement_beneficiary_harmonized'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'GS, +retirement_account', input: { registry: ['gold-standard'], sort: ['retirement_account'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: `type ${topType}, retirements, +vintage`, input: { project_type: [topType], transaction_type: ['retirement'], sort: ['vintage'] }, path: '/v1/credits/' },
    { method: 'credits.list', label: 'CORSIA, -transaction_date', input: { has_corsia: true, sort: ['-transaction_date'] }, path: '/v1/credits/' },
    { method: 'buyers.list', label: 'first page (-total_volume)', input: {}, path: '/v1/buyers/' },
    { method: 'buyers.list', label: 'active 12m, -volume_12m', input: { is_active_12m: true, sort: ['-volume_12m'] }, path: '/v1/buyers/' },
    { method: 'buyers.list', label: `search "${buyerWord}"`, input: { search: buyerWord }, path: '/v1/buyers/' },
    { method: 'buyers.list', label: `forest in ${topCountry}`, input: { category: ['forest'], country: [topCountry] }, path: '/v1/buyers/' },
    { method: 'charts.retirementsByVintage', label: 'top project', input: { project_id: topProject }, path: `/v1/charts/credits_retirements_by_vintage/${e(topProject)}`, pathParams: ['project_id'] },
    { method: 'charts.creditsByTransactionDate', label: 'top project, M', input: { project_id: topProject, freq: 'M' }, path: `/v1/charts/credits_by_transaction_date/${e(topProject)}`, pathParams: ['project_id'] },
    { method: 'charts.creditsByCategory', label: 'all', input: {}, path: '/v1/charts/credits_by_category' },
    { method: 'charts.creditsByCategory', label: `beneficiary "${buyerWord}"`, input: { beneficiary_search: buyerWord }, path: '/v1/charts/credits_by_category' },
    { method: 'charts.projectsByListingDate', label: 'M', input: { freq: 'M' }, path: '/v1/charts/projects_by_listing_date' },
    { method: 'charts.supplyDemand', label: 'monthly', input: { aggregation: 'monthly' }, path: '/v1/supply-demand/' },
    { method: 'charts.supplyDemand', label: `forest in ${topCountry}, yearly`, input: { category: ['forest'], country: [topCountry] }, path: '/v1/supply-demand/' },
    { method: 'charts.creditsByTransactionDateAll', label: 'all projects, M', input: { freq: 'M' }, path: null },
    { method: 'charts.creditsByTransactionDateAll', label: 'all projects, retirements 2025, W', input: { freq: 'W', transaction_type: ['retirement'], transaction_date_from: '2025-01-01', transaction_date_to: '2025-12-31' }, path: null },
  ];
}

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/** Samples this process's resident set size until stopped: the peak seen. */
function peakRss(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return { stop: () => (clearInterval(timer), Math.max(peak, process.memoryUsage.rss())) };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  // As every host of the app does: the readers' threads are this process's.
  useStreamingHeap();
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  const work = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-query-'));
  fs.mkdirSync(work, { recursive: true });
  const dataDir = path.join(work, 'data');
  say(`starting the reference service at scale ${scale} (${fs.existsSync(path.join(work, 'service.sqlite')) ? 'reusing' : 'generating'} the market)...`);
  const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', '1000000'], timeoutMs: 600_000 });
  let cache: ReturnType<typeof openCache> | null = null;
  try {
    const summaryFile = path.join(work, 'sync-summary.json');
    if (!fs.existsSync(summaryFile)) {
      say('syncing every job with the sync CLI (this takes minutes at default scale)...');
      const t0 = performance.now();
      const sync = await run(['src/main/hosts/cli/index.ts', 'sync', '--base-url', service.baseUrl, '--data-dir', dataDir, '--quiet'], {
        ...process.env,
        CARBON_API_KEY: service.apiKey,
      });
      if (sync.code !== 0) throw new Error(`sync failed (${sync.code}): ${sync.stdout}\n${sync.stderr}`);
      fs.writeFileSync(summaryFile, sync.stdout.trim().split('\n').pop()!);
      say(`synced in ${Math.round((performance.now() - t0) / 1000)} s`);
    }
    const summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as { cache: string };
    // The first launch after the sync: the reader opens the cache and its analytical copy.
    const rss = peakRss();
    const openedAt = performance.now();
    cache = openCache(summary.cache);
    const status = await cache.call('copy:status');
    const openMs = Math.round(performance.now() - openedAt);
    const info = new Database(summary.cache, { readonly: true });
    const credits = info.prepare('SELECT count(*) FROM credit_transactions').pluck().get() as number;
    info.close();
    const bytes = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    const cacheBytes = bytes(summary.cache) + bytes(`${summary.cache}-wal`);
    const copyBytes = bytes(`${summary.cache}.duckdb`) + bytes(`${summary.cache}.duckdb.wal`);
    const serviceBytes = bytes(path.join(work, 'service.sqlite'));
    const sizeRatio = Math.round(((cacheBytes + copyBytes) / serviceBytes) * 100) / 100;
    say(`cache: ${credits} credit transactions; opened with its analytical copy in ${openMs} ms (${status?.current ? 'current' : 'NOT current'});` +
      ` cache ${mb(cacheBytes)} + copy ${mb(copyBytes)} = ${sizeRatio} x the service's database (${mb(serviceBytes)}), goal <= 2.1 ${sizeRatio <= 2.1 ? 'met' : 'NOT MET'}`);

    const results = [];
    for (const q of mode === 'cold' ? [] : typicalQueries(summary.cache)) {
      const parsed = contract[q.method].input.parse(q.input) as Record<string, unknown>;
      const query = { ...parsed };
      for (const p of q.pathParams ?? []) delete query[p];
      const url = q.path ? `${service.baseUrl}${q.path}${toQueryString(query)}` : null;
      const ours: number[] = [];
      const theirs: number[] = [];
      // The first answer is cold (both sides remember counts and aggregates until the data changes).
      let oursFirst = 0;
      let theirsFirst = 0;
      for (let i = 0; i < WARMUP + runs; i++) {
        let t = performance.now();
        await (cache.call as (op: string, args: unknown) => Promise<unknown>)(`query:${q.method}`, parsed);
        const o = performance.now() - t;
        if (i === 0) oursFirst = o;
        if (i >= WARMUP) ours.push(o);
        if (url) {
          t = performance.now();
          const res = await fetch(url, { headers: { 'X-API-KEY': service.apiKey } });
          if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
          await res.json();
          const s = performance.now() - t;
          if (i === 0) theirsFirst = s;
          if (i >= WARMUP) theirs.push(s);
        }
      }
      ours.sort((a, b) => a - b);
      theirs.sort((a, b) => a - b);
      const row = {
        method: q.method,
        query: q.label,
        ours: { first: ms(oursFirst), p50: ms(quantile(ours, 0.5)), p95: ms(quantile(ours, 0.95)) },
        service: url ? { first: ms(theirsFirst), p50: ms(quantile(theirs, 0.5)), p95: ms(quantile(theirs, 0.95)) } : null,
        ratio: url ? { p50: ms(quantile(theirs, 0.5) / quantile(ours, 0.5)), p95: ms(quantile(theirs, 0.95) / quantile(ours, 0.95)) } : null,
        targetP95: targetOf(q.method),
      };
      const ok = row.targetP95 === null ? '' : row.ours.p95 < row.targetP95 ? 'ok' : 'OVER';
      say(
        `${q.method.padEnd(34)} ${q.label.slice(0, 34).padEnd(34)} ours first ${String(row.ours.first).padStart(7)} p50 ${String(row.ours.p50).padStart(6)} p95 ${String(row.ours.p95).padStart(6)} ms` +
          (row.service
            ? ` | service first ${String(row.service.first).padStart(7)} p50 ${String(row.service.p50).padStart(6)} p95 ${String(row.service.p95).padStart(6)} ms | service/ours p50 x${row.ratio!.p50} p95 x${row.ratio!.p95}`
            : ' | service: no endpoint') +
          (row.targetP95 !== null ? ` | target p95 < ${row.targetP95} ms ${ok}` : ''),
      );
      results.push(row);
    }
    const cold = [];
    for (const { method, inputs } of mode === 'repeat' ? [] : coldCombinations(summary.cache, coldCount, seed)) {
      const times: number[] = [];
      let slowest = { ms: 0, input: {} as Record<string, unknown> };
      for (const input of inputs) {
        const t = performance.now();
        await (cache.call as (op: string, args: unknown) => Promise<unknown>)(`query:${method}`, input);
        const took = performance.now() - t;
        times.push(took);
        if (took > slowest.ms) slowest = { ms: took, input };
      }
      times.sort((a, b) => a - b);
      const goal = coldGoalsMs(method, scale);
      const row = { method, n: times.length, p50: ms(quantile(times, 0.5)), p95: ms(quantile(times, 0.95)), max: ms(times.at(-1)!), goal, slowest: slowest.input };
      const met = goal === null ? '' : row.p95 <= goal.p95 && row.max <= goal.max ? 'met' : 'NOT MET';
      say(`cold ${method.padEnd(34)} n=${row.n} first answers p50 ${row.p50} p95 ${row.p95} max ${row.max} ms | goal p95 <= ${goal?.p95} max <= ${goal?.max} ms ${met} | slowest ${JSON.stringify(row.slowest)}`);
      cold.push(row);
    }
    const peak = rss.stop();
    say(`peak RSS of the reading process (this one: main thread, writer, reader with its copy): ${mb(peak)}, goal <= ${scale >= 10 ? 450 : 300} MB ${peak <= (scale >= 10 ? 450 : 300) * 1e6 ? 'met' : 'NOT MET'}`);
    process.stdout.write(`${JSON.stringify({ scale, credits, runs, seed, today: TODAY, openMs, copyCurrent: status?.current ?? false, cacheBytes, copyBytes, serviceBytes, sizeRatio, peakRssBytes: peak, results, cold, loadavg: os.loadavg() })}\n`);
  } finally {
    await cache?.close();
    await stopReferenceService(service);
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
