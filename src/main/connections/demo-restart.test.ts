/** A demo service that stops on its own is reported at once, and its restart says when and why (a scripted launcher, no process). */
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../shared/contract';
import { tempDir } from '../sync/test-support';
import { DemoServiceHost, exitInWords } from './demo-service';
import { ConnectionRegistry, DEMO_CONNECTION_ID } from './registry';
import { ExitLatch, type ServiceExit, type ServiceLauncher, type ServiceProcess } from './service-launcher';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A launcher whose every start is ready at once on the next port; `end(exit)` ends the latest process. */
function scriptedLauncher() {
  const started: Array<{ latch: ExitLatch; port: number }> = [];
  const launcher: ServiceLauncher = {
    start() {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      const latch = new ExitLatch();
      const port = 41000 + started.length;
      started.push({ latch, port });
      setImmediate(() => stdout.write(`${JSON.stringify({ event: 'ready', baseUrl: `http://127.0.0.1:${port}`, keys: { pro: 'ccmd_live_demoprokey000000' } })}\n`));
      const process: ServiceProcess = {
        stdout, stderr,
        get exited() {
          return latch.exited;
        },
        onExit: (l) => latch.onExit(l),
        terminate: () => latch.settle({ code: null, signal: 'SIGTERM' }),
        kill: () => latch.settle({ code: null, signal: 'SIGKILL' }),
      };
      return process;
    },
  };
  return { launcher, started, end: (exit: ServiceExit) => started.at(-1)!.latch.settle(exit) };
}

function host() {
  const dataDir = tempDir('demo-restart');
  dirs.push(dataDir);
  const connections = new ConnectionRegistry(dataDir);
  const statuses: Array<Partial<ConnectionStatus>> = [];
  const script = scriptedLauncher();
  let clock = Date.parse('2026-06-10T14:02:00Z');
  const demo = new DemoServiceHost({ dataDir, launcher: script.launcher, connections, reportStatus: (s) => statuses.push(s) }, () => new Date(clock));
  return { demo, connections, statuses, script, tick: (ms: number) => (clock += ms) };
}

describe('the demo service host', () => {
  it('reports a stop it did not ask for at once, and the restart that follows with when and why', async () => {
    const { demo, connections, statuses, script, tick } = host();
    const first = await demo.ensure();
    expect(first.baseUrl).toBe('http://127.0.0.1:41000');
    expect(demo.restarted).toBeNull();
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'reachable']);

    tick(60_000);
    script.end({ code: null, signal: 'SIGKILL' });
    expect(connections.get(DEMO_CONNECTION_ID).baseUrl).toBeNull();
    expect(demo.running).toBe(false);
    const stopped = statuses.at(-1)!;
    expect(stopped.state).toBe('offline');
    expect(stopped.message).toMatch(/^The built-in demo service stopped at \d\d:\d\d: its process was killed\. Starting it again…$/);

    tick(5_000);
    const second = await demo.ensure();
    expect(second.baseUrl).toBe('http://127.0.0.1:41001');
    expect(connections.get(DEMO_CONNECTION_ID).baseUrl).toBe(second.baseUrl);
    expect(statuses.at(-2)!.message).toMatch(/^Restarting the built-in demo service \(it stopped at \d\d:\d\d: its process was killed\)$/);
    const restart = { service: 'The built-in demo service', stoppedAt: '2026-06-10T14:03:00.000Z', reason: 'its process was killed', restartedAt: '2026-06-10T14:03:05.000Z' };
    expect(demo.restarted).toEqual(restart);
    expect(statuses.at(-1)).toMatchObject({ state: 'reachable', restarted: restart });
  });

  it('says nothing of a stop the app asked for', async () => {
    const { demo, statuses } = host();
    await demo.ensure();
    await demo.stop();
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'reachable']);
    expect(demo.restarted).toBeNull();
  });

  it('names how a process ended in words', () => {
    expect(exitInWords({ code: 1, signal: null })).toBe('it exited with code 1');
    expect(exitInWords({ code: 0, signal: null })).toBe('it exited');
    expect(exitInWords({ code: null, signal: 'SIGKILL' })).toBe('its process was killed');
    expect(exitInWords({ code: null, signal: 'SIGTERM' })).toBe('its process was asked to stop from outside the app');
    expect(exitInWords({ code: null, signal: null, error: 'spawn ENOENT' })).toBe('it could not run: spawn ENOENT');
  });
});
