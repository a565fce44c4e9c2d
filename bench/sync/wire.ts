/**
 * The whole sync against what the wire allows, measured in the same run (see index.ts for the
 * phases that use these):
 * - `plainFetch`: the naive baseline — every page of /v1/projects/ and /v1/credits/ fetched one after
 *   the other and JSON-parsed, nothing validated or stored.
 * - `timedSync`: Carbon Desk's sync of the same resources (or all jobs) into a fresh cache, with its
 *   peak RSS, its ETA samples and the cache's size.
 * - `readsDuringResync`: views' queries answered while a full resync writes, against the same queries
 *   on an idle cache.
 * - `cliSync`: the same sync run by the CLI in a process of its own, its peak RSS read from the kernel
 *   (the bench's own process also holds what its other phases left behind): from the sources under
 *   tsx, as `npm run cli` runs it, and bundled (`bundleCli`), as the shipped app's code runs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { contract, type MethodName, type SyncJobName, type SyncStatus } from '../../src/shared/contract';
import { ApiClient } from '../../src/main/api/api-client';
import type { CacheClient } from '../../src/main/cache/cache-client';
import { openCache } from '../../src/main/workers/open-cache';
import { SyncEngine } from '../../src/main/sync/sync-engine';

export interface Service {
  baseUrl: string;
  apiKey: string;
}

/** Every page of `path` (sorted as the sync asks), one request at a time; answers pages and rows. */
async function pageThrough(service: Service, path: string, sort: string): Promise<{ pages: number; rows: number; bytes: number }> {
  let url: string | null = `${service.baseUrl}${path}?sort=${sort}&per_page=200&current_page=1`;
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  while (url) {
    const res = await fetch(url, { headers: { 'X-API-KEY': service.apiKey } });
    const text = await res.text();
    if (!res.ok) throw new Error(`plain fetch: ${res.status} on ${url}`);
    const body = JSON.parse(text) as { data: unknown[]; pagination: { next_page: string | null } };
    pages++;
    rows += body.data.length;
    bytes += text.length;
    const next: string | null = body.pagination.next_page;
    url = next && body.data.length ? new URL(next, service.baseUrl).toString() : null;
  }
  return { pages, rows, bytes };
}

export async function plainFetch(service: Service): Promise<{ seconds: number; pages: number; rows: number; megabytes: number }> {
  const t0 = performance.now();
  const projects = await pageThrough(service, '/v1/projects/', 'project_id');
  const credits = await pageThrough(service, '/v1/credits/', 'id');
  return {
    seconds: (performance.now() - t0) / 1000,
    pages: projects.pages + credits.pages,
    rows: projects.rows + credits.rows,
    megabytes: (projects.bytes + credits.bytes) / 2 ** 20,
  };
}

/** The kernel's high-water mark of a process's resident set (VmHWM), MB; null off Linux or once it is gone. */
function residentPeakMb(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const ROOT = path.resolve(__dirname, '../..');

/**
 * The CLI and its worker threads bundled into `outDir`, as electron-vite bundles them for the app
 * (packages left to node_modules, the migrations copied beside): answers the CLI's entry. Under tsx
 * every thread compiles the sources as it starts, which costs memory and time the app does not
 * spend, so the syncing process's peak RSS is judged on this bundle.
 */
export async function bundleCli(outDir: string): Promise<string> {
  if (!outDir.startsWith(ROOT + path.sep)) throw new Error('the bundle resolves its packages from node_modules: it must be inside the repository');
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: ['src/main/hosts/cli/index.ts', 'src/main/workers/cache-worker.ts'].map((e) => path.join(ROOT, e)),
    bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external',
    outdir: outDir, entryNames: '[name]', logLevel: 'warning',
  });
  for (const [set, dir] of [['cache', 'src/main/cache/migrations'], ['analytics', 'src/main/analytics/migrations']] as const) {
    fs.cpSync(path.join(ROOT, dir), path.join(outDir, 'migrations', set), { recursive: true });
  }
  return path.join(outDir, 'index.js');
}

/**
 * A sync of `jobs` (default: every job) run by the CLI (`carbon-desk sync`) in a process of its own, into a fresh data
 * folder: its time and its peak RSS (VmHWM, read every 50 ms until it exits; null when the system has
 * no /proc). `bundle`: the entry bundleCli made; without it the process is node with tsx's loader, as
 * `npm run cli` runs it.
 */
