/**
 * Wires the sync engine into an AppContext: one API client and one engine per connection, progress
 * on `ctx.events` ('sync.progress'), connection status from request outcomes, the demo connection's
 * automatic sync, and on-demand refresh of one project.
 */
import type { SyncStatus } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { ApiClient } from '../api/api-client';
import type { AppContext } from '../app-context';
import { cacheFor } from '../cache/cache-client';
import { ensureDemoService } from '../connections/demo-service';
import { DEMO_CONNECTION_ID } from '../connections/registry';
import type { SyncCheckpoint } from '../cache/repositories/sync-state-repository';
import { SyncEngine } from './sync-engine';
import { SyncProgress } from './sync-progress';
import { SYNC_JOBS } from '../../shared/contract';
import { boundaryStep, countryOfProjectStep, projectDetailStep, projectForensicsStep } from './sync-jobs';

export function selectedConnectionId(ctx: AppContext): string {
  const c = ctx.connections.selected();
  if (!c) throw new ContractError('no_connection', 'No connection is selected');
  return c.id;
}

/** An API client for a connection (the demo's service is started when needed). */
export async function apiClientFor(ctx: AppContext, connectionId: string, log?: (line: string) => void): Promise<ApiClient> {
  const connection = ctx.connections.get(connectionId);
  if (connection.kind === 'demo') {
    const demo = await ensureDemoService(ctx);
    return new ApiClient({ baseUrl: demo.baseUrl, apiKey: demo.apiKey, log });
  }
  if (!connection.baseUrl) throw new ContractError('invalid_input', `Connection '${connection.name}' has no base URL`);
  const key = await ctx.secrets.get(connection.id);
  if (!key) throw new ContractError('missing_api_key', `No API key is stored for '${connection.name}'. Add it again in Settings → Connections.`);
  return new ApiClient({ baseUrl: connection.baseUrl, apiKey: key, log });
}

const enginesCreated = new WeakMap<AppContext, Set<string>>();

/** The sync engine of a connection (created on first use, cancelled on dispose). */
export function syncEngineFor(ctx: AppContext, connectionId: string, log?: (line: string) => void): Promise<SyncEngine> {
  let created = false;
  const pending = ctx.service(`sync:${connectionId}`, (c) => {
    created = true;
    if (!enginesCreated.has(c)) enginesCreated.set(c, new Set());
    enginesCreated.get(c)!.add(connectionId);
    return (async () => {
      const [client, cache] = await Promise.all([apiClientFor(c, connectionId, log), cacheFor(c, connectionId)]);
      return new SyncEngine({
        cache,
        client,
        connectionId,
        log,
        onProgress: (status) => c.events.emit('sync.progress', status),
        onConnection: (state, message) => {
          if (c.connections.selected()?.id === connectionId) c.setStatus({ connectionId, state, message });
        },
      });
    })();
  });
  if (created) {
    pending.catch(() => {
      ctx.dropService(`sync:${connectionId}`);
      enginesCreated.get(ctx)?.delete(connectionId);
    });
    ctx.onDispose(async () => {
      const engine = await pending.catch(() => null);
      if (engine) {
        engine.cancel();
        await engine.whenDone();
      }
    });
  }
  return pending;
}

/** The current connection's engine when one was created, else null (never starts anything). */
export async function existingSyncEngine(ctx: AppContext): Promise<SyncEngine | null> {
  const id = selectedConnectionId(ctx);
  if (!enginesCreated.get(ctx)?.has(id)) return null;
  return syncEngineFor(ctx, id).catch(() => null);
}

export function currentSyncEngine(ctx: AppContext): Promise<SyncEngine> {
  return syncEngineFor(ctx, selectedConnectionId(ctx));
}

/** Status of the current connection's sync without starting anything: from the cache's checkpoints when no engine ran. */
export async function currentSyncStatus(ctx: AppContext): Promise<SyncStatus> {
  const id = selectedConnectionId(ctx);
  if (enginesCreated.get(ctx)?.has(id)) {
    const engine = await syncEngineFor(ctx, id).catch(() => null);
    if (engine) return engine.status();
  }
  const cache = await cacheFor(ctx, id);
  const progress = new SyncProgress(SYNC_JOBS);
  for (const cp of await cache.call<SyncCheckpoint[]>('sync:checkpoints')) {
    progress.fromCheckpoint(cp);
    const job = progress.job(cp.job as (typeof SYNC_JOBS)[number]);
    if (job) job.state = cp.state === 'running' ? 'paused' : cp.state;
  }
  return progress.snapshot(id);
}

/** Starts the demo service and its sync when the demo connection is selected (web host startup). */
export async function ensureDemoSync(ctx: AppContext): Promise<SyncStatus | null> {
  if (ctx.connections.selected()?.id !== DEMO_CONNECTION_ID) return null;
  const engine = await syncEngineFor(ctx, DEMO_CONNECTION_ID);
  return engine.start();
}

/** Fetches one project's detail, boundary, forensics (with this week's diff) and country now. */
export async function refreshProject(ctx: AppContext, projectId: string): Promise<{ fetched: string[]; errors: string[] }> {
  const id = selectedConnectionId(ctx);
  const [client, cache] = await Promise.all([apiClientFor(ctx, id), cacheFor(ctx, id)]);
  const run = { client, cache, signal: new AbortController().signal };
  const parts: Array<[string, () => Promise<{ writes: Array<{ op: string; args: unknown }> }>]> = [
    ['project', () => projectDetailStep(run, projectId)],
    ['boundary', () => boundaryStep(run, projectId)],
    ['forensics', () => projectForensicsStep(run, projectId)],
    ['country', () => countryOfProjectStep(run, projectId)],
  ];
  const fetched: string[] = [];
  const errors: string[] = [];
  for (const [name, fetchPart] of parts) {
    try {
      const s = await fetchPart();
      await cache.call('write:many', { writes: s.writes });
      fetched.push(name);
    } catch (err) {
      const e = err instanceof ContractError ? err : new ContractError('internal_error', String(err));
      errors.push(`${name}: ${e.code}: ${client.redact(e.message)}`);
      if (e.code === 'revoked_api_key' || e.code === 'invalid_api_key' || e.code === 'expired_api_key' || e.code === 'missing_api_key' || e.code === 'upgrade_required') break;
    }
  }
  await cache.call('sync:refreshAggregates', { job: 'projectDetails' }).catch(() => undefined);
  return { fetched, errors };
}
