import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../../shared/contract';
import { chromeNotice, restartNotice } from './chrome-notice';

const now = new Date('2026-06-10T12:00:00Z');
const status = (state: ConnectionStatus['state'], message: string | null = null): ConnectionStatus => ({ connectionId: 'demo', state, message, checkedAt: null, restarted: null });

describe('chromeNotice', () => {
  it('says offline with the age of the cache', () => {
    const n = chromeNotice({ status: status('offline'), lastSyncAt: '2026-06-10T09:00:00Z', syncState: 'idle', now });
    expect(n?.kind).toBe('offline');
    expect(n?.text).toContain('last synced 3 h ago');
    expect(n?.text).toMatch(/^Offline: The service cannot be reached\. Showing cached data/);
  });

  it('says why it is offline when a request or the probe said so, in a sentence', () => {
    const n = chromeNotice({ status: status('offline', 'The service cannot be reached for the project types: nothing accepts connections at its address (it may be stopped)'), lastSyncAt: null, syncState: 'idle', now });
    expect(n?.text).toBe('Offline: The service cannot be reached for the project types: nothing accepts connections at its address (it may be stopped). Showing cached data.');
    const demo = chromeNotice({ status: status('offline', 'The built-in demo service stopped at 14:02: its process was killed. Starting it again…'), lastSyncAt: null, syncState: 'idle', now });
    expect(demo?.text).toBe('Offline: The built-in demo service stopped at 14:02: its process was killed. Starting it again… Showing cached data.');
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

describe('restartNotice', () => {
  const restart = { service: 'The built-in demo service', stoppedAt: '2026-06-10T14:02:10', reason: 'its process was killed', restartedAt: '2026-06-10T14:02:31' };

  it('says when the service stopped, why, and that it was restarted', () => {
    expect(restartNotice(restart, null)).toBe(
      'The built-in demo service stopped at 14:02 (its process was killed) and was restarted. The cache kept everything it held; a sync fetches what changed meanwhile.',
    );
    expect(restartNotice({ ...restart, restartedAt: '2026-06-10T14:03:05' }, null)).toContain('and was restarted at 14:03.');
  });

  it('says nothing without a restart, or once this one was dismissed (a later one is shown again)', () => {
    expect(restartNotice(null, null)).toBeNull();
    expect(restartNotice(restart, restart.restartedAt)).toBeNull();
    expect(restartNotice({ ...restart, restartedAt: '2026-06-10T15:00:00' }, restart.restartedAt)).not.toBeNull();
  });
});
