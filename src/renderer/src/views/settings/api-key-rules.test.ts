import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../../../../shared/api/resources';
import { activeKeyCount, formatBytes, keyNameProblem, keyState } from './api-key-rules';

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: 'k1', name: 'laptop', key_prefix: 'ccmd_live_ab12', tier: 'pro', rate_limit_per_minute: 60, created_at: '2026-01-01T00:00:00Z',
  status: null, expires_at: null, last_used_at: null, revoked_at: null, ...over,
});
const now = new Date('2026-06-01T00:00:00Z');

describe('key names', () => {
  it('accepts 1 to 100 characters after trimming', () => {
    expect(keyNameProblem('ci runner')).toBeNull();
    expect(keyNameProblem('x'.repeat(100))).toBeNull();
    expect(keyNameProblem(`  ${'x'.repeat(100)}  `)).toBeNull();
  });
  it('explains an empty or too long name', () => {
    expect(keyNameProblem('   ')).toMatch(/Give the key a name/);
    expect(keyNameProblem('x'.repeat(101))).toMatch(/101 characters; at most 100/);
  });
});

describe('key state', () => {
  it('reads revoked and expired from dates, then status', () => {
    expect(keyState(key({}), now)).toBe('active');
    expect(keyState(key({ revoked_at: '2026-02-01T00:00:00Z', status: 'active' }), now)).toBe('revoked');
    expect(keyState(key({ expires_at: '2026-05-01T00:00:00Z' }), now)).toBe('expired');
    expect(keyState(key({ expires_at: '2026-07-01T00:00:00Z' }), now)).toBe('active');
    expect(keyState(key({ status: 'REVOKED' }), now)).toBe('revoked');
  });
  it('counts active keys only', () => {
    expect(activeKeyCount([key({}), key({ revoked_at: '2026-02-01T00:00:00Z' }), key({ expires_at: '2026-01-02T00:00:00Z' })], now)).toBe(1);
  });
});

describe('formatBytes', () => {
  it('uses binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(null)).toBe('—');
  });
});
