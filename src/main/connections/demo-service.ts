/**
 * The "Demo (built-in)" connection: the reference service started as a CHILD PROCESS by its entry
 * file (never imported), on 127.0.0.1 and a free port, with its market kept in
 * `<dataDir>/demo/service.sqlite` so it is generated once. Its pro key is kept in memory only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ContractError } from '../../shared/errors';
import type { AppContext } from '../app-context';
import { DEMO_CONNECTION_ID } from './registry';

export interface DemoService {
  baseUrl: string;
  apiKey: string;
  /** Every key the service minted at start (pro, enterprise, free, expired, revoked). Memory only. */
  keys: Record<string, string>;
  child: ChildProcess;
}

/** The repository (or app) root: the nearest folder up from here holding package.json. */
function appRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

/** How to start the service: a built JS entry when present, else the TS entry through tsx. */
export function serviceCommand(root = appRoot()): { command: string; args: string[] } {
  const built = [path.join(root, 'out', 'service', 'index.js'), path.join(root, 'dist', 'service', 'index.js')].find((f) => fs.existsSync(f));
  if (built) return { command: process.execPath, args: [built] };
  const entry = path.join(root, 'src', 'service', 'index.ts');
  const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  if (!fs.existsSync(entry) || !fs.existsSync(tsx)) {
    throw new ContractError('demo_unavailable', `The built-in demo service is not available (no ${entry})`);
  }
  return { command: tsx, args: [entry] };
}

export function demoScale(): number {
  const raw = process.env.CARBON_DEMO_SCALE;
  const n = raw === undefined ? 1 : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** Starts a reference service child and resolves with its address and pro key once it is ready. */
export function spawnReferenceService(options: { dbPath?: string; scale?: number; extraArgs?: string[]; timeoutMs?: number; onStderr?: (line: string) => void }): Promise<DemoService> {
  const { command, args } = serviceCommand();
  const argv = [...args, '--port', '0', '--host', '127.0.0.1', '--scale', String(options.scale ?? demoScale())];
  if (options.dbPath) {
    fs.mkdirSync(path.dirname(options.dbPath), { recursive: true });
    argv.push('--db', options.dbPath);
  }
  argv.push(...(options.extraArgs ?? []));
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } });
  return new Promise<DemoService>((resolve, reject) => {
    let settled = false;
    const stderrTail: string[] = [];
    const fail = (err: ContractError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new ContractError('demo_unavailable', `The demo service did not start within ${Math.round((options.timeoutMs ?? 180_000) / 1000)} s`)),
      options.timeoutMs ?? 180_000,
    );
    timer.unref();
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      options.onStderr?.(line);
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (settled) return;
      let msg: { event?: string; baseUrl?: string; keys?: Record<string, string> & { pro?: string } };
      try {
        msg = JSON.parse(line);
      } catch {
        return;
      }
      if (msg.event !== 'ready' || !msg.baseUrl || !msg.keys?.pro) return;
      settled = true;
      clearTimeout(timer);
      resolve({ baseUrl: msg.baseUrl, apiKey: msg.keys.pro, keys: msg.keys, child });
    });
    child.on('error', (err) => fail(new ContractError('demo_unavailable', `The demo service could not start: ${err.message}`)));
    child.on('exit', (code, signal) =>
      fail(new ContractError('demo_unavailable', `The demo service exited (${signal ?? code}) before it was ready: ${(stderrTail.find((l) => /fail|error/i.test(l)) ?? stderrTail.slice(-3).join(' | ')).trim()}`)),
    );
  });
}

/** Stops a service child: SIGTERM, then SIGKILL after a grace period. */
export function stopReferenceService(service: Pick<DemoService, 'child'>, graceMs = 5000): Promise<void> {
  const child = service.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
    t.unref();
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The demo service of this app context: started on first use, stopped when the context is disposed. */
export function ensureDemoService(ctx: AppContext): Promise<DemoService> {
  let created = false;
  const pending = ctx.service('demo-service', (c) => {
    created = true;
    c.setStatus({ connectionId: DEMO_CONNECTION_ID, state: 'starting', message: 'Starting the built-in demo service' });
    // The demo is our own loopback child: its pro key gets a generous allowance so the first sync is
    // bound by the machine, not by a remote plan's limit (the client still paces to what it learns).
    return spawnReferenceService({ dbPath: path.join(c.dataDir, 'demo', 'service.sqlite'), extraArgs: ['--rate-limit-pro', '60000'] }).then((service) => {
      c.connections.setRuntimeBaseUrl(DEMO_CONNECTION_ID, service.baseUrl);
      c.setStatus({ connectionId: DEMO_CONNECTION_ID, state: 'reachable', message: null });
      service.child.once('exit', () => {
        c.dropService('demo-service');
        c.connections.setRuntimeBaseUrl(DEMO_CONNECTION_ID, null);
      });
      return service;
    });
  });
  if (created) {
    pending.catch(() => ctx.dropService('demo-service'));
    ctx.onDispose(async () => {
      const service = await pending.catch(() => null);
      if (service) await stopReferenceService(service);
    });
  }
  return pending;
}
