/** Rules of the API key screens: name limits (spec 8), a key's lifecycle state (spec 3), the key cap. */
import type { ApiKey } from '../../../../shared/api/resources';

export const KEY_NAME_MAX = 100;
/** An account may hold at most this many active keys (spec 5.4). */
export const ACTIVE_KEY_LIMIT = 5;

/** Why a key name cannot be sent, or null when it can. */
export function keyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Give the key a name (for example the machine or the script that uses it).';
  if (trimmed.length > KEY_NAME_MAX) return `The name is ${trimmed.length} characters; at most ${KEY_NAME_MAX} are allowed.`;
  return null;
}

export type KeyState = 'active' | 'revoked' | 'expired';

/** The key's lifecycle state: revoked and expiry dates win over a status the service may send. */
export function keyState(key: ApiKey, now: Date = new Date()): KeyState {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && Date.parse(key.expires_at) <= now.getTime()) return 'expired';
  const s = key.status?.toLowerCase();
  if (s === 'revoked' || s === 'expired') return s;
  return 'active';
}

export function activeKeyCount(keys: readonly ApiKey[], now: Date = new Date()): number {
  return keys.filter((k) => keyState(k, now) === 'active').length;
}

/** 1536 -> "1.5 KB"; bytes in binary units as file managers show them. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
