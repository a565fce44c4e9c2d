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
 *   0. Demo first launch (a fresh data folder, CARBON_DEMO_SCALE or 1): seconds until the first
 *      projects are in the cache and until every project is (target: first projects within 10 s).
 *   3. Rate-limited run (BENCH_RATE_LIMIT per minute, default 600, for BENCH_RATE_SECONDS, default
 *      40): requests/min achieved as a ratio of the allowance (target >= 0.9) and the 429 count (0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CreditTransaction } from '../../src/shared/api';
import type { SyncJobName } from '../../src/shared/contract';
import { ApiClient } from '../../src/main/api/api-client';
import type { CacheWrite } from '../../src/main/cache/cache-protocol';
import { openCache } from '../../src/main/workers/open-cache';
import { openQueryableCache } from '../../src/main/analytics/schema';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { createAppContext } from '../../src/main/app-context';
import { SyncEngine } from '../../src/main/sync/sync-engine';
import { MAX_ROWS_PER_STEP, PER_PAGE } from '../../src/main/sync/job-run';
import { webHostPorts } from '../../src/main/hosts/web/web-ports';

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
    const cache = openCache(path.join(work, 'cache.sqlite'));
    const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const engine = new SyncEngine({ cache, client, onProgress: () => undefined });
    peakRss = process.memoryUsage().rss;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    engine.start();
    let lastLog = 0;
    let mirrorStartedAt: number | null = null;
    const ticker = setInterval(() => {
      const s = engine.status();
      if (mirrorStartedAt === null && s.jobs.some((j) => MIRROR_JOBS.includes(j.job) && j.state !== 'queued' && j.state !== 'idle')) mirrorStartedAt = performance.now();
      const running = s.jobs.find((j) => j.state === 'running');
      if (running && Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        say(`  ${running.job}: ${running.rows} rows, page ${running.pages}/${running.totalPages ?? '?'}`);
      }
    }, 500);
    const status = await engine.whenDone();
    clearInterval(ticker);
    const seconds = (performance.now() - t0) / 1000;
    const mirrorSeconds = mirrorStartedAt === null ? 0 : (performance.now() - mirrorStartedAt) / 1000;
    const mirrorRequests = status.jobs.filter((j) => MIRROR_JOBS.includes(j.job)).reduce((n, j) => n + j.pages, 0);
    const cpu = process.cpuUsage(cpu0);
    // CPU of this app process (main thread + cache worker) over wall time: well under 1 core means
    // the sync waits on the service, not on the client.
    const clientCpuShare = (cpu.user + cpu.system) / 1e6 / seconds;
    const rows = status.jobs.reduce((n, j) => n + j.rows, 0);
    const info = await cache.call('read:cacheInfo');
    await cache.close();
    return { state: status.state, lastError: status.lastError, seconds, mirrorSeconds, mirrorItems: mirrorRequests, clientCpuShare, rows, rowsPerSecond: rows / seconds, peakRssMb: peakRss / 2 ** 20, requests: client.stats, tables: info.tables };
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

