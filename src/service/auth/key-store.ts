/** SQL over accounts, api_keys and api_usage. */
import type { Db } from '../store/open-store';
import type { Tier } from './tiers';

export interface KeyRecord {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  tier: Tier;
  rate_limit_per_minute: number;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  bootstrap: string | null;
}

export class KeyStore {
  constructor(private readonly db: Db) {}

  ensureAccount(id: string, name: string, tier: Tier): void {
    this.db.prepare('INSERT INTO accounts (id, name, tier) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET tier = excluded.tier').run(id, name, tier);
  }

  insert(k: KeyRecord): void {
    this.db.prepare(`INSERT INTO api_keys (id, account_id, name, key_hash, key_prefix, tier, rate_limit_per_minute, created_at, expires_at, last_used_at, revoked_at, bootstrap)
      VALUES (@id, @account_id, @name, @key_hash, @key_prefix, @tier, @rate_limit_per_minute, @created_at, @expires_at, @last_used_at, @revoked_at, @bootstrap)`).run(k);
  }

  byHash(hash: string): KeyRecord | undefined {
    return this.db.prepare('SELECT * FROM api_keys WHERE key_hash = ?').get(hash) as KeyRecord | undefined;
  }

  byId(accountId: string, id: string): KeyRecord | undefined {
    return this.db.prepare('SELECT * FROM api_keys WHERE account_id = ? AND id = ?').get(accountId, id) as KeyRecord | undefined;
  }

  listForAccount(accountId: string): KeyRecord[] {
    return this.db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id').all(accountId) as KeyRecord[];
  }

  countActive(accountId: string, nowIso: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM api_keys WHERE account_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)')
      .get(accountId, nowIso) as { n: number }).n;
  }

  revoke(id: string, atIso: string): void {
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(atIso, id);
  }

  /** Revokes still-active demo keys other than `keep` (keys of earlier starts whose secrets are not kept). */
  revokeBootstrapKeysExcept(keep: readonly string[], atIso: string): void {
    const ids = this.db.prepare('SELECT id FROM api_keys WHERE bootstrap IS NOT NULL AND revoked_at IS NULL').all() as { id: string }[];
    const revoke = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?');
    for (const { id } of ids) if (!keep.includes(id)) revoke.run(atIso, id);
  }

  /** The kept secret of the demo key of a kind (the demo keys are handed out again at every start). */
  demoSecret(kind: string): string | undefined {
    return (this.db.prepare('SELECT secret FROM demo_key_secrets WHERE kind = ?').get(kind) as { secret: string } | undefined)?.secret;
  }

  saveDemoSecret(kind: string, secret: string): void {
    this.db.prepare('INSERT OR REPLACE INTO demo_key_secrets (kind, secret) VALUES (?, ?)').run(kind, secret);
  }

  setRateLimit(id: string, perMinute: number): void {
    this.db.prepare('UPDATE api_keys SET rate_limit_per_minute = ? WHERE id = ?').run(perMinute, id);
  }

  recordUsage(rows: { key_id: string; day: string; endpoint: string; requests: number }[], lastUsed: Map<string, string>): void {
    const add = this.db.prepare(`INSERT INTO api_usage (key_id, day, endpoint, requests) VALUES (@key_id, @day, @endpoint, @requests)
      ON CONFLICT (key_id, day, endpoint) DO UPDATE SET requests = requests + excluded.requests`);
    const touch = this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const r of rows) add.run(r);
      for (const [id, at] of lastUsed) touch.run(at, id);
    })();
  }

  usageForAccount(accountId: string): { key_id: string; day: string; endpoint: string; requests: number }[] {
    return this.db.prepare(`SELECT u.key_id, u.day, u.endpoint, u.requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id
      WHERE k.account_id = ?`).all(accountId) as { key_id: string; day: string; endpoint: string; requests: number }[];
  }
}
