/**
 * Test support (not a test): the reference service as a child process at a small scale, synced into
 * a fresh data folder with the app's own sync CLI (which records and selects the connection), so
 * export tests run against a real cache and compare with what the service itself answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
export const TEST_TODAY = '2026-06-30';

export interface SyncedDataDir {
  baseUrl: string;
  dataDir: string;
  cachePath: string;
  /** GET a service path with the key; the parsed JSON body (throws on a non-200). */
  get<T = unknown>(pathAndQuery: string): Promise<T>;
  stop(): Promise<void>;
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

function startService(scale: number, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseUrl: string; key: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/service/index.ts', '--port', '0', '--scale', String(scale), '--seed', '11', '--rate-limit-enterprise', '1000000'], {
      cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${err}`)), 120_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('"ready"'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { baseUrl: string; keys: { enterprise: string } };
      resolve({ child, baseUrl: ready.baseUrl, key: ready.keys.enterprise });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}): ${err}`));
    });
  });
}

export async function startSyncedDataDir(options: { scale?: number } = {}): Promise<SyncedDataDir> {
  process.env.CARBON_TODAY = TEST_TODAY;
  const env = { ...process.env, CARBON_TODAY: TEST_TODAY };
  const { child, baseUrl, key } = await startService(options.scale ?? 0.02, env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-export-'));
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
    const summary = JSON.parse(sync.stdout.trim().split('\n').pop()!) as { cache: string };
    const get = async <T>(pathAndQuery: string): Promise<T> => {
      const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { 'X-API-KEY': key } });
      if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status}`);
      return (await res.json()) as T;
    };
    return {
      baseUrl, dataDir, cachePath: summary.cache, get,
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
