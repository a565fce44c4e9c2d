/** Test helpers: a reference service child on loopback, and an in-process engine on a temp cache. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import type { SyncStatus } from '../../shared/contract';
import { ApiClient, type ApiClientOptions } from '../api/api-client';
import type { CacheClient } from '../cache/cache-client';
import { openCache } from '../workers/open-cache';
import { spawnReferenceService, stopReferenceService, type DemoService } from '../connections/demo-service';
import { SyncEngine } from './sync-engine';

export interface TestService extends DemoService {
  stop(): Promise<void>;
}

export async function startTestService(extraArgs: string[] = [], scale = 0.01): Promise<TestService> {
  const service = await spawnReferenceService({ scale, extraArgs: ['--seed', '7', ...extraArgs], timeoutMs: 60_000 });
  return { ...service, stop: () => stopReferenceService(service) };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `carbon-${prefix}-`));
}

export interface TestEngine {
  engine: SyncEngine;
  cache: CacheClient;
  client: ApiClient;
  file: string;
  events: SyncStatus[];
  close(): Promise<void>;
}

export function testEngine(baseUrl: string, apiKey: string, dir: string, clientOptions: Partial<ApiClientOptions> = {}): TestEngine {
  const file = path.join(dir, 'cache.sqlite');
  const cache = openCache(file);
  const client = new ApiClient({ baseUrl, apiKey, backoffBaseMs: 20, timeoutMs: 10_000, ...clientOptions });
  const events: SyncStatus[] = [];
  const engine = new SyncEngine({ cache, client, onProgress: (s) => events.push(s), progressIntervalMs: 0 });
  return {
    engine, cache, client, file, events,
    close: async () => {
      engine.cancel();
      await engine.whenDone();
      await cache.close();
    },
  };
}

/** Rows in a table of a cache file (read-only). */
export function countRows(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const CLI = path.resolve(__dirname, '../hosts/cli/index.ts');

/**
 * Runs `npm run cli -- sync` as ONE Node process (tsx as a loader, not the tsx wrapper, whose child
 * would survive a SIGKILL of the wrapper and go on writing); kills it with SIGKILL after `killAfterMs`,
 * or `killDelayMs` after `killWhen` (polled every few milliseconds) first answers true.
 */
export function cliSync(
  service: { baseUrl: string; apiKey: string },
  dataDir: string,
  options: { only?: readonly string[]; full?: boolean; killAfterMs?: number; killWhen?: () => boolean; killDelayMs?: number } = {},
): Promise<{ code: number | null; signal: string | null; stdout: string }> {
  return new Promise((resolve) => {
    const args = ['--import', 'tsx', CLI, 'sync', '--base-url', service.baseUrl, '--data-dir', dataDir, '--quiet'];
    if (options.only) args.push('--only', options.only.join(','));
    if (options.full) args.push('--full');
    const child = spawn(process.execPath, args, { env: { ...process.env, CARBON_API_KEY: service.apiKey }, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const kill = () => child.kill('SIGKILL');
    const timer = options.killAfterMs !== undefined ? setTimeout(kill, options.killAfterMs) : null;
    const poll = options.killWhen
      ? setInterval(() => {
          let met = false;
          try {
            met = options.killWhen!();
          } catch {
            // the file is being created or locked for a moment: ask again
          }
          if (met) {
            clearInterval(poll!);
            setTimeout(kill, options.killDelayMs ?? 0);
          }
        }, 3)
      : null;
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      resolve({ code, signal, stdout });
    });
  });
}
