/** Key material: `ccmd_live_` + 32 random base62 characters; only a SHA-256 hash is stored. */
import { createHash, randomBytes } from 'node:crypto';
import { LIVE_KEY_PREFIX } from '../../shared/api/values';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newKeySecret(): string {
  const bytes = randomBytes(48);
  let s = '';
  for (const b of bytes) {
    if (b < 248) s += ALPHABET[b % 62];
    if (s.length === 32) break;
  }
  while (s.length < 32) s += ALPHABET[randomBytes(1)[0]! % 62];
  return `${LIVE_KEY_PREFIX}${s}`;
}

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** What listings show instead of the key: the live prefix and the first 6 random characters. */
export const keyPrefixOf = (key: string): string => key.slice(0, LIVE_KEY_PREFIX.length + 6);

export const newKeyId = (): string => `key_${randomBytes(8).toString('hex')}`;
