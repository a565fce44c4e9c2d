/**
 * The app's sync engines: one API client and one engine per connection, progress on the app's
 * events ('sync.progress'), connection status from request outcomes, the demo connection's
 * automatic sync, and on-demand refresh of one project.
 */
import type { ContractEvents, ProjectRefresh, SyncStatus } from '../../shared/contract';
import { SYNC_JOBS } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { ApiClient } from '../api/api-client';
import { ON_DEMAND_CONNECT_TIMEOUT_MS } from '../api/connect-timeout';
import { RequestPacer, REQUESTS_IN_FLIGHT, REQUESTS_IN_FLIGHT_FAR, type RequestPriority } from '../api/request-pacer';
import type { ServiceProfile } from '../api/service-profile';
import type { CacheRegistry } from '../cache/cache-client';
import type { CacheWrite } from '../cache/cache-protocol';
import type { DemoServiceHost } from '../connections/demo-service';
import { type ConnectionRegistry, DEMO_CONNECTION_ID } from '../connections/registry';
import type { SecretStore } from '../secrets/secret-store';
import { SyncEngine } from './sync-engine';
import { boundaryStep, countryOfProjectStep, projectDetailStep, projectForensicsStep } from './mirror-jobs';
import { SyncProgress } from './sync-progress';

/** What the sync engines need from the app. */
export interface SyncEnginesDeps {
  connections: ConnectionRegistry;
  secrets: SecretStore;
  demo: DemoServiceHost;
  caches: CacheRegistry;
  emitProgress(status: ContractEvents['sync.progress']): void;
  /** A request outcome about a connection (reachable, offline, key refused). */
  reportConnection(connectionId: string, state: 'reachable' | 'offline' | 'unauthorized', message: string | null): void;
  /** Every request's outcome (any client of the connection): it reached the service and was answered, or it could not reach it. */
  reportReachability?(connectionId: string, reachable: boolean, message: string | null): void;
}

const AUTH_CODES = new Set(['revoked_api_key', 'invalid_api_key', 'expired_api_key', 'missing_api_key', 'upgrade_required']);

export class SyncEngines {
  private readonly engines = new Map<string, Promise<SyncEngine>>();
  /** Each created engine and the address its client talks to (the demo's changes when its service is restarted). */
  private readonly made = new Map<string, { engine: SyncEngine; baseUrl: string }>();
  /** What each connection's server turned out to be (API root, offered paths, names), learnt once. */
  private readonly profiles = new Map<string, ServiceProfile>();
  /** One pacer per connection and service: the sync and the user's on-demand requests share the key's allowance. */
  private readonly pacers = new Map<string, RequestPacer>();

  constructor(private readonly deps: SyncEnginesDeps) {}

  /**
   * An API client for a connection (the demo's service is started when needed), with what is known
   * of its server; the first client of a connection learns it (`ApiClient.discover`), later ones reuse it.
   */
  async clientFor(connectionId: string, log?: (line: string) => void, priority: RequestPriority = 'foreground'): Promise<ApiClient> {
    const connection = this.deps.connections.get(connectionId);
    let baseUrl: string;
    let apiKey: string;
    if (connection.kind === 'demo') {
      const demo = await this.deps.demo.ensure();
      ({ baseUrl, apiKey } = demo);
    } else {
      if (!connection.baseUrl) throw new ContractError('invalid_input', `Connection '${connection.name}' has no base URL`);
      const key = await this.deps.secrets.get(connection.id);
      if (!key) throw new ContractError('missing_api_key', `No API key is stored for '${connection.name}'. Add it again in Settings → Connections.`);
      baseUrl = connection.baseUrl;
      apiKey = key;
    }
    const known = this.profiles.get(`${connectionId} ${baseUrl}`);
    let pacer = this.pacers.get(`${connectionId} ${baseUrl}`);
    if (!pacer) {
      const created = new RequestPacer({ rateLimitPerMinute: null, concurrency: REQUESTS_IN_FLIGHT, farConcurrency: REQUESTS_IN_FLIGHT_FAR });
      this.pacers.set(`${connectionId} ${baseUrl}`, created);
      // The allowance the last sync learnt, until this one learns it again.
      const learnt = await this.deps.caches.of(connectionId).call('read:rateLimit').catch(() => null);
      if (learnt && created.rateLimitPerMinute === null) created.setRateLimit(learnt);
      pacer = created;
    }
    const client = new ApiClient({
      baseUrl, apiKey, log, profile: known ?? null, pacer, priority,
      onReachability: (reachable, message) => this.deps.reportReachability?.(connectionId, reachable, message),
      // The user waits for an on-demand request: it is told at once when the service cannot be reached.
      ...(priority === 'foreground' ? { connectTimeoutMs: ON_DEMAND_CONNECT_TIMEOUT_MS, retryUnreachable: false } : {}),
    });
    if (!known) {
      // Offline or refused: the request that follows reports it; the next client tries again.
      const profile = await client.discover().catch(() => null);
      if (profile) this.profiles.set(`${connectionId} ${baseUrl}`, profile);
    }
    return client;
  }

