/** Plan tiers and their per-minute request allowance. */
export type Tier = 'free' | 'pro' | 'enterprise';

export type RateLimits = Record<Tier, number>;

export const DEFAULT_RATE_LIMITS: RateLimits = { free: 60, pro: 600, enterprise: 3000 };

/** Tiers that may use the API (free keys get 403 upgrade_required). */
export const API_TIERS: readonly Tier[] = ['pro', 'enterprise'];

export const MAX_ACTIVE_KEYS = 5;

/** Lifetime of a created key. */
export const KEY_LIFETIME_DAYS = 365;
