/**
 * The "Demo (built-in)" connection: the reference service started in its own process by its entry
 * file (never imported), on 127.0.0.1 and a free port, with its market kept in
 * `<dataDir>/demo/service.sqlite` so it is generated once. The service keeps its demo keys in that
 * database and hands out the same keys at every launch (Settings lists the same keys launch after
 * launch); the pro key is kept in memory only here. The demo market follows the real clock: a later
 * launch advances it to the new day, so the days in between sync as changes, not as a new market.
 * How the process is started is the host's business (a ServiceLauncher: a Node child here, an Electron
 * utility process in the desktop app); the ready protocol and the stop are the same for every host.
 *
 * A demo service that stops on its own (it crashed, or something ended its process) is never
 * restarted silently: its stop is reported at once (the connection is offline, with when and why),
 * and the start that follows (the next request for it, or the connection probe) reports the restart
 * with both times and the reason, for the window to tell the user.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ContractError } from '../../shared/errors';
import type { ConnectionStatus, ServiceRestart } from '../../shared/contract';
import { nodeServiceLauncher } from './node-service-launcher';
import { type ConnectionRegistry, DEMO_CONNECTION_ID } from './registry';
import { referenceServiceEntry } from './service-entry';
import type { ServiceExit, ServiceLauncher, ServiceProcess } from './service-launcher';

export interface DemoService {
  baseUrl: string;
  apiKey: string;
  /** Every key the service minted at start (pro, enterprise, free, expired, revoked). Memory only. */
  keys: Record<string, string>;
  process: ServiceProcess;
}

export function demoScale(): number {
  const raw = process.env.CARBON_DEMO_SCALE;
  const n = raw === undefined ? 1 : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function describeExit(exit: ServiceExit): string {
  return exit.error ?? String(exit.signal ?? exit.code);
}

/** Why a service process ended, in words ("it exited with code 1", "its process was killed"). */
export function exitInWords(exit: ServiceExit): string {
  if (exit.error) return `it could not run: ${exit.error}`;
  switch (exit.signal) {
    case null:
      return exit.code === 0 ? 'it exited' : `it exited with code ${exit.code}`;
    case 'SIGKILL':
      return 'its process was killed';
    case 'SIGTERM':
    case 'SIGINT':
    case 'SIGHUP':
      return 'its process was asked to stop from outside the app';
    default:
      return `its process ended on signal ${exit.signal}`;
  }
}

/**
 * Starts a reference service and resolves with its address and pro key once it printed its ready
 * line. `launcher` defaults to a Node child process; `entry` to the bundle or the sources.
 */
export function spawnReferenceService(options: {
  dbPath?: string;
  scale?: number;
  extraArgs?: string[];
  timeoutMs?: number;
  onStderr?: (line: string) => void;
  launcher?: ServiceLauncher;
  entry?: string;
}): Promise<DemoService> {
  const argv = ['--port', '0', '--host', '127.0.0.1', '--scale', String(options.scale ?? demoScale())];
  if (options.dbPath) {
    fs.mkdirSync(path.dirname(options.dbPath), { recursive: true });
    argv.push('--db', options.dbPath);
  }
  argv.push(...(options.extraArgs ?? []));
  let child: ServiceProcess;
  try {
    child = (options.launcher ?? nodeServiceLauncher).start(options.entry ?? referenceServiceEntry(), argv);
  } catch (err) {
    return Promise.reject(err instanceof ContractError ? err : new ContractError('demo_unavailable', `The demo service could not start: ${err instanceof Error ? err.message : String(err)}`));
  }
  return new Promise<DemoService>((resolve, reject) => {
    let settled = false;
    const stderrTail: string[] = [];
    const fail = (err: ContractError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!child.exited) child.kill();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new ContractError('demo_unavailable', `The demo service did not start within ${Math.round((options.timeoutMs ?? 180_000) / 1000)} s`)),
      options.timeoutMs ?? 180_000,
    );
    timer.unref();
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      options.onStderr?.(line);
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
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
      resolve({ baseUrl: msg.baseUrl, apiKey: msg.keys.pro, keys: msg.keys, process: child });
    });
    child.onExit((exit) =>
      fail(new ContractError('demo_unavailable', `The demo service exited (${describeExit(exit)}) before it was ready: ${(stderrTail.find((l) => /fail|error/i.test(l)) ?? stderrTail.slice(-3).join(' | ')).trim()}`)),
    );
  });
}

