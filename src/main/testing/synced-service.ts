/**
 * Test support (not a test): starts the reference service as a child process
 * (`src/service/index.ts --port 0 --scale S --seed N`) and syncs it into a fresh data folder with
 * the app's own sync CLI (which records and selects the connection). The same CARBON_TODAY is set
 * for the service, the sync and this process, so "today"-relative answers agree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export interface SyncedService {
  baseUrl: string;
  key: string;
  dataDir: string;
  cachePath: string;
  /** The sync CLI's JSON summary line. */
  summary: Record<string, unknown>;
  /** Stops the service and deletes the data folder. */
  stop(): Promise<void>;
}

export interface SyncedServiceOptions {
  scale: number;
  seed: number;
  today: string;
  /** Which of the service's keys the sync uses; its tier gets an allowance that never limits the sync. */
  tier: 'pro' | 'enterprise';
  dataDirPrefix: string;
  /** More flags for the service (e.g. `--messy`). */
  serviceArgs?: string[];
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function startService(options: SyncedServiceOptions, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseUrl: string; key: string }> {
  const args = ['src/service/index.ts', '--port', '0', '--scale', String(options.scale), '--seed', String(options.seed), `--rate-limit-${options.tier}`, '1000000', ...(options.serviceArgs ?? [])];
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${err}`)), 120_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('"ready"'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { baseUrl: string; keys: Record<SyncedServiceOptions['tier'], string> };
      resolve({ child, baseUrl: ready.baseUrl, key: ready.keys[options.tier] });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}): ${err}`));
    });
  });
}

export async function startSyncedService(options: SyncedServiceOptions): Promise<SyncedService> {
  process.env.CARBON_TODAY = options.today;
  const env = { ...process.env, CARBON_TODAY: options.today };
  const { child, baseUrl, key } = await startService(options, env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  const stopService = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const sync = await run(['src/main/hosts/cli/index.ts', 'sync', '--base-url', baseUrl, '--data-dir', dataDir, '--quiet'], { ...env, CARBON_API_KEY: key });
    if (sync.code !== 0) throw new Error(`sync failed (${sync.code}): ${sync.stdout} ${sync.stderr}`);
    const summary = JSON.parse(sync.stdout.trim().split('\n').pop()!) as { cache: string } & Record<string, unknown>;
    return {
      baseUrl,
      key,
      dataDir,
      cachePath: summary.cache,
      summary,
      stop: async () => {
        await stopService();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopService();
    throw err;
  }
}
