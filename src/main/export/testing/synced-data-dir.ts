/**
 * Test support (not a test): the reference service at a small scale synced into a fresh data folder
 * (`src/main/testing/synced-service.ts`), so export tests run against a real cache and compare with
 * what the service itself answers.
 */
import { startSyncedService } from '../../testing/synced-service';

export const TEST_TODAY = '2026-06-30';

export interface SyncedDataDir {
  baseUrl: string;
  dataDir: string;
  cachePath: string;
  /** GET a service path with the key; the parsed JSON body (throws on a non-200). */
  get<T = unknown>(pathAndQuery: string): Promise<T>;
  stop(): Promise<void>;
}

export async function startSyncedDataDir(options: { scale?: number } = {}): Promise<SyncedDataDir> {
  const synced = await startSyncedService({
    scale: options.scale ?? 0.02,
    seed: 11,
    today: TEST_TODAY,
    tier: 'enterprise',
    dataDirPrefix: 'carbon-export-',
  });
  const get = async <T>(pathAndQuery: string): Promise<T> => {
    const res = await fetch(`${synced.baseUrl}${pathAndQuery}`, { headers: { 'X-API-KEY': synced.key } });
    if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status}`);
    return (await res.json()) as T;
  };
  return { baseUrl: synced.baseUrl, dataDir: synced.dataDir, cachePath: synced.cachePath, get, stop: synced.stop };
}
