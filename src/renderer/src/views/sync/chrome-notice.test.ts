import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../shared/contract';
import { chromeNotice } from './chrome-notice';

const now = new Date('2026-06-10T12:00:00Z');
const status = (state: ConnectionStatus['state'], message: string | null = null): ConnectionStatus => ({ connectionId: 'demo', state, message, checkedAt: null });

describe('chromeNotice', () => {
  it('says offline with the age of the cache', () => {
    const n = chromeNotice({ status: status('offline'), lastSyncAt: '2026-06-10T09:00:00Z', syncState: 'idle', now });
    expect(n?.kind).toBe('offline');
    expect(n?.text).toContain('last synced 3 h ago');
  });

  it('explains a refused key and points to Settings', () => {
    const n = chromeNotice({ status: status('unauthorized', 'revoked_api_key'), lastSyncAt: null, syncState: 'failed', now });
    expect(n?.kind).toBe('unauthorized');
    expect(n?.link.to).toBe('/settings');
  });

  it('calls data older than a day stale, fresher data not', () => {
    expect(chromeNotice({ status: status('reachable'), lastSyncAt: '2026-06-08T12:00:00Z', syncState: 'done', now })?.text).toMatch(/stale: last synced 2 days ago/);
    expect(chromeNotice({ status: status('reachable'), lastSyncAt: '2026-06-10T01:00:00Z', syncState: 'done', now })).toBeNull();
  });

  it('says when nothing is cached, but not while a sync runs', () => {
    expect(chromeNotice({ status: status('reachable'), lastSyncAt: null, syncState: 'idle', now })?.kind).toBe('never-synced');
    expect(chromeNotice({ status: status('reachable'), lastSyncAt: null, syncState: 'running', now })).toBeNull();
    // unknown cache state (not loaded yet): no claim
    expect(chromeNotice({ status: status('reachable'), lastSyncAt: undefined, syncState: 'idle', now })).toBeNull();
  });
});
