/**
 * Sync benchmark (not part of npm test): `npx tsx bench/sync/index.ts`
 *   1. Full sync of the default-scale market (BENCH_SCALE, default 1) from the reference service on
 *      loopback with no rate limit: wall time, rows/s, peak RSS of this process (the cache worker
 *      included).
 *   2. Cache ingest rate: the credit transactions just synced are written again through the cache
 *      worker exactly as the sync writes them (a page of 200 + its cursor per transaction, messages
 *      to the worker), and with a bare better-sqlite3 bulk insert of the same rows into the same
 *      schema (one prepared statement, one transaction) measured in this same run. Ratio = our
 *      rate / bare rate (target >= 0.7).
 *   3. Rate-limited run (BENCH_RATE_LIMIT per minute, default 600, for BENCH_RATE_SECONDS, default
 *      40): requests/min achieved as a ratio of the allowance (target >= 0.9) and the 429 count (0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CreditTransaction } from '../../src/shared/api';
import { ApiClient } from '../../src/main/api/api-client';
import { openCacheClient } from '../../src/main/cache/cache-client';
import { openCacheDatabase } from '../../src/main/cache/database';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { SyncEngine } from '../../src/main/sync/sync-engine';
import { MAX_ROWS_PER_STEP, PER_PAGE } from '../../src/main/sync/sync-jobs';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const rateLimit = Number(process.env.BENCH_RATE_LIMIT ?? 600);
const rateSeconds = Number(process.env.BENCH_RATE_SECONDS ?? 40);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-sync-'));
const say = (line: string) => process.stderr.write(`${line}\n`);

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function fullSync() {
  say(`starting the reference service at scale ${scale} (generating the market)...`);
  const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', '1000000'], timeoutMs: 600_000 });
  try {
    const cache = openCacheClient(path.join(work, 'cache.sqlite'));
    const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const engine = new SyncEngine({ cache, client, onProgress: () => undefined });
    peakRss = process.memoryUsage().rss;
    const t0 = performance.now();
    engine.start();
    let lastLog = 0;
    const ticker = setInterval(() => {
      const s = engine.status();
      const running = s.jobs.find((j) => j.state === 'running');
      if (running && Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        say(`  ${running.job}: ${running.rows} rows, page ${running.pages}/${running.totalPages ?? '?'}`);
      }
    }, 500);
    const status = await engine.whenDone();
    clearInterval(ticker);
    const seconds = (performance.now() - t0) / 1000;
    const rows = status.jobs.reduce((n, j) => n + j.rows, 0);
    const info = await cache.call<{ tables: Record<string, number> }>('read:cacheInfo');
    await cache.close();
    return { state: status.state, lastError: status.lastError, seconds, rows, rowsPerSecond: rows / seconds, peakRssMb: peakRss / 2 ** 20, requests: client.stats, tables: info.tables };
  } finally {
    await stopReferenceService(service);
  }
}

function readCredits(file: string): CreditTransaction[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT * FROM credit_transactions ORDER BY id').all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: r.id as number,
      quantity: r.quantity as number,
      vintage: r.vintage as number | null,
      transaction_date: r.transaction_date as string | null,
      transaction_type: r.transaction_type as string | null,
      retirement_account: r.retirement_account as string | null,
      retirement_beneficiary: r.retirement_beneficiary as string | null,
      retirement_reason: r.retirement_reason as string | null,
      retirement_note: r.retirement_note as string | null,
      retirement_beneficiary_harmonized: r.retirement_beneficiary_harmonized as string | null,
      projects: JSON.parse(r.projects as string),
      sdg_goals: JSON.parse(r.sdg_goals as string),
      certifications: JSON.parse(r.certifications as string),
    }));
  } finally {
    db.close();
  }
}

async function ingestOnce(credits: CreditTransaction[], round: number) {
  // Ours: through the worker as the sync writes when pages arrive faster than they are written:
  // the pages already fetched (200 rows each, up to MAX_ROWS_PER_STEP rows) + the cursor per transaction.
  const file = path.join(work, `ingest-ours-${round}.sqlite`);
  const cache = openCacheClient(file);
  const cp = await cache.call<{ pass: number }>('sync:begin', { job: 'credits', mode: 'full', cursor: { next_page: 1 } });
  const t0 = performance.now();
  let workerMs = 0;
  const perStep = Math.max(1, Math.floor(MAX_ROWS_PER_STEP / PER_PAGE));
  for (let i = 0, page = 1; i < credits.length; i += PER_PAGE * perStep, page += perStep) {
    const writes = [];
    let rows = 0;
    for (let k = 0; k < perStep && i + k * PER_PAGE < credits.length; k++) {
      const items = credits.slice(i + k * PER_PAGE, i + (k + 1) * PER_PAGE);
      rows += items.length;
      writes.push({ op: 'write:creditTransactions', args: { items, pass: cp.pass } });
    }
    const r = await cache.call<{ ms: number }>('sync:step', {
      job: 'credits',
      writes,
      cursor: i + PER_PAGE * perStep < credits.length ? { next_page: page + perStep } : null,
      rows,
      pages: writes.length,
    });
    workerMs += r.ms;
  }
  const oursMs = performance.now() - t0;
  await cache.close();

  // Bare: same schema (same indexes), one prepared INSERT, one transaction, on this thread.
  const bare = openCacheDatabase(path.join(work, `ingest-bare-${round}.sqlite`));
  const insert = bare.prepare(`INSERT INTO credit_transactions (id, quantity, vintage, transaction_date, transaction_type,
    retirement_account, retirement_beneficiary, retirement_reason, retirement_note, retirement_beneficiary_harmonized,
    project_id, category, project_type, projects, sdg_goals, certifications, sync_pass) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const t1 = performance.now();
  bare.transaction(() => {
    for (const t of credits) {
      const p = t.projects[0];
      insert.run(t.id, t.quantity, t.vintage, t.transaction_date, t.transaction_type, t.retirement_account, t.retirement_beneficiary,
        t.retirement_reason, t.retirement_note, t.retirement_beneficiary_harmonized, p?.project_id ?? null, p?.category ?? null,
        p?.project_type ?? null, JSON.stringify(t.projects), JSON.stringify(t.sdg_goals), JSON.stringify(t.certifications), 1);
    }
  })();
  const bareMs = performance.now() - t1;
  bare.close();
  return { oursMs, bareMs, workerMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Ours and bare, interleaved ROUNDS times on this (shared) machine; medians compared. */
