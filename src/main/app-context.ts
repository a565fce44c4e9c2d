/**
 * The back end's composition root: what every contract handler gets. It is built once per host
 * process from the host's ports (src/main/host-ports.ts) and owns the app's long-lived services,
 * each a typed field: the connection registry, the secret store, the per-connection caches, the
 * built-in demo service, the sync engines and the exports. The services below it know only the
 * narrow dependencies they are given here, never this class.
 */
import fs from 'node:fs';
import type { ConnectionStatus, SyncStatus } from '../shared/contract';
import { ContractError } from '../shared/errors';
import { type CacheClient, CacheRegistry } from './cache/cache-client';
import { probeService } from './api/reachability';
import { ConnectionWatch, type ProbeOutcome } from './connections/connection-watch';
import { DemoServiceHost } from './connections/demo-service';
import { ConnectionRegistry, DEMO_CONNECTION_ID } from './connections/registry';
import { EventBus } from './events';
import { ExportService } from './export/export-service';
import type { HostPorts } from './host-ports';
import type { SecretStore } from './secrets/secret-store';
import { SessionSecretStore } from './secrets/secret-store';
import { SyncEngines } from './sync/sync-service';
import { APP_VERSION } from './version';
import { openCache } from './workers/open-cache';

export type { HostKind, HostPorts } from './host-ports';

export interface AppContextOptions {
  dataDir: string;
  ports: HostPorts;
  secrets?: SecretStore;
}

export class AppContext {
  readonly version = APP_VERSION;
  readonly events = new EventBus();
  readonly dataDir: string;
  readonly ports: HostPorts;
  readonly connections: ConnectionRegistry;
  readonly secrets: SecretStore;
  /** One cache client (and worker thread) per connection, created on first use. */
  readonly caches: CacheRegistry;
  /** The built-in demo service, started on first use. */
  readonly demo: DemoServiceHost;
  readonly syncs: SyncEngines;
  readonly exports: ExportService;
  /** The selected connection's probe (connections/connection-watch.ts): started by the first status request. */
  readonly watch: ConnectionWatch;
  private readonly disposers: Array<() => unknown> = [];
  private currentStatus: ConnectionStatus = { connectionId: null, state: 'unknown', message: null, checkedAt: null, restarted: null };

  constructor(options: AppContextOptions) {
    this.dataDir = options.dataDir;
    this.ports = options.ports;
    fs.mkdirSync(this.dataDir, { recursive: true });
    this.connections = new ConnectionRegistry(this.dataDir);
    this.secrets = options.secrets ?? new SessionSecretStore();
    this.currentStatus.connectionId = this.connections.selected()?.id ?? null;
    this.caches = new CacheRegistry((id) => this.connections.cachePath(id), openCache);
    this.demo = new DemoServiceHost({
      dataDir: this.dataDir,
      launcher: this.ports.serviceLauncher,
      connections: this.connections,
      // The demo's own news (starting, stopped, restarted) is the window's only while the demo is selected.
      reportStatus: (status) => {
        if (this.connections.selected()?.id !== DEMO_CONNECTION_ID) return;
        this.setStatus(status);
        // It stopped on its own: the probe starts it again on its backoff's first step.
        if (status.state === 'offline') this.watch.unreachable();
      },
    });
    this.watch = new ConnectionWatch({ probe: () => this.probeSelected(), report: (outcome) => this.afterProbe(outcome) });
    this.syncs = new SyncEngines({
      connections: this.connections,
      secrets: this.secrets,
      demo: this.demo,
      caches: this.caches,
      emitProgress: (status) => {
        this.events.emit('sync.progress', status);
        this.afterSync(status);
      },
      reportConnection: (connectionId, state, message) => {
        if (this.connections.selected()?.id === connectionId) this.setStatus({ connectionId, state, message });
      },
      // Any request of the selected connection that cannot reach its service makes it offline at once;
      // one answered after that makes it reachable again (a refused key stays refused until a request is let in).
      reportReachability: (connectionId, reachable, message) => {
        if (this.connections.selected()?.id !== connectionId) return;
        if (reachable) {
          this.watch.reachable();
          if (this.currentStatus.state !== 'reachable') this.setStatus({ connectionId, state: 'reachable', message: null });
        } else {
          this.watch.unreachable();
          this.setStatus({ connectionId, state: 'offline', message });
        }
      },
    });
    this.exports = new ExportService(this.ports.exportTarget, (payload) => this.events.emit('export.progress', payload));
    // Disposed in reverse: exports, then syncs, then the demo service, then the caches.
    this.onDispose(() => this.caches.closeAll());
    this.onDispose(() => this.demo.stop());
    this.onDispose(() => this.watch.stop());
    this.onDispose(() => this.syncs.stopAll());
    this.onDispose(() => this.exports.cancelAll());
  }


