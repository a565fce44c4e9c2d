/**
 * The Electron launcher with a stand-in for `utilityProcess` (no Electron binary here): it forks the
 * bundled entry with piped output, and the demo connection's ready protocol, exit handling and
 * terminate-then-kill stop work through it unchanged.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnReferenceService, stopReferenceService } from '../../connections/demo-service';

class FakeUtilityProcess extends EventEmitter {
  stdout: PassThrough | null = new PassThrough();
  stderr: PassThrough | null = new PassThrough();
  pid: number | undefined = 424242;
  kill = vi.fn(() => true);
  /** What Electron does on exit: emit, then drop the pid and the pipes. */
  exit(code: number): void {
    this.emit('exit', code);
    this.pid = undefined;
    this.stdout = null;
    this.stderr = null;
  }
}

const forked: FakeUtilityProcess[] = [];
const fork = vi.fn((_modulePath: string, _args?: string[], _options?: object) => {
  const child = new FakeUtilityProcess();
  forked.push(child);
  return child;
});
vi.mock('electron', () => ({ utilityProcess: { fork: (...args: Parameters<typeof fork>) => fork(...args) } }));

const { utilityServiceLauncher, DEMO_SERVICE_NAME } = await import('./utility-service-launcher');

const entry = '/opt/Carbon Desk/resources/app.asar/out/main/reference-service.js';
const ready = { event: 'ready', baseUrl: 'http://127.0.0.1:40123', keys: { pro: 'ccmd_live_pro', free: 'ccmd_live_free' } };

beforeEach(() => {
  fork.mockClear();
  forked.splice(0);
});
afterEach(() => vi.restoreAllMocks());

describe('utilityServiceLauncher', () => {
  it('forks the bundled entry with its arguments, piped output and a service name', () => {
    utilityServiceLauncher.start(entry, ['--port', '0', '--scale', '0.5']);
    expect(fork).toHaveBeenCalledTimes(1);
    expect(fork).toHaveBeenCalledWith(entry, ['--port', '0', '--scale', '0.5'], { stdio: 'pipe', serviceName: DEMO_SERVICE_NAME });
  });

  it('refuses a TypeScript entry without forking (a utility process runs the built bundle only)', () => {
    expect(() => utilityServiceLauncher.start('/repo/src/service/index.ts', [])).toThrow(expect.objectContaining({ code: 'demo_unavailable' }));
    expect(fork).not.toHaveBeenCalled();
  });

  it('feeds stdout lines to the ready protocol: the demo resolves with the address and keys the service printed', async () => {
    const pending = spawnReferenceService({ entry, launcher: utilityServiceLauncher, scale: 0.25, extraArgs: ['--rate-limit-pro', '60000'] });
    const child = forked[0]!;
    expect(fork.mock.calls[0]![1]).toEqual(['--port', '0', '--host', '127.0.0.1', '--scale', '0.25', '--rate-limit-pro', '60000']);
    child.stderr!.write('generated 116 projects in 40 ms\n');
    child.stdout!.write('not json\n');
    child.stdout!.write(`${JSON.stringify(ready)}\n`);
    const service = await pending;
    expect(service).toMatchObject({ baseUrl: ready.baseUrl, apiKey: 'ccmd_live_pro', keys: ready.keys });
    expect(service.process.exited).toBeNull();
  });

  it('reports an exit before the ready line with its code and the stderr that explains it', async () => {
    const pending = spawnReferenceService({ entry, launcher: utilityServiceLauncher, scale: 0.01 });
    const child = forked[0]!;
    child.stderr!.write('service failed to start: Error: Cannot find module better-sqlite3\n');
    await new Promise((r) => setImmediate(r));
    child.exit(1);
    await expect(pending).rejects.toMatchObject({ code: 'demo_unavailable', message: expect.stringMatching(/exited \(1\).*Cannot find module better-sqlite3/) });
  });

  it('stops by kill() (SIGTERM) and resolves on the exit event', async () => {
    const pending = spawnReferenceService({ entry, launcher: utilityServiceLauncher, scale: 0.01 });
    const child = forked[0]!;
    child.stdout!.write(`${JSON.stringify(ready)}\n`);
    const service = await pending;
    const signal = vi.spyOn(process, 'kill').mockImplementation(() => true);
    child.kill.mockImplementation(() => {
      setImmediate(() => child.exit(0));
      return true;
    });
    await stopReferenceService(service, 60_000);
    expect(child.kill).toHaveBeenCalledTimes(1);
    expect(signal).not.toHaveBeenCalled();
    expect(service.process.exited).toEqual({ code: 0, signal: null });
    await stopReferenceService(service); // already stopped: nothing more is sent
    expect(child.kill).toHaveBeenCalledTimes(1);
  });

  it('kills the pid with SIGKILL when the process ignores the terminate past the grace period', async () => {
    const pending = spawnReferenceService({ entry, launcher: utilityServiceLauncher, scale: 0.01 });
    const child = forked[0]!;
    child.stdout!.write(`${JSON.stringify(ready)}\n`);
    const service = await pending;
    const signal = vi.spyOn(process, 'kill').mockImplementation(((pid: number, sig?: string | number) => {
      if (pid === 424242 && sig === 'SIGKILL') setImmediate(() => child.exit(137));
      return true;
    }) as typeof process.kill);
    await stopReferenceService(service, 20);
    expect(child.kill).toHaveBeenCalledTimes(1);
    expect(signal).toHaveBeenCalledWith(424242, 'SIGKILL');
    expect(service.process.exited).toEqual({ code: 137, signal: null });
  });
});
