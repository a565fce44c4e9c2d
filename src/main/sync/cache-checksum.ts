/**
 * Row counts and content checksums of the market tables of a cache file, leaving out the sync's
 * own bookkeeping (timestamps, pass numbers): two caches of the same market compare equal.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

export const MARKET_TABLES = [
  'projects', 'project_clips', 'project_types', 'credit_transactions', 'forensic_latest_entries', 'project_forensics',
  'forensic_memos', 'project_forensic_entries', 'forensic_weekly_diffs', 'legacy_forensics', 'satellite_metrics',
  'project_boundaries', 'project_countries', 'country_profiles', 'country_updates', 'watched_items', 'mirror_items',
] as const;
const BOOKKEEPING = new Set(['synced_at', 'sync_pass', 'detail_synced_at', 'added_at', 'fetched_at']);

export interface TableChecksum {
  rows: number;
  sha256: string;
}

export function cacheChecksums(file: string): { tables: Record<(typeof MARKET_TABLES)[number], TableChecksum>; integrity: string } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = {} as Record<(typeof MARKET_TABLES)[number], TableChecksum>;
    for (const t of MARKET_TABLES) {
      const cols = (db.prepare(`PRAGMA table_info("${t}")`).all() as Array<{ name: string }>).map((c) => c.name).filter((c) => !BOOKKEEPING.has(c));
      const list = cols.map((c) => `"${c}"`).join(', ');
      const hash = createHash('sha256');
      let rows = 0;
      for (const row of db.prepare(`SELECT ${list} FROM "${t}" ORDER BY ${cols.map((_, i) => i + 1).join(', ')}`).raw().iterate()) {
        hash.update(JSON.stringify(row));
        hash.update('\n');
        rows++;
      }
      tables[t] = { rows, sha256: hash.digest('hex') };
    }
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
    return { tables, integrity };
  } finally {
    db.close();
  }
}