  get status(): ConnectionStatus {
    return { ...this.currentStatus };
  }

  /** Updates the connection status and tells every window when it changed. */
  setStatus(next: Partial<ConnectionStatus>): void {
    const merged = { ...this.currentStatus, ...next, checkedAt: new Date().toISOString() };
    // A restart is news of the demo's service only: another connection's status carries none.
    merged.restarted = merged.connectionId === DEMO_CONNECTION_ID ? (this.demo?.restarted ?? null) : null;
    const before = this.currentStatus;
    const changed = merged.state !== before.state || merged.message !== before.message || merged.connectionId !== before.connectionId
      || merged.restarted?.restartedAt !== before.restarted?.restartedAt;
    this.currentStatus = merged;
    if (changed) this.events.emit('connection.status', this.status);
  }

  /** The probe of the selected connection: a keyless request to its service (the demo's is started first when it stopped). */
  private async probeSelected(): Promise<ProbeOutcome> {
    const connection = this.connections.selected();
    if (!connection) return { reachable: true };
    let baseUrl = connection.baseUrl;
    if (connection.kind === 'demo') {
      try {
        baseUrl = (await this.demo.ensure()).baseUrl;
      } catch (err) {
        return { reachable: false, message: err instanceof Error ? err.message : String(err) };
      }
    }
    if (!baseUrl) return { reachable: false, message: `Connection '${connection.name}' has no base URL` };
    return probeService(baseUrl);
  }

  /** What a probe found, for the status: offline with its reason; an answer clears offline (a refused key stays refused). */
  private afterProbe(outcome: ProbeOutcome): void {
    const connectionId = this.connections.selected()?.id ?? null;
    if (!connectionId) return;
    if (!outcome.reachable) this.setStatus({ connectionId, state: 'offline', message: outcome.message });
    else if (this.currentStatus.state !== 'reachable' && this.currentStatus.state !== 'unauthorized') this.setStatus({ connectionId, state: 'reachable', message: null });
  }

  /** The selected connection's id; `no_connection` when none is selected. */
  selectedConnectionId(): string {
    const c = this.connections.selected();
    if (!c) throw new ContractError('no_connection', 'No connection is selected');
    return c.id;
  }

  /** The selected connection's cache. */
  currentCache(): CacheClient {
    return this.caches.of(this.selectedConnectionId());
  }

  /** Sync states seen per connection, to tell the end of a run. */
  private readonly syncStates = new Map<string, string>();

  /** After a sync run ends: a desktop notification when watched items changed (clicking it opens the Changes view). */
  private afterSync(status: SyncStatus): void {
    const id = status.connectionId;
    if (!id) return;
    const before = this.syncStates.get(id);
    this.syncStates.set(id, status.state);
    if (status.state !== 'done' || before === 'done' || before === undefined || !this.ports.notifier.available) return;
    void this.caches.of(id).call('query:changes.summary', {}).then((summary) => {
      if (summary.watched === 0) return;
      const name = this.connections.list().find((c) => c.id === id)?.name ?? 'the service';
      this.ports.notifier.notify({
        title: `${summary.watched} change${summary.watched === 1 ? '' : 's'} to watched items`,
        body: `The sync of ${name} found changes to projects, buyers or countries you watch.`,
        onClick: () => this.events.emit('app.navigate', { path: '/changes?watched_only=true' }),
      });
    }).catch(() => undefined);
  }

  onDispose(fn: () => unknown): void {
    this.disposers.push(fn);
  }

  async dispose(): Promise<void> {
    for (const fn of this.disposers.splice(0).reverse()) {
      try {
        await fn();
      } catch {
        // shutting down: keep going
      }
    }
  }
}

export function createAppContext(options: AppContextOptions): AppContext {
  return new AppContext(options);
}
