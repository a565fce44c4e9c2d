/**
 * `--smoke`: what a release pipeline runs on each OS's packaged app before publishing it. It opens
 * the demo connection's cache (native SQLite in a worker: the unpacked better-sqlite3 loads) and
 * its analytical copy (the unpacked DuckDB binding loads, the copy answers a query), starts
 * the built-in demo service (the bundled service in a utility process), syncs one page (the project
 * types) through the real client, and answers one JSON line and an exit status: 0 when every step
 * worked. Nothing here is Electron-specific; the Electron host wires it (./index.ts).
 */
import type { AppContext } from '../../app-context';
import { DEMO_CONNECTION_ID } from '../../connections/registry';

export interface SmokeResult {
  event: 'smoke';
  ok: boolean;
  /** The step that failed, or null. */
  failedStep: 'cache' | 'analytical copy' | 'demo service' | 'sync' | null;
  error: string | null;
  cache: string | null;
  /** Whether the analytical copy opened and mirrors the cache. */
  copyCurrent: boolean;
  demoService: string | null;
  rows: number;
  seconds: number;
}

export async function runSmoke(ctx: AppContext): Promise<SmokeResult> {
  const started = Date.now();
  const result: SmokeResult = { event: 'smoke', ok: false, failedStep: null, error: null, cache: null, copyCurrent: false, demoService: null, rows: 0, seconds: 0 };
  let step: SmokeResult['failedStep'] = 'cache';
  try {
    const cache = ctx.caches.of(DEMO_CONNECTION_ID);
    result.cache = (await cache.call('read:cacheInfo')).path;
    step = 'analytical copy';
    const copy = await cache.call('copy:settled');
    if (!copy?.current) throw new Error('the analytical copy did not open (its DuckDB binding may not load)');
    result.copyCurrent = true;
    await cache.call('query:credits.totals', {} as never);
    step = 'demo service';
    result.demoService = (await ctx.demo.ensure()).baseUrl;
    step = 'sync';
    const engine = await ctx.syncs.engineFor(DEMO_CONNECTION_ID);
    engine.start({ jobs: ['projectTypes'] });
    const status = await engine.whenDone();
    const job = status.jobs.find((j) => j.job === 'projectTypes');
    result.rows = job?.rows ?? 0;
    if (status.state !== 'done' || result.rows === 0) throw new Error(status.lastError?.message ?? `sync ended ${status.state} with ${result.rows} rows`);
    result.ok = true;
    step = null;
  } catch (err) {
    result.error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  }
  result.failedStep = step;
  result.seconds = Math.round((Date.now() - started) / 100) / 10;
  return result;
}
