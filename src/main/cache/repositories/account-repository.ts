/** The account's API keys as last listed (prefixes only, never a key value). */
import type Database from 'better-sqlite3';
import type { ApiKey } from '../../../shared/api';

export class AccountRepository {
  private readonly clearKeys: Database.Statement;
  private readonly insertKey: Database.Statement;

  constructor(db: Database.Database) {
    this.clearKeys = db.prepare('DELETE FROM api_key_info');
    this.insertKey = db.prepare(`INSERT INTO api_key_info (id, name, key_prefix, tier, rate_limit_per_minute, created_at, status,
      expires_at, last_used_at, revoked_at, is_current) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
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
}