/** Stops a service process: terminate (SIGTERM), then kill (SIGKILL) after a grace period. */
export function stopReferenceService(service: Pick<DemoService, 'process'>, graceMs = 5000): Promise<void> {
  const child = service.process;
  if (child.exited) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const t = setTimeout(() => child.kill(), graceMs);
    t.unref();
    child.onExit(() => {
      clearTimeout(t);
      resolve();
    });
    child.terminate();
  });
}

/** What the demo service's host needs from the app. */
export interface DemoServiceDeps {
  dataDir: string;
  launcher: ServiceLauncher;
  connections: ConnectionRegistry;
  reportStatus(status: Partial<ConnectionStatus>): void;
}

/** The app's demo service: started on first use by the host's launcher, stopped with the app. */
export class DemoServiceHost {
  private pending: Promise<DemoService> | null = null;
  /** The app is stopping the service: its exit is expected. */
  private stopping = false;
  /** The last stop the app did not ask for, until the service runs again. */
  private unexpectedStop: { at: string; reason: string } | null = null;
  private lastRestart: ServiceRestart | null = null;

  constructor(private readonly deps: DemoServiceDeps, private readonly now: () => Date = () => new Date()) {}

  /** The last time the service stopped on its own and was started again (since the app started), or null. */
  get restarted(): ServiceRestart | null {
    return this.lastRestart;
  }

  /** Whether the service runs, or is starting. */
  get running(): boolean {
    return this.pending !== null;
  }

  /** The running demo service (started now when it is not running). */
  ensure(): Promise<DemoService> {
    if (this.pending) return this.pending;
    const { dataDir, launcher, connections, reportStatus } = this.deps;
    const stopped = this.unexpectedStop;
    reportStatus({
      connectionId: DEMO_CONNECTION_ID, state: 'starting',
      message: stopped ? `Restarting the built-in demo service (it stopped at ${clock(stopped.at)}: ${stopped.reason})` : 'Starting the built-in demo service',
    });
    // The demo is our own loopback child: its pro key gets a generous allowance so the first sync is
    // bound by the machine, not by a remote plan's limit (the client still paces to what it learns).
    const pending = spawnReferenceService({
      dbPath: path.join(dataDir, 'demo', 'service.sqlite'),
      extraArgs: ['--rate-limit-pro', '60000'],
      launcher,
    }).then((service) => {
      connections.setRuntimeBaseUrl(DEMO_CONNECTION_ID, service.baseUrl);
      if (stopped) {
        this.lastRestart = { service: 'The built-in demo service', stoppedAt: stopped.at, reason: stopped.reason, restartedAt: this.now().toISOString() };
        this.unexpectedStop = null;
      }
      reportStatus({ connectionId: DEMO_CONNECTION_ID, state: 'reachable', message: null, ...(stopped ? { restarted: this.lastRestart } : {}) });
      service.process.onExit((exit) => {
        if (this.pending === pending) this.pending = null;
        connections.setRuntimeBaseUrl(DEMO_CONNECTION_ID, null);
        if (this.stopping) return;
        const at = this.now().toISOString();
        this.unexpectedStop = { at, reason: exitInWords(exit) };
        reportStatus({ connectionId: DEMO_CONNECTION_ID, state: 'offline', message: `The built-in demo service stopped at ${clock(at)}: ${exitInWords(exit)}. Starting it again…` });
      });
      return service;
    });
    this.pending = pending;
    pending.catch(() => {
      if (this.pending === pending) this.pending = null;
    });
    return pending;
  }

  /** Stops the demo service when it runs (the app is shutting down). */
  async stop(): Promise<void> {
    this.stopping = true;
    const service = await this.pending?.catch(() => null);
    if (service) await stopReferenceService(service);
  }
}

/** The time of day of an ISO instant, as the window shows it (HH:MM, local time). */
function clock(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
