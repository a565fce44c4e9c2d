/** The sync slice of the handler map through `dispatch`, against the reference service. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/errors';
import { createAppContext, type AppContext } from '../app-context';
import { startTestService, tempDir, type TestService } from '../sync/test-support';
import { dispatch } from './index';
import { probeOutcome } from './sync';
import { cliHostPorts } from '../hosts/cli/cli-ports';

let service: TestService;
let ctx: AppContext;
let dataDir: string;

beforeAll(async () => {
  service = await startTestService(['--rate-limit-pro', '100000']);
  dataDir = tempDir('rpc-sync');
  ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
  const c = await dispatch('connections.add', { name: 'Reference', baseUrl: service.baseUrl, apiKey: service.apiKey }, ctx);
  await dispatch('connections.select', { id: c.id }, ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.dispose();
  await service?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as ContractError);

describe('sync handlers', () => {
  it('syncs the current connection and reports status, cache info and progress events', async () => {
    const events: string[] = [];
    const off = ctx.events.on('sync.progress', (s) => events.push(s.state));
    const started = await dispatch('sync.start', { jobs: ['keyInfo', 'projects', 'credits'] }, ctx);
    expect(started.state).toBe('running');
    await (await ctx.syncs.engineFor(ctx.selectedConnectionId())).whenDone();
    off();
    const status = await dispatch('sync.status', {}, ctx);
    expect(status.state).toBe('done');
    expect(status.rateLimitPerMinute).toBe(100000);
    expect(events.at(-1)).toBe('done');
    const info = await dispatch('cache.info', {}, ctx);
    expect(info.tables.projects).toBeGreaterThan(0);
    expect(info.tables.credit_transactions).toBeGreaterThan(0);
    expect(info.lastSyncAt).not.toBeNull();
    expect(info.path.startsWith(dataDir)).toBe(true);
  }, 60_000);

  it('manages remote keys: the full key once on create, prefixes after, revoke, usage', async () => {
    const created = await dispatch('keys.create', { name: 'from the app' }, ctx);
    expect(created.key).toMatch(/^ccmd_live_/);
    const listed = await dispatch('keys.list', {}, ctx);
    expect(listed.some((k) => k.id === created.id)).toBe(true);
    expect(listed.every((k) => k.key === undefined)).toBe(true);
    const after = await dispatch('keys.revoke', { id: created.id }, ctx);
    expect(after.find((k) => k.id === created.id)?.status).toBe('revoked');
    const usage = await dispatch('keys.usage', {}, ctx);
    expect(usage.total_requests).toBeGreaterThan(0);
    const e = await errorOf(dispatch('keys.create', { name: '' }, ctx));
    expect(e?.code).toBe('invalid_input');
  });

  it('keeps a watchlist of projects, buyers and countries, and refreshes one project on demand', async () => {
    const projectId = (await fetch(`${service.baseUrl}/v1/projects/?per_page=1`, { headers: { 'X-API-KEY': service.apiKey } })
      .then((r) => r.json() as Promise<{ data: Array<{ project_id: string }> }>)).data[0]!.project_id;
    expect(await dispatch('watchlist.list', {}, ctx)).toEqual([]);
    expect(await dispatch('watchlist.set', { id: projectId, watched: false }, ctx)).toEqual([]);
    await dispatch('watchlist.set', { kind: 'buyer', id: 'Acme "100%" Ltd', watched: true }, ctx);
    const watched = await dispatch('watchlist.set', { kind: 'country', id: 'br', watched: true }, ctx);
    expect(watched.map((w) => [w.kind, w.id, w.cached])).toEqual([['buyer', 'Acme "100%" Ltd', false], ['country', 'BR', false]]);
    expect(await dispatch('watchlist.set', { kind: 'buyer', id: 'Acme "100%" Ltd', watched: false }, ctx)).toHaveLength(1);
    const e = await errorOf(dispatch('watchlist.set', { kind: 'country', id: '', watched: true } as never, ctx));
    expect(e?.code).toBe('invalid_input');
    await dispatch('watchlist.set', { kind: 'country', id: 'BR', watched: false }, ctx);
    const refreshed = await dispatch('projects.refresh', { project_id: projectId }, ctx);
    expect(refreshed.errors).toEqual([]);
    expect(refreshed.fetched).toEqual(['project', 'boundary', 'forensics', 'country']);
    const info = await dispatch('cache.info', {}, ctx);
    expect(info.tables.project_boundaries).toBe(1);
    expect(info.tables.project_forensics).toBe(1);
  });

  it('checks the connection and clears the cache (the watchlist stays)', async () => {
    expect((await dispatch('connections.status', {}, ctx)).state).toBe('reachable');
    const projectId = 'VCS-1';
    await dispatch('watchlist.set', { id: projectId, watched: true }, ctx);
    const cleared = await dispatch('cache.clear', {}, ctx);
    expect(cleared.tables.projects).toBe(0);
    expect(cleared.tables.credit_transactions).toBe(0);
    expect(cleared.tables.watched_items).toBe(1);
    expect((await dispatch('sync.status', {}, ctx)).jobs.every((j) => j.rows === 0 || j.state !== 'running')).toBe(true);
  }, 30_000);

  it('reports a service nobody answers on as offline, and comes back when the connection does', async () => {
    const net = await import('node:net');
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const before = (await dispatch('connections.list', {}, ctx)).find((c) => c.name === 'Reference')!;
    const gone = await dispatch('connections.add', { name: 'Gone', baseUrl: `http://127.0.0.1:${port}`, apiKey: 'ccmd_live_nobodyhome' }, ctx);
    await dispatch('connections.select', { id: gone.id }, ctx);
    const status = await dispatch('connections.status', {}, ctx);
    expect(status).toMatchObject({ connectionId: gone.id, state: 'offline' });
    await dispatch('connections.select', { id: before.id }, ctx);
    await dispatch('connections.remove', { id: gone.id }, ctx);
    expect((await dispatch('connections.status', {}, ctx)).state).toBe('reachable');
  }, 60_000);

  it('reads a probe failure: refused keys are unauthorized, a rate limit still answered', () => {
    expect(probeOutcome('revoked_api_key')).toBe('unauthorized');
    expect(probeOutcome('upgrade_required')).toBe('unauthorized');
    expect(probeOutcome('rate_limited')).toBe('reachable');
    expect(probeOutcome('offline')).toBe('offline');
    expect(probeOutcome('server_error')).toBe('offline');
  });
});
