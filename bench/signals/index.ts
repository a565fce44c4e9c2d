/**
 * Integrity signals and claim checks on a synced market:
 *   1. The reference service at BENCH_SCALE (default 1) synced into a fresh cache with the app's sync
 *      CLI (BENCH_DATA_DIR=DIR keeps the market and the cache for the next run).
 *   2. The signals' recompute as a sync's end runs it (its writes rolled back, so each run starts from
 *      the same table), BENCH_RUNS times (default 3): the first and the slowest, goal <= 2 s at 1x,
 *      <= 20 s at 10x.
 *   3. claims.verify's first answer through the cache's reader worker (the analytical copy) for
 *      BENCH_CLAIMS distinct names (default 40: the largest buyers, then seeded picks, some with a
 *      period and claimed tonnes), each asked once: p95 and max, goal <= 100 ms at 1x.
 * 10x: `BENCH_SCALE=10 npx tsx bench/signals/index.ts`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { registerTextFunctions } from '../../src/main/cache/database';
import { recomputeSignals } from '../../src/main/cache/integrity-signals';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { useStreamingHeap } from '../../src/main/hosts/streaming-heap';
import { openCache } from '../../src/main/workers/open-cache';
import { Rng } from '../../src/service/generator/rng';

const ROOT = path.resolve(__dirname, '../..');
process.env.CARBON_TODAY = '2026-06-30';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const claims = Number(process.env.BENCH_CLAIMS ?? 40);
const say = (line: string) => process.stderr.write(`${line}\n`);
const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');

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

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

async function main(): Promise<void> {
  useStreamingHeap();
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  const work = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-signals-'));
  fs.mkdirSync(work, { recursive: true });
  const summaryFile = path.join(work, 'sync-summary.json');
  if (!fs.existsSync(summaryFile)) {
    say(`starting the reference service at scale ${scale}...`);
    const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', '1000000'], timeoutMs: 600_000 });
    try {
      say('syncing every job with the sync CLI...');
      const sync = await run(['src/main/hosts/cli/index.ts', 'sync', '--base-url', service.baseUrl, '--data-dir', path.join(work, 'data'), '--quiet'], { ...process.env, CARBON_API_KEY: service.apiKey });
      if (sync.code !== 0) throw new Error(`sync failed (${sync.code}): ${sync.stdout}\n${sync.stderr}`);
      fs.writeFileSync(summaryFile, sync.stdout.trim().split('\n').pop()!);
    } finally {
      await stopReferenceService(service);
    }
  }
  const { cache: cachePath } = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as { cache: string };

  // 2. the recompute, as the run's end does it, rolled back
  const db = new Database(cachePath);
  registerTextFunctions(db);
  const credits = db.prepare('SELECT count(*) FROM credit_transactions').pluck().get() as number;
  const times: number[] = [];
  let signals = 0;
  for (let i = 0; i < runs; i++) {
    db.exec('BEGIN IMMEDIATE');
    const t0 = performance.now();
    signals = recomputeSignals(db, 0).signals;
    times.push(performance.now() - t0);
    db.exec('ROLLBACK');
  }
  const goalS = scale >= 10 ? 20 : 2;
  const worst = Math.max(...times);
  say(`signals: ${signals} over ${credits} credit transactions; recompute first ${Math.round(times[0]!)} ms, slowest ${Math.round(worst)} ms, goal <= ${goalS} s ${met(worst <= goalS * 1000)}`);

  // 3. claims.verify first answers
  const names = db.prepare(`SELECT coalesce(trim(retirement_beneficiary_harmonized), trim(retirement_beneficiary)) AS name, total(quantity) AS q
    FROM credit_transactions WHERE transaction_type = 'retirement' AND name IS NOT NULL AND name <> '' GROUP BY fold(name) ORDER BY q DESC`).pluck().all() as string[];
  db.close();
  const rng = new Rng(Number(process.env.BENCH_SEED ?? 1));
  const asked = [...names.slice(0, Math.ceil(claims / 2))];
  while (asked.length < claims && names.length) asked.push(names[Math.floor(rng.float() * names.length)]!);
  const cache = openCache(cachePath);
  try {
    const status = (await cache.call('copy:status')) as { current?: boolean } | null;
    const call = (cache.call as (op: string, args: unknown) => Promise<unknown>).bind(cache);
    const claimTimes: number[] = [];
    for (const [i, name] of asked.entries()) {
      const input = i % 3 === 2 ? { beneficiary: name.toUpperCase(), from: '2024-01-01', to: '2024-12-31', tonnes: 100_000 } : { beneficiary: name };
      const t0 = performance.now();
      await call('query:claims.verify', input);
      claimTimes.push(performance.now() - t0);
    }
    const max = Math.max(...claimTimes);
    say(`claims.verify first answers (${asked.length} names, copy ${status?.current ? 'current' : 'NOT current'}): p95 ${Math.round(p95(claimTimes))} ms, max ${Math.round(max)} ms, goal <= 100 ms ${met(max <= 100)}`);
    process.stdout.write(`${JSON.stringify({ scale, credits, signals, recomputeMs: times.map(Math.round), claims: { n: asked.length, p95Ms: Math.round(p95(claimTimes)), maxMs: Math.round(max) } })}\n`);
  } finally {
    await cache.close();
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  say(String(err instanceof Error ? err.stack : err));
  process.exit(1);
});
