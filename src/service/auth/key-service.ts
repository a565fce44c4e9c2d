/**
 * API keys: authentication of `X-API-KEY`, key creation (at most 5 active per
 * account), listing, revocation, expiry, per-minute rate limits and usage statistics.
 * Key times use the real clock (not CARBON_TODAY).
 */
import type { ApiKey, ApiKeyUsage } from '../../shared/api/resources';
import { isoDateTime } from '../calendar';
import { HttpError, notFound } from '../http/errors';
import type { Db } from '../store/open-store';
import { hashKey, keyPrefixOf, newKeyId, newKeySecret } from './key-secret';
import { KeyStore, type KeyRecord } from './key-store';
import { RateLimiter } from './rate-limiter';
import { API_TIERS, DEFAULT_RATE_LIMITS, KEY_LIFETIME_DAYS, MAX_ACTIVE_KEYS, type RateLimits, type Tier } from './tiers';

export interface BootstrapKeys {
  pro: string;
  enterprise: string;
  free: string;
  expired: string;
  revoked: string;
}

const DAY_MS = 86_400_000;

export class KeyService {
  private readonly store: KeyStore;
  private readonly limiter = new RateLimiter();
  private pending = new Map<string, number>();
  private lastUsed = new Map<string, string>();

  constructor(db: Db, private readonly rateLimits: RateLimits = DEFAULT_RATE_LIMITS, private readonly clock: () => number = Date.now) {
    this.store = new KeyStore(db);
  }

  status(k: KeyRecord, now = this.clock()): 'active' | 'revoked' | 'expired' {
    if (k.revoked_at) return 'revoked';
    if (k.expires_at && k.expires_at <= isoDateTime(now)) return 'expired';
    return 'active';
  }

  /** Who is calling, or 401 (missing, unknown, revoked, expired key) / 403 (a plan without API access). */
  authenticate(header: string | undefined): KeyRecord {
    if (header === undefined || header.trim() === '') throw new HttpError(401, 'missing_api_key', 'The X-API-KEY header is required');
    const key = this.store.byHash(hashKey(header.trim()));
    if (!key) throw new HttpError(401, 'invalid_api_key', 'The API key matches no active key');
    const status = this.status(key);
    if (status === 'revoked') throw new HttpError(401, 'revoked_api_key', 'The API key was revoked');
    if (status === 'expired') throw new HttpError(401, 'expired_api_key', 'The API key has expired');
    if (!API_TIERS.includes(key.tier)) throw new HttpError(403, 'upgrade_required', 'API access requires a Pro or Enterprise plan');
    return key;
  }

  /** Counts the request against the key's per-minute allowance; 429 with Retry-After when exceeded. */
  admit(key: KeyRecord): { limit: number; remaining: number } {
    const result = this.limiter.take(key.id, key.rate_limit_per_minute, this.clock());
    if (!result.allowed) {
      throw new HttpError(429, 'rate_limit_exceeded', `Rate limit of ${key.rate_limit_per_minute} requests per minute exceeded`,
        { 'Retry-After': String(result.retryAfterSeconds), 'X-RateLimit-Limit': String(key.rate_limit_per_minute), 'X-RateLimit-Remaining': '0' },
        { retry_after: result.retryAfterSeconds, limit: key.rate_limit_per_minute });
    }
    return { limit: key.rate_limit_per_minute, remaining: result.remaining };
  }

  /** Counts one served request for the usage statistics (written in batches by flush()). */
  recordUse(key: KeyRecord, endpoint: string): void {
    const now = this.clock();
    const id = JSON.stringify([key.id, isoDateTime(now).slice(0, 10), endpoint]);
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    this.lastUsed.set(key.id, isoDateTime(now));
  }

  flush(): void {
    if (!this.pending.size && !this.lastUsed.size) return;
    const rows = [...this.pending].map(([id, requests]) => {
      const [key_id, day, endpoint] = JSON.parse(id) as [string, string, string];
      return { key_id, day, endpoint, requests };
    });
    const lastUsed = this.lastUsed;
    this.pending = new Map();
    this.lastUsed = new Map();
    this.store.recordUsage(rows, lastUsed);
  }

  toApiKey(k: KeyRecord, secret?: string): ApiKey {
    return {
      id: k.id,
      name: k.name,
      ...(secret ? { key: secret } : {}),
      key_prefix: k.key_prefix,
      tier: k.tier,
      rate_limit_per_minute: k.rate_limit_per_minute,
      created_at: k.created_at,
      status: this.status(k),
      expires_at: k.expires_at,
      last_used_at: this.lastUsed.get(k.id) ?? k.last_used_at,
      revoked_at: k.revoked_at,
    };
  }

  private mint(accountId: string, tier: Tier, name: string, opts: { createdAt?: number; expiresAt?: number | null; revoked?: boolean; bootstrap?: string } = {}): { record: KeyRecord; secret: string } {
    const now = this.clock();
    const secret = newKeySecret();
    const createdAt = opts.createdAt ?? now;
    const record: KeyRecord = {
      id: newKeyId(),
      account_id: accountId,
      name,
      key_hash: hashKey(secret),
      key_prefix: keyPrefixOf(secret),
      tier,
      rate_limit_per_minute: this.rateLimits[tier],
      created_at: isoDateTime(createdAt),
      expires_at: opts.expiresAt === null ? null : isoDateTime(opts.expiresAt ?? createdAt + KEY_LIFETIME_DAYS * DAY_MS),
      last_used_at: null,
      revoked_at: opts.revoked ? isoDateTime(now) : null,
      bootstrap: opts.bootstrap ?? null,
    };
    this.store.insert(record);
    return { record, secret };
  }

