import { describe, expect, it } from 'vitest';
import type { Connection, ConnectionStatus, SyncJobStatus, SyncStatus } from '../../../shared/contract';
import { aboutTime, firstSyncNotice } from './first-sync';

const demo: Connection = { id: 'demo', name: 'Demo (built-in)', kind: 'demo', baseUrl: null, keyStorage: 'none', createdAt: '2026-01-01T00:00:00Z' };
const status = (state: ConnectionStatus['state']): ConnectionStatus => ({ connectionId: 'demo', state, message: null, checkedAt: null, restarted: null });
const job = (name: SyncJobStatus['job'], over: Partial<SyncJobStatus> = {}): SyncJobStatus => ({
  job: name, state: 'queued', rows: 0, totalRows: null, pages: 0, totalPages: null, requestsPerMinute: 0, etaSeconds: null, lastError: null, lastSuccessAt: null, skippedItems: 0, unfitValues: 0, ...over,
});
const sync = (state: SyncStatus['state'], jobs: SyncJobStatus[], over: Partial<SyncStatus> = {}): SyncStatus => ({
  connectionId: 'demo', revision: 1, state, startedAt: null, finishedAt: null, jobs, rateLimitPerMinute: null, lastError: null, skippedItems: 0, unfitValues: 0, etaSeconds: null, etaLeavesOut: [], ...over,
});
const notice = (s: Partial<Parameters<typeof firstSyncNotice>[0]>) => firstSyncNotice({ connection: demo, status: status('reachable'), sync: null, jobs: ['projects'], what: 'projects', ...s });

describe('first sync notice', () => {
  it('says the demo market is being prepared while its service starts', () => {
    expect(notice({ status: status('starting') })).toMatchObject({ state: 'preparing', title: 'The built-in demo market is being prepared' });
  });

  it('says the first sync is bringing the rows in, with how many and how long', () => {
    const n = notice({ sync: sync('running', [job('projects', { state: 'running', rows: 1200, totalRows: 11659, etaSeconds: 4 })]) });
    expect(n).toEqual({ state: 'fetching', title: 'The first sync is bringing in projects', detail: '1,200 of 11,659 so far, about 4 s left. Rows appear here page by page.' });
  });

  it('says the rows come later while other jobs run', () => {
    const n = notice({ jobs: ['credits'], what: 'credit transactions', sync: sync('running', [job('projects', { state: 'running' }), job('credits')], { etaSeconds: 150 }) });
    expect(n).toMatchObject({ state: 'queued', detail: 'It fetches the smaller lists first. Credit transactions appear here as soon as their turn comes (the whole sync: about 3 min left).' });
  });

  it('says paused, failed and not started', () => {
    expect(notice({ sync: sync('paused', [job('projects')]) })?.state).toBe('paused');
    expect(notice({ sync: sync('failed', [job('projects')], { lastError: { code: 'x', message: 'The service answered 500.', at: '' } }) })?.detail).toBe('The service answered 500. Start it again from the Sync view.');
    expect(notice({ sync: sync('idle', [job('projects', { state: 'idle' })]) })?.state).toBe('not-started');
  });

  it('says nothing once the view\'s jobs completed a pass, or when the service does not offer them', () => {
    expect(notice({ sync: sync('running', [job('projects', { state: 'running', lastSuccessAt: '2026-01-01T00:00:00Z' })]) })).toBeNull();
    expect(notice({ sync: sync('done', [job('projects', { state: 'unsupported' })]) })).toBeNull();
  });

  it('writes times roughly', () => {
    expect([aboutTime(0.2), aboutTime(45), aboutTime(150), aboutTime(7200), aboutTime(null)]).toEqual(['about 1 s', 'about 45 s', 'about 3 min', 'about 2 h', null]);
  });
});