async function ingestOurs(credits: CreditTransaction[], round: number) {
  // Ours: through the worker as the sync writes when pages arrive faster than they are written:
  // the pages already fetched (200 rows each, up to MAX_ROWS_PER_STEP rows) + the cursor per transaction.
  const file = path.join(work, `ingest-ours-${round}.sqlite`);
  const cache = openCache(file);
  const cp = await cache.call('sync:begin', { job: 'credits', mode: 'full', cursor: { next_page: 1 } });
  const t0 = performance.now();
  let workerMs = 0;
  const perStep = Math.max(1, Math.floor(MAX_ROWS_PER_STEP / PER_PAGE));
  for (let i = 0, page = 1; i < credits.length; i += PER_PAGE * perStep, page += perStep) {
    const writes: CacheWrite[] = [];
    let rows = 0;
    for (let k = 0; k < perStep && i + k * PER_PAGE < credits.length; k++) {
      const items = credits.slice(i + k * PER_PAGE, i + (k + 1) * PER_PAGE);
      rows += items.length;
      writes.push({ op: 'write:creditTransactions', args: { items, pass: cp.pass } });
    }
    const r = await cache.call('sync:step', {
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
  removeDb(file);
  return { oursMs, workerMs };
}

function ingestBare(credits: CreditTransaction[], round: number) {
  // Bare: same schema (same indexes), one prepared INSERT, one transaction, on this thread.
  const bareFile = path.join(work, `ingest-bare-${round}.sqlite`);
  const bare = openQueryableCache(bareFile);
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
  removeDb(bareFile);
  return bareMs;
}

const removeDb = (file: string) => {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Ours and bare, interleaved (alternating which goes first) ROUNDS times on the same rows (at most
 * BENCH_INGEST_ROWS of the synced credits). This machine is shared, so the ratio of the fastest runs
 * is the headline (the least disturbed run of each) and the ratio of the medians is reported beside it.
 */
async function ingestRatio(all: CreditTransaction[]) {
  const credits = all.slice(0, Number(process.env.BENCH_INGEST_ROWS ?? 200_000));
  const rounds = Number(process.env.BENCH_INGEST_ROUNDS ?? 5);
  const ours: Array<{ oursMs: number; workerMs: number }> = [];
  const bare: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      ours.push(await ingestOurs(credits, i));
      bare.push(ingestBare(credits, i));
    } else {
      bare.push(ingestBare(credits, i));
      ours.push(await ingestOurs(credits, i));
    }
  }
  const oursMs = Math.min(...ours.map((r) => r.oursMs));
  const bareMs = Math.min(...bare);
  return {
    rows: credits.length,
    rounds,
    oursRowsPerSecond: credits.length / (oursMs / 1000),
    bareRowsPerSecond: credits.length / (bareMs / 1000),
    ratio: bareMs / oursMs,
    ratioOfMedians: median(bare) / median(ours.map((r) => r.oursMs)),
    /** Time inside the worker's transactions, of the total: the rest is messaging. */
    workerShare: median(ours.map((r) => r.workerMs / r.oursMs)),
  };
}

async function rateLimitedRun() {
  say(`rate-limited run: allowance ${rateLimit}/min for ${rateSeconds} s...`);
  const service = await spawnReferenceService({ scale: 0.05, dbPath: path.join(work, 'service-small.sqlite'), extraArgs: ['--rate-limit-pro', String(rateLimit)], timeoutMs: 120_000 });
  try {
    const cache = openCache(path.join(work, 'cache-rate.sqlite'));
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

const MIRROR_JOBS: SyncJobName[] = ['projectDetails', 'boundaries', 'projectForensics', 'countryUpdates'];
const mirrorSeconds = Number(process.env.BENCH_MIRROR_SECONDS ?? 120);

/**
 * The mirror at the Pro allowance: the synced cache with its mirror emptied, the service enforcing
 * `rateLimit`/min, the mirror jobs run for `mirrorSeconds`; the whole mirror's time is its due
 * requests at the measured pace (and the estimate the app shows the user, for comparison).
 */
async function mirrorAtAllowance() {
  say(`mirror at ${rateLimit}/min for ${mirrorSeconds} s...`);
  const file = path.join(work, 'cache-mirror.sqlite');
  fs.copyFileSync(path.join(work, 'cache.sqlite'), file);
  const db = new Database(file);
  for (const t of ['mirror_items', 'project_boundaries', 'project_forensics', 'forensic_memos', 'project_forensic_entries', 'forensic_weekly_diffs', 'country_updates']) db.prepare(`DELETE FROM ${t}`).run();
  db.prepare(`UPDATE sync_state SET cursor = NULL, state = 'idle' WHERE job IN (${MIRROR_JOBS.map(() => '?').join(', ')})`).run(...MIRROR_JOBS);
  db.close();
  const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', String(rateLimit)], timeoutMs: 600_000 });
  try {
    const cache = openCache(file);
    const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
    const engine = new SyncEngine({ cache, client });
    engine.start({ jobs: ['keyInfo'] });
    await engine.whenDone();
    const plan = (await cache.call('read:cacheInfo')).mirror;
    const before = client.stats.requests;
    const t0 = performance.now();
    engine.start({ jobs: MIRROR_JOBS });
    const stop = setTimeout(() => engine.cancel(), mirrorSeconds * 1000);
    const status = await engine.whenDone();
    clearTimeout(stop);
    const seconds = (performance.now() - t0) / 1000;
    const requests = client.stats.requests - before;
    const perMinute = (requests / seconds) * 60;
    await cache.close();
    return {
      allowance: rateLimit, state: status.state, requests, seconds, requestsPerMinute: perMinute, status429: client.stats.rateLimited,
      dueRequests: plan.estimates.everything.requests, estimatedSeconds: plan.estimates.everything.seconds,
      projectedSeconds: status.state === 'done' ? seconds : (plan.estimates.everything.requests / perMinute) * 60,
    };
  } finally {
    await stopReferenceService(service);
  }
}

/**
 * The change log's cost: the synced cache copied twice (log on, log off), the service restarted on
 * its database advanced 7 days, and the same second sync timed on each copy in turn (twice, so both
 * meet a warm service); the log's share is the ratio of the best times (the least disturbed run of each).
 */
async function changeLogCost() {
  say('change log: second sync after 7 days of changes, with and without the log...');
  const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', '1000000', '--advance-days', '7'], timeoutMs: 600_000 });
  try {
    const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let changes = 0;
    const rounds = Number(process.env.BENCH_LOG_ROUNDS ?? 3);
    for (let round = 0; round < rounds; round++) {
      for (const mode of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const file = path.join(work, `cache-log-${mode}-${round}.sqlite`);
        fs.copyFileSync(path.join(work, 'cache.sqlite'), file);
        const db = new Database(file);
        db.prepare("INSERT OR REPLACE INTO cache_facts (key, value) VALUES ('change_log', ?)").run(mode);
        db.close();
        const cache = openCache(file);
        const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
        const engine = new SyncEngine({ cache, client });
        const t0 = performance.now();
        engine.start();
        const status = await engine.whenDone();
        times[mode].push((performance.now() - t0) / 1000);
        if (status.state !== 'done') throw new Error(`second sync ${mode}: ${status.state} ${JSON.stringify(status.lastError)}`);
        if (mode === 'on') {
          const s = await cache.call('query:changes.summary', {});
          changes = Object.entries(s.counts).filter(([k]) => k !== 'credit_volume_new').reduce((n, [, v]) => n + v, 0);
        }
        await cache.close();
        fs.rmSync(file, { force: true });
      }
    }
    return { secondsWithLog: times.on, secondsWithoutLog: times.off, changes, ratio: Math.min(...times.on) / Math.min(...times.off), target: 1.1 };
  } finally {
    await stopReferenceService(service);
  }
}

async function demoFirstLaunch() {
  say(`demo first launch (scale ${process.env.CARBON_DEMO_SCALE ?? 1}, fresh data folder)...`);
  const ctx = createAppContext({ dataDir: path.join(work, 'demo-app'), ports: webHostPorts(path.join(work, 'demo-app')) });
  const t0 = performance.now();
  try {
    await ctx.syncs.startDemoSync();
    const engine = await ctx.syncs.engineFor('demo');
    let firstProjects: number | null = null;
    for (;;) {
      const projects = engine.status().jobs.find((j) => j.job === 'projects')!;
      if (firstProjects === null && projects.rows > 0) firstProjects = (performance.now() - t0) / 1000;
      if (projects.state === 'done' || projects.state === 'failed' || engine.status().state !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const allProjects = (performance.now() - t0) / 1000;
    return { secondsToFirstProjects: firstProjects, secondsToAllProjects: allProjects, target: 10 };
  } finally {
    await ctx.dispose();
  }
}

async function main() {
  const phases = (process.env.BENCH_PHASES ?? 'demo,sync,mirror,changes,rate').split(',');
  const demo = phases.includes('demo') ? await demoFirstLaunch() : null;
  if (demo) say(`demo: first projects after ${demo.secondsToFirstProjects?.toFixed(1)} s, all projects after ${demo.secondsToAllProjects.toFixed(1)} s (target: first within 10 s)`);
  if (!phases.includes('sync')) {
    const rate = phases.includes('rate') ? await rateLimitedRun() : null;
    if (rate) say(`rate limited: ${rate.requestsPerMinute.toFixed(1)} req/min of ${rate.allowance} = ${rate.ratio.toFixed(3)} (target >= 0.9), 429s: ${rate.status429}`);
    process.stdout.write(`${JSON.stringify({ scale, demo, rate })}\n`);
    clearInterval(rssTimer);
    fs.rmSync(work, { recursive: true, force: true });
    return;
  }
  const sync = await fullSync();
  say(`mirror (no rate limit): ${sync.mirrorItems} items in ${sync.mirrorSeconds.toFixed(1)} s of the full sync`);
  say(`full sync: ${sync.state} in ${sync.seconds.toFixed(1)} s, ${sync.rows} rows, ${Math.round(sync.rowsPerSecond)} rows/s, peak RSS ${sync.peakRssMb.toFixed(0)} MB, ${sync.requests.requests} requests, client CPU ${(sync.clientCpuShare * 100).toFixed(0)}% of one core`);
  clearInterval(rssTimer);
  const mirror = phases.includes('mirror') ? await mirrorAtAllowance() : null;
  if (mirror) {
    say(`mirror at ${mirror.allowance}/min: ${mirror.requests} requests in ${mirror.seconds.toFixed(0)} s = ${mirror.requestsPerMinute.toFixed(1)}/min (${(mirror.requestsPerMinute / mirror.allowance).toFixed(3)} of the allowance), 429s: ${mirror.status429}; ` +
      `the whole mirror (${mirror.dueRequests} requests): ${(mirror.projectedSeconds / 60).toFixed(1)} min at the measured pace, the app estimated ${((mirror.estimatedSeconds ?? 0) / 60).toFixed(1)} min`);
  }
  const changeLog = phases.includes('changes') ? await changeLogCost() : null;
  if (changeLog) {
    say(`change log: second sync with a week of changes (${changeLog.changes} changes logged) ${changeLog.secondsWithLog.map((x) => x.toFixed(1)).join('/')} s with the log, ` +
      `${changeLog.secondsWithoutLog.map((x) => x.toFixed(1)).join('/')} s without: ratio ${changeLog.ratio.toFixed(3)} (target <= ${changeLog.target})`);
  }
  const credits = readCredits(path.join(work, 'cache.sqlite'));
  const ingest = await ingestRatio(credits);
  say(`ingest: ours ${Math.round(ingest.oursRowsPerSecond)} rows/s, bare ${Math.round(ingest.bareRowsPerSecond)} rows/s, ratio ${ingest.ratio.toFixed(2)} (medians ${ingest.ratioOfMedians.toFixed(2)}; target >= 0.7; ${Math.round(ingest.workerShare * 100)}% of our time inside the worker's transactions)`);
  const rate = await rateLimitedRun();
  say(`rate limited: ${rate.requestsPerMinute.toFixed(1)} req/min of ${rate.allowance} = ${rate.ratio.toFixed(3)} (target >= 0.9), 429s: ${rate.status429}`);
  process.stdout.write(`${JSON.stringify({ scale, demo, sync, mirror, changeLog, ingest, rate })}\n`);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
