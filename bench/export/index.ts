/**
 * Export benchmark (not part of npm test): `npx tsx bench/export/index.ts`
 *   1. A default-scale market (BENCH_SCALE, default 1 = 532,799 credit transactions) from the
 *      reference service, synced into a fresh cache with the app's sync CLI (projects + credits).
 *      BENCH_DATA_DIR=DIR keeps the synced data in DIR, and reuses it on the next run.
 *   2. Baseline, measured in this same run: a bare better-sqlite3 `iterate()` over the same rows,
 *      each row joined with commas and written with fs.writeSync (no quoting, no safety, no worker).
 *   3. The export: `credit-transactions` through the ExportService (its worker thread, csv-stringify,
 *      neutralisation, BOM; with BENCH_FORMAT=xlsx an XLSX workbook through exceljs's streaming writer). Reported: wall time, rows/s, time ratio to the baseline, RSS samples of
 *      this process (the worker is a thread of it) every 250 ms, peak RSS during the export / RSS
 *      before it, and the growth after the worker's first 2 s (memory must stay flat: a one-off
 *      start-up step, then no growth with the row count).
 *   4. Correctness: the file read back (csv-parse, or exceljs's streaming reader; rows counted) has
 *      exactly the service's total_entries rows and the cache's count.
 * One JSON line with every number on stdout; progress on stderr.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { createAppContext } from '../../src/main/app-context';
import type { ExportStartInput } from '../../src/shared/contract/export-types';
import { spawnReferenceService, stopReferenceService } from '../../src/main/connections/demo-service';
import { cliHostPorts } from '../../src/main/hosts/cli/cli-ports';

const ROOT = path.resolve(__dirname, '../..');
const scale = Number(process.env.BENCH_SCALE ?? 1);
const say = (line: string) => process.stderr.write(`${line}\n`);
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

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

async function syncedDataDir(): Promise<{ dataDir: string; serviceTotal: number | null; cleanup: () => void }> {
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  if (keep && fs.existsSync(path.join(keep, 'data', 'connections.json'))) return { dataDir: path.join(keep, 'data'), serviceTotal: null, cleanup: () => undefined };
  const work = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-export-'));
  fs.mkdirSync(work, { recursive: true });
  say(`starting the reference service at scale ${scale} (generating the market)...`);
  const service = await spawnReferenceService({ scale, dbPath: path.join(work, 'service.sqlite'), extraArgs: ['--rate-limit-pro', '1000000'], timeoutMs: 600_000 });
  try {
    const res = await fetch(`${service.baseUrl}/v1/credits/?per_page=1`, { headers: { 'X-API-KEY': service.apiKey } });
    const serviceTotal = ((await res.json()) as { pagination: { total_entries: number } }).pagination.total_entries;
    say(`syncing projects and ${serviceTotal} credit transactions with the sync CLI...`);
    const t0 = performance.now();
    const dataDir = path.join(work, 'data');
    const sync = await run(['src/main/hosts/cli/index.ts', 'sync', '--base-url', service.baseUrl, '--data-dir', dataDir, '--only', 'projects,credits', '--quiet'], {
      ...process.env,
      CARBON_API_KEY: service.apiKey,
    });
    if (sync.code !== 0) throw new Error(`sync failed (${sync.code}): ${sync.stdout}\n${sync.stderr}`);
    say(`  synced in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { dataDir, serviceTotal, cleanup: () => (keep ? undefined : fs.rmSync(work, { recursive: true, force: true })) };
  } finally {
    await stopReferenceService(service);
  }
}

/** The lower bound: read every row and write it comma-joined, nothing else. */
function baseline(cachePath: string, out: string): { seconds: number; rows: number } {
  const db = new Database(cachePath, { readonly: true });
  const fd = fs.openSync(out, 'w');
  const t0 = performance.now();
  let rows = 0;
  let buffer = '';
  try {
    for (const row of db.prepare('SELECT * FROM credit_transactions ORDER BY project_id, id').iterate() as Iterable<Record<string, unknown>>) {
      buffer += `${Object.values(row).join(',')}\n`;
      rows++;
      if (buffer.length > 1 << 16) {
        fs.writeSync(fd, buffer);
        buffer = '';
      }
    }
    fs.writeSync(fd, buffer);
  } finally {
    fs.closeSync(fd);
    db.close();
  }
  return { seconds: (performance.now() - t0) / 1000, rows };
}

