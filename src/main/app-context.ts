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
import { DemoServiceHost } from './connections/demo-service';
import { ConnectionRegistry } from './connections/registry';
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
  private readonly disposers: Array<() => unknown> = [];
  private currentStatus: ConnectionStatus = { connectionId: null, state: 'unknown', message: null, checkedAt: null };

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
      reportStatus: (status) => this.setStatus(status),
    });
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
    });
    this.exports = new ExportService(this.ports.exportTarget, (payload) => this.events.emit('export.progress', payload));
    // Disposed in reverse: exports, then syncs, then the demo service, then the caches.
    this.onDispose(() => this.caches.closeAll());
    this.onDispose(() => this.demo.stop());
    this.onDispose(() => this.syncs.stopAll());
    this.onDispose(() => this.exports.cancelAll());
  }


  get status(): ConnectionStatus {
    return { ...this.currentStatus };
  }

  /** Updates the connection status and tells every window when it changed. */
  setStatus(next: Partial<ConnectionStatus>): void {
    const merged = { ...this.currentStatus, ...next, checkedAt: new Date().toISOString() };
    const changed = merged.state !== this.currentStatus.state || merged.message !== this.currentStatus.message || merged.connectionId !== this.currentStatus.connectionId;
    this.currentStatus = merged;
    if (changed) this.events.emit('connection.status', this.status);
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
