/**
 * A reference service of its own for a spec (`src/service/index.ts` as a child process, any of its
 * flags: a messy market, a partial server, another API root), and a connection of the spec's web
 * host to it, selected while the spec runs and removed afterwards (the demo connection selected again).
 */
import { spawnReferenceService, stopReferenceService } from '../src/main/connections/demo-service';
import { test, type AppPage } from './fixtures';

interface ServiceProcess {
  baseUrl: string;
  /** The service's pro key. */
  apiKey: string;
  stop(): Promise<void>;
}

/** The reference service with `flags`, started the way the app starts its demo (a Node child, its ready line). */
async function startServiceProcess(flags: string[]): Promise<ServiceProcess> {
  const service = await spawnReferenceService({ scale: 0.01, extraArgs: ['--seed', '7', '--rate-limit-pro', '100000', ...flags], timeoutMs: 120_000 });
  return { baseUrl: service.baseUrl, apiKey: service.apiKey, stop: () => stopReferenceService(service) };
}

/** The service of a spec file (see serviceForSpec). */
export interface SpecService {
  /** Adds and selects a connection named `name` to the service; the returned function removes it (see useConnection). */
  connect(app: AppPage, name: string): Promise<() => Promise<void>>;
  /** The running service's base URL and pro key (to reach it another way, e.g. through a proxy). */
  endpoint(): { baseUrl: string; apiKey: string };
  /** Stops the service before the spec ends (stopping it again after the spec does nothing). */
  stop(): Promise<void>;
}

/**
 * A reference service with `flags` for the spec file that calls this at its top level: started
 * before its tests, stopped after them.
 */
export function serviceForSpec(flags: string[]): SpecService {
  let service: ServiceProcess | undefined;
  test.beforeAll(async () => {
    service = await startServiceProcess(flags);
  });
  test.afterAll(async () => {
    await service?.stop();
  });
  const started = (): ServiceProcess => {
    if (!service) throw new Error(`the spec's reference service (${flags.join(' ') || 'no flags'}) did not start`);
    return service;
  };
  return {
    connect: (app, name) => useConnection(app, name, started().baseUrl, started().apiKey),
    endpoint: () => ({ baseUrl: started().baseUrl, apiKey: started().apiKey }),
    stop: () => started().stop(),
  };
}

/** Adds and selects a connection to `baseUrl`; the returned function removes it and selects the previous one. */
export async function useConnection(app: AppPage, name: string, baseUrl: string, apiKey: string): Promise<() => Promise<void>> {
  const before = await app.call<{ connection: { id: string } | null }>('app.info');
  const added = await app.call<{ id: string }>('connections.add', { name, baseUrl, apiKey });
  await app.call('connections.select', { id: added.id });
  return async () => {
    if (before.connection) await app.call('connections.select', { id: before.connection.id });
    await app.call('connections.remove', { id: added.id });
  };
}

/** Syncs the selected connection and waits until the sync has ended; its final status. */
export async function syncToEnd<T extends { state: string }>(app: AppPage, timeoutMs = 120_000): Promise<T> {
  await app.call('sync.start', {});
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await app.call<T>('sync.status');
    if (status.state !== 'running' && status.state !== 'paused') return status;
    if (Date.now() > deadline) throw new Error(`the sync did not end in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