async function ingestRatio(credits: CreditTransaction[]) {
  const rounds = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);
  const runs = [];
  for (let i = 0; i < rounds; i++) runs.push(await ingestOnce(credits, i));
  const oursMs = median(runs.map((r) => r.oursMs));
  const bareMs = median(runs.map((r) => r.bareMs));
  return {
    rows: credits.length,
    rounds,
    oursRowsPerSecond: credits.length / (oursMs / 1000),
    bareRowsPerSecond: credits.length / (bareMs / 1000),
    ratio: bareMs / oursMs,
    /** Time inside the worker's transactions, of the total: the rest is messaging. */
    workerShare: median(runs.map((r) => r.workerMs / r.oursMs)),
  };
}

async function rateLimitedRun() {
  say(`rate-limited run: allowance ${rateLimit}/min for ${rateSeconds} s...`);
  const service = await spawnReferenceService({ scale: 0.05, dbPath: path.join(work, 'service-small.sqlite'), extraArgs: ['--rate-limit-pro', String(rateLimit)], timeoutMs: 120_000 });
  try {
    const cache = openCacheClient(path.join(work, 'cache-rate.sqlite'));
    const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const engine = new SyncEngine({ cache, client });
    const t0 = Date.now();
    let first = true;
    while (Date.now() - t0 < rateSeconds * 1000) {
      engine.start(first ? {} : { jobs: ['credits'], full: true });
      first = false;
      const stop = setTimeout(() => engine.cancel(), Math.max(0, rateSeconds * 1000 - (Date.now() - t0)));
      const s = await engine.whenDone();
      clearTimeout(stop);
      if (s.state === 'failed') throw new Error(`rate-limited sync failed: ${JSON.stringify(s.lastError)}`);
    }
    const minutes = (Date.now() - t0) / 60_000;
    await cache.close();
    const perMinute = client.stats.requests / minutes;
    return { allowance: rateLimit, learned: client.pacer.rateLimitPerMinute, requests: client.stats.requests, requestsPerMinute: perMinute, ratio: perMinute / rateLimit, status429: client.stats.rateLimited };
  } finally {
    await stopReferenceService(service);
  }
}

async function main() {
  const sync = await fullSync();
  say(`full sync: ${sync.state} in ${sync.seconds.toFixed(1)} s, ${sync.rows} rows, ${Math.round(sync.rowsPerSecond)} rows/s, peak RSS ${sync.peakRssMb.toFixed(0)} MB, ${sync.requests.requests} requests`);
  clearInterval(rssTimer);
  const credits = readCredits(path.join(work, 'cache.sqlite'));
  const ingest = await ingestRatio(credits);
  say(`ingest: ours ${Math.round(ingest.oursRowsPerSecond)} rows/s, bare ${Math.round(ingest.bareRowsPerSecond)} rows/s, ratio ${ingest.ratio.toFixed(2)} (target >= 0.7; ${Math.round(ingest.workerShare * 100)}% of our time inside the worker's transactions)`);
  const rate = await rateLimitedRun();
  say(`rate limited: ${rate.requestsPerMinute.toFixed(1)} req/min of ${rate.allowance} = ${rate.ratio.toFixed(3)} (target >= 0.9), 429s: ${rate.status429}`);
  process.stdout.write(`${JSON.stringify({ scale, sync, ingest, rate })}\n`);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