  /** The sync engine of a connection (created on first use; `stopAll` cancels every one). */
  engineFor(connectionId: string, log?: (line: string) => void): Promise<SyncEngine> {
    let pending = this.engines.get(connectionId);
    const made = this.made.get(connectionId);
    // An idle engine whose client talks to an address the connection no longer has (the demo service
    // was restarted on another port, or is not running) is replaced: its requests would go nowhere.
    const connection = this.deps.connections.get(connectionId);
    if (pending && made && connection.kind === 'demo' && made.baseUrl !== connection.baseUrl && !['running', 'paused'].includes(made.engine.status().state)) {
      this.engines.delete(connectionId);
      this.made.delete(connectionId);
      pending = undefined;
    }
    if (pending) return pending;
    pending = (async () => {
      const client = await this.clientFor(connectionId, log, 'background');
      const engine = new SyncEngine({
        cache: this.deps.caches.of(connectionId),
        client,
        connectionId,
        log,
        onProgress: (status) => this.deps.emitProgress(status),
        onConnection: (state, message) => this.deps.reportConnection(connectionId, state, message),
      });
      this.made.set(connectionId, { engine, baseUrl: client.baseUrl });
      return engine;
    })();
    this.engines.set(connectionId, pending);
    pending.catch(() => {
      if (this.engines.get(connectionId) === pending) this.engines.delete(connectionId);
    });
    return pending;
  }

  /** A connection's engine when one was created, else null (never starts anything). */
  async existing(connectionId: string): Promise<SyncEngine | null> {
    const pending = this.engines.get(connectionId);
    return pending ? pending.catch(() => null) : null;
  }

  /** A connection's sync status without starting anything: from the cache's checkpoints when no engine ran. */
  async statusOf(connectionId: string): Promise<SyncStatus> {
    const engine = await this.existing(connectionId);
    if (engine) return engine.status();
    const progress = new SyncProgress(SYNC_JOBS);
    const cache = this.deps.caches.of(connectionId);
    for (const cp of await cache.call('sync:checkpoints')) {
      progress.fromCheckpoint(cp);
      const job = progress.job(cp.job as (typeof SYNC_JOBS)[number]);
      if (job) job.state = cp.state === 'running' ? 'paused' : cp.state;
    }
    // What the latest passes met, as the cache remembers it (a sync in an earlier process included).
    progress.fromIssueCounts(await cache.call('read:dataIssueCounts'));
    return progress.snapshot(connectionId);
  }

  /** Starts the demo service and its sync when the demo connection is selected (long-running hosts at startup). */
  async startDemoSync(): Promise<SyncStatus | null> {
    if (this.deps.connections.selected()?.id !== DEMO_CONNECTION_ID) return null;
    return (await this.engineFor(DEMO_CONNECTION_ID)).start();
  }

  /**
   * Fetches one project's detail, boundary, forensics (with this week's diff) and country now. Each
   * part that fails is named with its reason in words; a service that cannot be reached (or refuses
   * the key) stops it at the first part, with one sentence for all of them.
   */
  async refreshProject(connectionId: string, projectId: string): Promise<ProjectRefresh> {
    const client = await this.clientFor(connectionId);
    const cache = this.deps.caches.of(connectionId);
    const run = { client, cache, signal: new AbortController().signal };
    const parts: Array<[string, string, () => Promise<{ writes: CacheWrite[] }>]> = [
      ['project', 'the project\'s detail', () => projectDetailStep(run, projectId)],
      ['boundary', 'its boundary', () => boundaryStep(run, projectId)],
      ['forensics', 'its forensic dossier', () => projectForensicsStep(run, projectId)],
      ['country', 'its country\'s profile and updates', () => countryOfProjectStep(run, projectId)],
    ];
    const fetched: string[] = [];
    const errors: string[] = [];
    const failed: string[] = [];
    let stopped: string | null = null;
    for (const [name, label, fetchPart] of parts) {
      try {
        const s = await fetchPart();
        await cache.call('write:many', { writes: s.writes });
        fetched.push(name);
      } catch (err) {
        const e = err instanceof ContractError ? err : new ContractError('internal_error', String(err));
        const reason = client.redact(e.message);
        errors.push(`${name}: ${e.code}: ${reason}`);
        // No other part can succeed: the service is not there, or it refuses the key.
        if (e.code === 'offline' || e.code === 'timeout') {
          stopped = fetched.length
            ? `Offline: the service stopped answering, so the rest was not fetched. It can be fetched when the service answers again.`
            : 'Offline: the service cannot be reached, so nothing was fetched. It can be fetched when the service answers again.';
          break;
        }
        if (AUTH_CODES.has(e.code)) {
          stopped = `The service refused the API key, so ${fetched.length ? 'the rest was' : 'nothing was'} fetched: ${reason}`;
          break;
        }
        failed.push(`${label} (${lowerFirst(reason)})`);
      }
    }
    const message = stopped ?? (failed.length ? `Could not fetch ${failed.join('; ')}.` : null);
    return { fetched, errors, message };
  }

  /** Cancels every running sync and waits for each to stop (the app is shutting down). */
  async stopAll(): Promise<void> {
    const engines = await Promise.all([...this.engines.values()].map((p) => p.catch(() => null)));
    this.engines.clear();
    this.made.clear();
    for (const engine of engines) engine?.cancel();
    await Promise.all(engines.map((engine) => engine?.whenDone()));
  }
}

function lowerFirst(text: string): string {
  return text ? text[0]!.toLowerCase() + text.slice(1) : text;
}
