/**
 * What every handler gets: the host it runs in, the data folder, the event bus, the connection
 * registry, the secret store, the connection status, how the host starts the reference service (a
 * Node child by default; the Electron host passes a utility-process launcher), and lazily created
 * per-domain services (the cache client, the sync engine, exports) registered under a name by their
 * own modules.
 */
import fs from 'node:fs';
import type { ConnectionStatus } from '../shared/contract';
import { nodeServiceLauncher } from './connections/node-service-launcher';
import { ConnectionRegistry } from './connections/registry';
import type { ServiceLauncher } from './connections/service-launcher';
import { EventBus } from './events';
import type { SecretStore } from './secrets/secret-store';
import { SessionSecretStore } from './secrets/secret-store';
import { APP_VERSION } from './version';

export type HostKind = 'electron' | 'web' | 'cli';

export interface AppContextOptions {
  host: HostKind;
  dataDir: string;
  secrets?: SecretStore;
  /** How the built-in demo service is started; a Node child process when not given. */
  serviceLauncher?: ServiceLauncher;
}

export class AppContext {
  readonly version = APP_VERSION;
  readonly events = new EventBus();
  readonly connections: ConnectionRegistry;
  readonly secrets: SecretStore;
  private readonly services = new Map<string, unknown>();
  private readonly disposers: Array<() => unknown> = [];
  private currentStatus: ConnectionStatus = { connectionId: null, state: 'unknown', message: null, checkedAt: null };

  constructor(
    readonly host: HostKind,
    readonly dataDir: string,
    secrets: SecretStore,
    readonly serviceLauncher: ServiceLauncher = nodeServiceLauncher,
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.connections = new ConnectionRegistry(dataDir);
    this.secrets = secrets;
    this.currentStatus.connectionId = this.connections.selected()?.id ?? null;
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

  /** A per-domain singleton, created on first use (cache client, sync engine, ...). */
  service<T>(key: string, create: (ctx: AppContext) => T): T {
    if (!this.services.has(key)) this.services.set(key, create(this));
    return this.services.get(key) as T;
  }

  /** Forgets a service (e.g. the cache client after switching connection). */
  dropService(key: string): void {
    this.services.delete(key);
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
  return new AppContext(options.host, options.dataDir, options.secrets ?? new SessionSecretStore(), options.serviceLauncher);
}
