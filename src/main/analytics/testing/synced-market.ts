/**
 * Test support (not a test): starts the reference service as a child process
 * (`src/service/index.ts --port 0 --scale S --seed N`), syncs it into a fresh cache with the app's
 * own sync CLI, and opens that cache. The same CARBON_TODAY is set for the service, the sync and
 * this process, so "today"-relative answers agree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openCacheDatabase } from '../../cache/database';

export const PARITY_TODAY = '2026-06-30';
const ROOT = path.resolve(__dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export interface SyncedMarket {
  baseUrl: string;
  key: string;
  db: Database.Database;
  cachePath: string;
  /** GET a service path with the pro key: status and parsed JSON body. */
  get(pathAndQuery: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function startService(scale: number, seed: number, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; baseUrl: string; key: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/service/index.ts', '--port', '0', '--scale', String(scale), '--seed', String(seed), '--rate-limit-pro', '1000000'], {
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
      const ready = JSON.parse(line) as { baseUrl: string; keys: { pro: string } };
      resolve({ child, baseUrl: ready.baseUrl, key: ready.keys.pro });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}): ${err}`));
    });
  });
}

export async function startSyncedMarket(options: { scale?: number; seed?: number; today?: string } = {}): Promise<SyncedMarket> {
  const today = options.today ?? PARITY_TODAY;
  process.env.CARBON_TODAY = today;
  const env = { ...process.env, CARBON_TODAY: today };
  const { child, baseUrl, key } = await startService(options.scale ?? 0.01, options.seed ?? 7, env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-parity-'));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    const sync = await run(TSX, ['src/main/hosts/cli/index.ts', 'sync', '--base-url', baseUrl, '--data-dir', dataDir, '--quiet'], { ...env, CARBON_API_KEY: key });
    if (sync.code !== 0) throw new Error(`sync failed (${sync.code}): ${sync.stdout} ${sync.stderr}`);
    const summary = JSON.parse(sync.stdout.trim().split('\n').pop()!) as { cache: string };
    const db = openCacheDatabase(summary.cache);
    const get = async (pathAndQuery: string) => {
      const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { 'X-API-KEY': key } });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    };
    return {
      baseUrl, key, db, cachePath: summary.cache, get,
      stop: async () => {
        db.close();
        await stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A small seeded PRNG (mulberry32): the same seed draws the same combinations. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const some = <T>(items: readonly T[], max: number): T[] => {
    const n = int(1, Math.max(1, Math.min(max, items.length)));
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  /** The same text with letters' case flipped at random (matching is case-insensitive). */
  const recase = (s: string) => [...s].map((c) => (chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join('');
  return { next, int, pick, chance, some, recase };
}
export type Random = ReturnType<typeof seededRandom>;

/** Runs `tasks` with at most `width` in flight. */
export async function inPool<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < tasks.length) {
      const i = nextIndex++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}
