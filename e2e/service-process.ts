/**
 * A reference service of its own for a spec (`src/service/index.ts` as a child process, any of its
 * flags: a messy market, a partial server, another API root), and a connection of the spec's web
 * host to it, selected while the spec runs and removed afterwards (the demo connection selected again).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { AppPage } from './fixtures';

const ROOT = path.resolve(__dirname, '..');

export interface ServiceProcess {
  baseUrl: string;
  keys: Record<'pro' | 'enterprise' | 'free' | 'expired' | 'revoked', string>;
  stop(): Promise<void>;
}

export function startServiceProcess(flags: string[]): Promise<ServiceProcess> {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const child: ChildProcess = spawn(tsx, ['src/service/index.ts', '--port', '0', '--scale', '0.01', '--seed', '7', '--rate-limit-pro', '100000', ...flags], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${err}`)), 120_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.includes('"ready"'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { baseUrl: string; apiRoot: string; keys: ServiceProcess['keys'] };
      resolve({ baseUrl: `${ready.baseUrl}`, keys: ready.keys, stop });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}): ${err}`));
    });
  });
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