  create(caller: KeyRecord, name: string): ApiKey {
    if (this.store.countActive(caller.account_id, isoDateTime(this.clock())) >= MAX_ACTIVE_KEYS) {
      throw new HttpError(409, 'active_key_limit_reached', `An account may hold at most ${MAX_ACTIVE_KEYS} active keys; revoke one first`);
    }
    const { record, secret } = this.mint(caller.account_id, caller.tier, name);
    return this.toApiKey(record, secret);
  }

  list(caller: KeyRecord): ApiKey[] {
    return this.store.listForAccount(caller.account_id).map((k) => this.toApiKey(k));
  }

  revoke(caller: KeyRecord, id: string): ApiKey {
    const key = this.store.byId(caller.account_id, id);
    if (!key) throw notFound(`API key '${id}'`);
    this.store.revoke(id, isoDateTime(this.clock()));
    return this.toApiKey(this.store.byId(caller.account_id, id)!);
  }

  usage(caller: KeyRecord): ApiKeyUsage {
    this.flush();
    const rows = this.store.usageForAccount(caller.account_id);
    const keys = this.store.listForAccount(caller.account_id);
    const sum = (pick: (r: (typeof rows)[number]) => string) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(pick(r), (m.get(pick(r)) ?? 0) + r.requests);
      return m;
    };
    const byKey = sum((r) => r.key_id);
    const byDay = sum((r) => r.day);
    const byEndpoint = sum((r) => r.endpoint);
    return {
      total_requests: rows.reduce((s, r) => s + r.requests, 0),
      by_key: keys.map((k) => ({ key_id: k.id, key_prefix: k.key_prefix, name: k.name, requests: byKey.get(k.id) ?? 0 }))
        .sort((a, b) => b.requests - a.requests || (a.key_id < b.key_id ? -1 : 1)),
      by_day: [...byDay].map(([date, requests]) => ({ date, requests })).sort((a, b) => (a.date < b.date ? -1 : 1)),
      by_endpoint: [...byEndpoint].map(([endpoint, requests]) => ({ endpoint, requests }))
        .sort((a, b) => b.requests - a.requests || (a.endpoint < b.endpoint ? -1 : 1)),
    };
  }

  /**
   * The demo keys of every kind. A database keeps them (their secrets in `demo_key_secrets`), so
   * every start on the same database hands out the same keys: a key is minted afresh only when its
   * kind has none yet or its key no longer is in the state of its kind (the pro key was revoked or
   * expired). Kept keys get this run's rate limits; other still-active demo keys are revoked.
   */
  bootstrap(): BootstrapKeys {
    const now = this.clock();
    this.store.ensureAccount('acct_pro', 'Demo Pro account', 'pro');
    this.store.ensureAccount('acct_enterprise', 'Demo Enterprise account', 'enterprise');
    this.store.ensureAccount('acct_free', 'Demo Free account', 'free');
    const kinds: { kind: keyof BootstrapKeys; account: string; tier: Tier; name: string; state: 'active' | 'expired' | 'revoked'; opts?: Parameters<KeyService['mint']>[3] }[] = [
      { kind: 'pro', account: 'acct_pro', tier: 'pro', name: 'Demo pro key', state: 'active' },
      { kind: 'enterprise', account: 'acct_enterprise', tier: 'enterprise', name: 'Demo enterprise key', state: 'active' },
      { kind: 'free', account: 'acct_free', tier: 'free', name: 'Demo free key', state: 'active' },
      { kind: 'expired', account: 'acct_pro', tier: 'pro', name: 'Demo expired key', state: 'expired', opts: { createdAt: now - (KEY_LIFETIME_DAYS + 1) * DAY_MS } },
      { kind: 'revoked', account: 'acct_pro', tier: 'pro', name: 'Demo revoked key', state: 'revoked', opts: { revoked: true } },
    ];
    const out = {} as BootstrapKeys;
    const kept: string[] = [];
    for (const k of kinds) {
      const saved = this.store.demoSecret(k.kind);
      const record = saved ? this.store.byHash(hashKey(saved)) : undefined;
      if (saved && record && record.bootstrap === k.kind && this.status(record, now) === k.state) {
        this.store.setRateLimit(record.id, this.rateLimits[k.tier]);
        out[k.kind] = saved;
        kept.push(record.id);
        continue;
      }
      const minted = this.mint(k.account, k.tier, k.name, { ...k.opts, bootstrap: k.kind });
      this.store.saveDemoSecret(k.kind, minted.secret);
      out[k.kind] = minted.secret;
      kept.push(minted.record.id);
    }
    this.store.revokeBootstrapKeysExcept(kept, isoDateTime(now));
    return out;
  }
}
