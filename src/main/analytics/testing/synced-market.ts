/**
 * Test support (not a test): a reference-service market synced into a fresh cache
 * (`src/main/testing/synced-service.ts`), with that cache opened for the parity tests, plus the
 * seeded random draws and the small task pool they use.
 */
import type Database from 'better-sqlite3';
import { openQueryableCache } from '../schema';
import { startSyncedService } from '../../testing/synced-service';

export const PARITY_TODAY = '2026-06-30';

export interface SyncedMarket {
  baseUrl: string;
  key: string;
  db: Database.Database;
  cachePath: string;
  /** GET a service path with the pro key: status and parsed JSON body. */
  get(pathAndQuery: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

export async function startSyncedMarket(options: { scale?: number; seed?: number; today?: string; messy?: boolean } = {}): Promise<SyncedMarket> {
  const synced = await startSyncedService({
    scale: options.scale ?? 0.01,
    seed: options.seed ?? 7,
    today: options.today ?? PARITY_TODAY,
    tier: 'pro',
    dataDirPrefix: 'carbon-parity-',
    serviceArgs: options.messy ? ['--messy'] : [],
  });
  const { baseUrl, key, cachePath } = synced;
  const db = openQueryableCache(cachePath);
  const get = async (pathAndQuery: string) => {
    const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { 'X-API-KEY': key } });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    baseUrl, key, db, cachePath, get,
    stop: async () => {
      db.close();
      await synced.stop();
    },
  };
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