async function countCsvRows(file: string): Promise<number> {
  let rows = 0;
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, columns: true }));
  for await (const _record of parser) rows++;
  return rows;
}

async function countXlsxRows(file: string): Promise<number> {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) for await (const _row of sheet) rows++;
  return rows - 1; // the header
}

const format: 'csv' | 'xlsx' = process.env.BENCH_FORMAT === 'xlsx' ? 'xlsx' : 'csv';

async function main(): Promise<void> {
  const { dataDir, serviceTotal, cleanup } = await syncedDataDir();
  const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
  try {
    const connection = ctx.connections.selected();
    if (!connection) throw new Error(`no connection in ${dataDir}`);
    const cachePath = ctx.connections.cachePath(connection.id);
    const cacheCount = (() => {
      const db = new Database(cachePath, { readonly: true });
      try {
        // Also warms the OS page cache, so the export and the baseline both read a warm file.
        db.prepare('SELECT sum(length(projects) + ifnull(length(retirement_note), 0)) AS s FROM credit_transactions').get();
        return (db.prepare('SELECT count(*) AS n FROM credit_transactions').get() as { n: number }).n;
      } finally {
        db.close();
      }
    })();
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-bench-export-out-'));

    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = process.memoryUsage().rss;
    const samples: number[] = [];
    let peak = rssBefore;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      samples.push(rss);
      peak = Math.max(peak, rss);
    }, 250);

    say(`export: credit-transactions as ${format} through the export worker...`);
    const service = ctx.exports;
    const input: ExportStartInput = format === 'xlsx' ? { table: 'credit-transactions', format } : { table: 'credit-transactions', bom: true };
    const plan = service.plan(input);
    const target = path.join(outDir, plan.fileName);
    const t0 = performance.now();
    const job = service.start(input, plan, { cachePath, target, revealPath: true });
    let events = 0;
    const off = ctx.events.on('export.progress', () => events++);
    const done = await service.wait(job.exportId);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    off();
    if (done.state !== 'done') throw new Error(`export ${done.state}: ${done.error}`);
    say(`  ${done.rows} rows in ${seconds.toFixed(2)} s; RSS samples (MB): ${samples.map(mb).join(' ')}`);

    say(`baseline: bare iterate + comma join of ${cacheCount} rows (after the export, so its memory does not count)...`);
    const base = baseline(cachePath, path.join(outDir, 'baseline.csv'));
    say(`  ${base.seconds.toFixed(2)} s`);

    say('reading the file back...');
    const parsedRows = format === 'xlsx' ? await countXlsxRows(target) : await countCsvRows(target);
    const result = {
      scale,
      format,
      rows: done.rows,
      cacheRows: cacheCount,
      serviceTotalEntries: serviceTotal,
      parsedRows,
      rowCountsEqual: parsedRows === cacheCount && done.rows === cacheCount && (serviceTotal === null || serviceTotal === parsedRows),
      fileMb: mb(fs.statSync(target).size),
      exportSeconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round(done.rows / seconds),
      baselineSeconds: Math.round(base.seconds * 100) / 100,
      timeRatioToBaseline: Math.round((seconds / base.seconds) * 100) / 100,
      progressEvents: events,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      peakRssRatio: Math.round((peak / rssBefore) * 100) / 100,
      // After the worker's start-up (its modules, SQLite's sorter): growth while the rows stream.
      rssGrowthAfterFirst2sMb: samples.length > 8 ? mb(Math.max(...samples.slice(8)) - samples[8]!) : null,
      rssSamplesMb: samples.map(mb),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    fs.rmSync(outDir, { recursive: true, force: true });
    if (!result.rowCountsEqual) process.exitCode = 1;
  } finally {
    await ctx.dispose();
    cleanup();
  }
}

main().catch((err: unknown) => {
  say(`bench/export failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