export async function cliSync(dataDir: string, service: Service, jobs?: SyncJobName[], bundle?: string): Promise<{ seconds: number; peakRssMb: number | null }> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const entry = bundle ? [bundle] : ['--import', 'tsx', path.join(ROOT, 'src/main/hosts/cli/index.ts')];
  const t0 = performance.now();
  const child = spawn(process.execPath, [...entry, 'sync', '--base-url', service.baseUrl, '--data-dir', dataDir, ...(jobs ? ['--only', jobs.join(',')] : []), '--quiet'], {
    env: { ...process.env, CARBON_API_KEY: service.apiKey },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  let peak: number | null = null;
  const sample = () => {
    const mb = child.pid === undefined ? null : residentPeakMb(child.pid);
    if (mb !== null) peak = Math.max(peak ?? 0, mb);
  };
  const timer = setInterval(sample, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearInterval(timer);
  if (code !== 0) throw new Error(`the CLI sync exited with ${code}: ${stderr.trim()}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: peak };
}

/** Peak RSS of this process (the cache's worker threads are in it) while `work` runs. */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const value = await work();
    return { value, peakRssMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

export interface EtaSample {
  atSeconds: number;
  etaSeconds: number | null;
  source: 'run' | 'job';
  /** Jobs the ETA said it left out, not sized yet (the user reads "not counting …" beside it). */
  leftOut: number;
  /**
   * Each job not done yet: its state, its own ETA (what the run's was made of) and its pages (or
   * items) so far and in all, so a trace shows each job's pace beside its estimate (BENCH_ETA_TRACE
   * writes them).
   */
  jobs: Array<[job: string, state: string, etaSeconds: number | null, pages: number, totalPages: number | null]>;
}

/** The ETA the user sees: the whole run's when the status carries one, else the running job's. */
function etaOf(status: SyncStatus): { eta: number | null; source: 'run' | 'job'; leftOut: number } {
  const run = (status as { etaSeconds?: number | null }).etaSeconds;
  const leftOut = (status as { etaLeavesOut?: unknown[] }).etaLeavesOut?.length ?? 0;
  if (run !== undefined) return { eta: run, source: 'run', leftOut };
  return { eta: status.jobs.find((j) => j.state === 'running')?.etaSeconds ?? null, source: 'job', leftOut };
}

/** What a status shows of the ETA `atSeconds` into the run: the run's (or the running job's), and each job not done yet. */
export function etaSample(status: SyncStatus, atSeconds: number): EtaSample {
  const { eta, source, leftOut } = etaOf(status);
  const jobs = status.jobs
    .filter((j) => j.state === 'running' || j.state === 'queued' || j.state === 'paused')
    .map((j): EtaSample['jobs'][number] => [j.job, j.state, j.etaSeconds, j.pages, j.totalPages]);
  return { atSeconds, etaSeconds: eta, source, leftOut, jobs };
}

/** How far the ETA shown after `from` of the run was from the time actually left: median and max relative error. */
export function etaError(
  samples: EtaSample[], totalSeconds: number, from = 0.1,
): {
  median: number; max: number; maxBeyondRounding: number; samples: number; source: string; worst: string; trace: string;
  leftOutUntil: number | null; maxBeyondRoundingSized: number;
} {
  const judged = samples.filter((s) => s.atSeconds >= from * totalSeconds && s.etaSeconds !== null && totalSeconds - s.atSeconds >= 1);
  const relative = (miss: (s: EtaSample) => number) => judged.map((s) => miss(s) / (totalSeconds - s.atSeconds)).sort((a, b) => a - b);
  const errors = relative((s) => Math.abs(s.etaSeconds! - (totalSeconds - s.atSeconds)));
  // The ETA is shown in whole seconds: a perfect estimate, rounded, is up to half a second off, which
  // with 1 to 2.5 s left is more than 20% of what is left (2 s shown with 1.6 s left). What the
  // estimate itself missed is the error beyond that rounding.
  const overRounding = (s: EtaSample) => Math.max(0, Math.abs(s.etaSeconds! - (totalSeconds - s.atSeconds)) - 0.5);
  const beyondRounding = relative(overRounding);
  const miss = (s: EtaSample) => overRounding(s) / (totalSeconds - s.atSeconds);
  const worst = judged.reduce<EtaSample | null>((w, s) => (w === null || miss(s) > miss(w) ? s : w), null);
  // The last moment the ETA said it left some job out (not sized yet), and its worst error after that.
  const lastLeftOut = samples.filter((s) => s.leftOut > 0).at(-1);
  const sized = judged.filter((s) => lastLeftOut === undefined || s.atSeconds > lastLeftOut.atSeconds);
  return {
    median: errors.length ? errors[Math.floor(errors.length / 2)]! : NaN,
    max: errors.length ? errors[errors.length - 1]! : NaN,
    maxBeyondRounding: beyondRounding.length ? beyondRounding[beyondRounding.length - 1]! : NaN,
    samples: errors.length,
    source: samples[0]?.source ?? 'none',
    // The moment of the largest error beyond the rounding: seconds in, the ETA shown, the time actually left.
    worst: worst ? `${worst.atSeconds.toFixed(1)} s in: ${worst.etaSeconds} s shown, ${(totalSeconds - worst.atSeconds).toFixed(1)} s left${worst.leftOut ? ` (shown as not counting ${worst.leftOut} jobs not sized yet)` : ''}` : 'none',
    leftOutUntil: lastLeftOut?.atSeconds ?? null,
    maxBeyondRoundingSized: sized.reduce((m, s) => Math.max(m, miss(s)), 0),
    // About twenty moments of the run: seconds in, the ETA shown, the time that was actually left.
    trace: samples
      .filter((_, i) => i % Math.max(1, Math.floor(samples.length / 20)) === 0)
      .map((s) => `${s.atSeconds.toFixed(0)}s: ${s.etaSeconds ?? '?'}/${(totalSeconds - s.atSeconds).toFixed(0)}`)
      .join(', '),
  };
}

export interface TimedSync {
  state: SyncStatus['state'];
  seconds: number;
  requests: number;
  rows: number;
  peakRssMb: number;
  eta: EtaSample[];
  /** Of `seconds`, the wait after the sync's last step until the analytical copy mirrored it (the views then answer from it). */
  copySeconds: number;
}

/**
 * One sync run of `jobs` (all when omitted) on an open cache, timed until every view answers from
 * the analytical copy (it mirrors what the sync wrote), its ETA sampled every 250 ms.
 */
export async function timedSync(cache: CacheClient, service: Service, options: { jobs?: SyncJobName[]; full?: boolean } = {}): Promise<TimedSync> {
  const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
  const engine = new SyncEngine({ cache, client });
  const eta: EtaSample[] = [];
  const t0 = performance.now();
  let done_ = t0;
  const { value: status, peakRssMb } = await withPeakRss(async () => {
    engine.start(options);
    const sampler = setInterval(() => eta.push(etaSample(engine.status(), (performance.now() - t0) / 1000)), 250);
    try {
      const done = await engine.whenDone();
      done_ = performance.now();
      const copy = await cache.call('copy:settled');
      if (!copy?.current) throw new Error('the analytical copy did not catch up with the sync');
      return done;
    } finally {
      clearInterval(sampler);
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  if (status.state !== 'done') throw new Error(`sync ${status.state}: ${JSON.stringify(status.lastError)}`);
  return { state: status.state, seconds, requests: client.stats.requests, rows: status.jobs.reduce((n, j) => n + j.rows, 0), peakRssMb, eta, copySeconds: (performance.now() - done_) / 1000 };
}

/** A cache's bytes on disk, its analytical copy included. */
export const fileBytes = (file: string) => ['', '-wal', '.duckdb', '.duckdb.wal'].reduce((n, s) => n + (fs.existsSync(file + s) ? fs.statSync(file + s).size : 0), 0);

export function removeCache(file: string): void {
  for (const s of ['', '-wal', '-shm', '.duckdb', '.duckdb.wal']) fs.rmSync(file + s, { force: true });
}

/**
 * A fresh cache at `file`, synced once: its run, and the cache left open for more. The cache is open
 * before the sync's clock starts, as the app opens a connection's cache before its first sync: here
 * its worker thread starts under tsx's loader, slower than in a bundled process. The CLI's figure
 * (cliSync) includes its opening.
 */
export async function freshSync(file: string, service: Service, options: { jobs?: SyncJobName[] } = {}): Promise<{ run: TimedSync; cache: CacheClient }> {
  removeCache(file);
  const cache = openCache(file);
  await settled(cache);
  return { run: await timedSync(cache, service, options), cache };
}

/** Once what the cache was asked before is done (its ops run in order): its opening, a run's housekeeping after "done". */
export async function settled(cache: CacheClient): Promise<void> {
  await cache.call('sync:checkpoints');
}

const VIEW_QUERIES: Array<{ group: 'projects' | 'credits' | 'charts'; method: MethodName; input: Record<string, unknown> }> = [
  { group: 'projects', method: 'projects.list', input: {} },
  { group: 'projects', method: 'projects.list', input: { category: ['forest'], sort: ['-issued'] } },
  { group: 'projects', method: 'projects.list', input: { registry: ['verra'], current_page: 3 } },
  { group: 'projects', method: 'projects.totals', input: { category: ['renewable-energy'] } },
  { group: 'credits', method: 'credits.list', input: { sort: ['-transaction_date', '-id'] } },
  { group: 'credits', method: 'credits.list', input: { transaction_type: ['retirement'], vintage: [2015] } },
  { group: 'credits', method: 'credits.list', input: { registry: ['gold-standard'], sort: ['-quantity'] } },
  { group: 'credits', method: 'credits.list', input: { category: ['forest'], transaction_date_from: '2024-01-01' } },
  { group: 'charts', method: 'charts.supplyDemand', input: { aggregation: 'monthly' } },
  { group: 'charts', method: 'charts.creditsByCategory', input: {} },
  { group: 'charts', method: 'charts.creditsByTransactionDateAll', input: { freq: 'M' } },
  { group: 'charts', method: 'charts.projectsByListingDate', input: { freq: 'M' } },
];

export interface Latencies {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

const summarise = (xs: number[]): Latencies => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? NaN };
};

/** The views' queries one after another (about every `gapMs`) until `until` resolves, or `rounds` rounds. */
async function askViews(cache: CacheClient, options: { until?: Promise<unknown>; rounds?: number; gapMs: number }) {
  const times: Record<'projects' | 'credits' | 'charts', number[]> = { projects: [], credits: [], charts: [] };
  let done = false;
  void options.until?.then(() => (done = true));
  const call = cache.call.bind(cache) as (op: string, args: unknown) => Promise<unknown>;
  for (let round = 0; options.rounds === undefined || round < options.rounds; round++) {
    for (const q of VIEW_QUERIES) {
      if (done) return times;
      const input = contract[q.method].input.parse(q.input);
      const t0 = performance.now();
      await call(`query:${q.method}`, input);
      times[q.group].push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, options.gapMs));
    }
  }
  return times;
}

/**
 * The views' queries on the synced `cache`: first with nothing running (after one warm-up round),
 * then while a full resync of projects and credits writes into the same cache.
 */
export async function readsDuringResync(cache: CacheClient, service: Service) {
  // The reader is warmed up first (every view's queries asked twice, 4 s apart: the analytical copy
  // has time to become current, each statement is prepared); otherwise the first answers of a cold
  // reader, which bench/query's cold mode measures, would land in the resync's samples as its cost.
  await askViews(cache, { rounds: 1, gapMs: 0 });
  await new Promise((r) => setTimeout(r, 4000));
  await askViews(cache, { rounds: 1, gapMs: 0 });
  const idle = await askViews(cache, { rounds: 3, gapMs: 20 });
  const resync = timedSync(cache, service, { jobs: ['projects', 'credits'], full: true });
  const busy = await askViews(cache, { until: resync, gapMs: 100 });
  const run = await resync;
  return {
    resyncSeconds: run.seconds,
    idle: { projects: summarise(idle.projects), credits: summarise(idle.credits), charts: summarise(idle.charts) },
    duringResync: { projects: summarise(busy.projects), credits: summarise(busy.credits), charts: summarise(busy.charts) },
  };
}
