/** Sync, watchlist, on-demand refresh, remote API keys and the cache of the current connection. */
import type { ApiKey } from '../../shared/api';
import { ContractError } from '../../shared/errors';
import type { AppContext } from '../app-context';
import type { HandlerSlice } from './types';

type SyncMethods =
  | 'connections.status' | 'sync.start' | 'sync.pause' | 'sync.resume' | 'sync.cancel' | 'sync.status'
  | 'watchlist.list' | 'watchlist.set' | 'projects.refresh' | 'keys.list' | 'keys.create' | 'keys.revoke'
  | 'keys.usage' | 'cache.info' | 'cache.clear' | 'sync.skippedItems' | 'sync.dataIssues' | 'sync.mirror';

const AUTH_CODES = new Set(['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key', 'upgrade_required']);

/** What a failed probe says about the connection: a rate limit still means the service answered. */
export function probeOutcome(code: string): 'reachable' | 'offline' | 'unauthorized' {
  if (AUTH_CODES.has(code)) return 'unauthorized';
  return code === 'rate_limited' || code === 'not_offered' ? 'reachable' : 'offline';
}

const currentEngine = (ctx: AppContext) => ctx.syncs.engineFor(ctx.selectedConnectionId());
const currentClient = (ctx: AppContext) => ctx.syncs.clientFor(ctx.selectedConnectionId());

export const syncHandlers: HandlerSlice<SyncMethods> = {
  'connections.status': async (_i, ctx) => {
    const connectionId = ctx.selectedConnectionId();
    // From the first status request on, the connection is probed between requests too.
    ctx.watch.start();
    try {
      const client = await ctx.syncs.clientFor(connectionId);
      await client.projectTypes();
      ctx.setStatus({ connectionId, state: 'reachable', message: null });
    } catch (err) {
      const e = err instanceof ContractError ? err : new ContractError('offline', String(err));
      ctx.setStatus({ connectionId, state: probeOutcome(e.code), message: e.code === 'rate_limited' ? null : e.message });
    }
    return ctx.status;
  },
  'sync.start': async (input, ctx) => (await currentEngine(ctx)).start({ jobs: input.jobs, full: input.full }),
  'sync.pause': async (_i, ctx) => (await currentEngine(ctx)).pause(),
  'sync.resume': async (_i, ctx) => (await currentEngine(ctx)).resume(),
  'sync.cancel': async (_i, ctx) => (await currentEngine(ctx)).cancel(),
  'sync.status': async (_i, ctx) => ctx.syncs.statusOf(ctx.selectedConnectionId()),
  'sync.skippedItems': async (input, ctx) => ctx.currentCache().call('read:skippedItems', { job: input.job ?? null, limit: input.limit ?? 1000 }),
  'sync.dataIssues': async (input, ctx) => ctx.currentCache().call('read:dataIssues', { job: input.job ?? null, kind: input.kind ?? null, limit: input.limit ?? 1000 }),
  'watchlist.list': async (_i, ctx) => ctx.currentCache().call('read:watchItems'),
  'watchlist.set': async (input, ctx) => {
    const id = input.kind === 'country' ? input.id.toUpperCase() : input.id;
    const list = await ctx.currentCache().call('write:watch', { kind: input.kind, id, watched: input.watched });
    // A newly watched project is fetched at once, in the background (errors show on the project page).
    if (input.watched && input.kind === 'project') void ctx.syncs.refreshProject(ctx.selectedConnectionId(), id).catch(() => undefined);
    return list;
  },
  'sync.mirror': async (input, ctx) => {
    const cache = ctx.currentCache();
    if (input.scope) await cache.call('write:mirrorScope', { scope: input.scope });
    return (await cache.call('read:cacheInfo')).mirror;
  },
  'projects.refresh': async (input, ctx) => ctx.syncs.refreshProject(ctx.selectedConnectionId(), input.project_id),
  'keys.list': async (_i, ctx) => {
    const client = await currentClient(ctx);
    return (await client.listKeys()).map(withoutKey);
  },
  // The full key is in this one answer only: it is never logged, cached or stored.
  'keys.create': async (input, ctx) => (await currentClient(ctx)).createKey(input.name),
  'keys.revoke': async (input, ctx) => {
    const client = await currentClient(ctx);
    await client.revokeKey(input.id);
    return (await client.listKeys()).map(withoutKey);
  },
  'keys.usage': async (_i, ctx) => (await currentClient(ctx)).keyUsage(),
  'cache.info': async (_i, ctx) => ctx.currentCache().call('read:cacheInfo'),
  'cache.clear': async (_i, ctx) => {
    const engine = await ctx.syncs.existing(ctx.selectedConnectionId());
    if (engine) {
      engine.cancel();
      await engine.whenDone();
    }
    return ctx.currentCache().call('write:clear');
  },
};

function withoutKey(k: ApiKey): ApiKey {
  const { key: _never, ...rest } = k;
  return rest;
}
