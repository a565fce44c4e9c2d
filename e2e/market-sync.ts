/**
 * Makes sure the worker's web host has synced the built-in demo market before a view is checked:
 * starts `sync.start` once and waits for the sync to finish (through the contract, as the UI does).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppPage } from './fixtures';
import type { RunningWebHost } from './web-host';

interface SyncStatusLike {
  state: string;
  jobs: Array<{ job: string; state: string; lastSuccessAt: string | null; lastError: { message: string } | null }>;
  lastError: { message: string } | null;
}

const synced = new Set<string>();

export async function ensureSynced(app: AppPage, webHost: RunningWebHost, timeoutMs = Number(process.env.E2E_SYNC_TIMEOUT_MS ?? 150_000)): Promise<void> {
  if (synced.has(webHost.origin)) return;
  let status = await app.call<SyncStatusLike>('sync.status');
  const creditsDone = (s: SyncStatusLike) => s.jobs.some((j) => j.job === 'credits' && j.lastSuccessAt);
  if (!creditsDone(status)) {
    // the demo service keeps its generated market under <dataDir>/demo
    fs.mkdirSync(path.join(webHost.dataDir, 'demo'), { recursive: true });
    if (status.state !== 'running') await app.call('sync.start', {});
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      status = await app.call<SyncStatusLike>('sync.status');
      if (status.state === 'done' || (status.state !== 'running' && creditsDone(status))) break;
      if (status.state === 'failed') throw new Error(`demo sync failed: ${status.lastError?.message ?? JSON.stringify(status.jobs.filter((j) => j.lastError))}`);
      if (Date.now() > deadline) throw new Error(`demo sync did not finish in ${timeoutMs / 1000} s: ${JSON.stringify(status.jobs.map((j) => [j.job, j.state]))}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  synced.add(webHost.origin);
}

export interface PageOf<T> {
  pagination: { total_entries: number; current_page: number; total_pages: number; next_page: string | null };
  data: T[];
}

export const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);
