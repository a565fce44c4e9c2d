/** The account's API keys as last listed (prefixes only, never a key value) and the user's watchlist. */
import type Database from 'better-sqlite3';
import type { ApiKey } from '../../../shared/api';
import { nowIso } from './sql-values';

export class AccountRepository {
  private readonly clearKeys: Database.Statement;
  private readonly insertKey: Database.Statement;
  private readonly watchlistAll: Database.Statement;
  private readonly watchAdd: Database.Statement;
  private readonly watchRemove: Database.Statement;

  constructor(db: Database.Database) {
    this.clearKeys = db.prepare('DELETE FROM api_key_info');
    this.insertKey = db.prepare(`INSERT INTO api_key_info (id, name, key_prefix, tier, rate_limit_per_minute, created_at, status,
      expires_at, last_used_at, revoked_at, is_current) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.watchlistAll = db.prepare('SELECT project_id FROM watchlist ORDER BY added_at, project_id');
    this.watchAdd = db.prepare('INSERT OR IGNORE INTO watchlist (project_id, added_at) VALUES (?, ?)');
    this.watchRemove = db.prepare('DELETE FROM watchlist WHERE project_id = ?');
  }

  /** `currentKeyId`: the listed key this connection uses (matched by prefix by the caller). */
  replaceApiKeys(keys: ApiKey[], currentKeyId: string | null): number {
    this.clearKeys.run();
    for (const k of keys) {
      this.insertKey.run(k.id, k.name, k.key_prefix, k.tier, k.rate_limit_per_minute, k.created_at, k.status, k.expires_at,
        k.last_used_at, k.revoked_at, k.id === currentKeyId ? 1 : 0);
    }
    return keys.length;
  }

  watchlist(): string[] {
    return (this.watchlistAll.all() as Array<{ project_id: string }>).map((r) => r.project_id);
  }

  setWatched(projectId: string, watched: boolean): string[] {
    if (watched) this.watchAdd.run(projectId, nowIso());
    else this.watchRemove.run(projectId);
    return this.watchlist();
  }
}
