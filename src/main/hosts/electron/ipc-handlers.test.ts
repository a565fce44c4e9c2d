import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../../shared/contract';
import { createAppContext, type AppContext } from '../../app-context';
import { trustedOrigins } from '../../security/app-origin';
import { EventBus } from '../../events';
import { forwardEvents, type EventTarget } from './event-forwarding';
import { registerContractHandlers, type InvokeEventPort, type IpcMainPort } from './ipc-handlers';
import { cliHostPorts } from '../cli/cli-ports';

type Listener = (event: InvokeEventPort, ...args: unknown[]) => unknown;

class FakeIpcMain implements IpcMainPort {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  call(channel: string, frame: InvokeEventPort['senderFrame'], input?: unknown) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: frame }, input);
  }
}

const trusted = trustedOrigins(null);
const appFrame = { url: 'app://carbon-desk/settings', parent: null };
let dataDir: string;
let ctx: AppContext;
let ipc: FakeIpcMain;
let unregister: () => void;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-ipc-'));
  ctx = createAppContext({ dataDir, ports: { ...cliHostPorts(dataDir), kind: 'electron' } });
  ipc = new FakeIpcMain();
  unregister = registerContractHandlers(ipc, ctx, trusted);
});
afterEach(async () => {
  await ctx.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Electron IPC handlers', () => {
  it('registers one handler per contract method, on the method name, and removes them all', () => {
    expect([...ipc.handlers.keys()]).toEqual(METHOD_NAMES);
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers a trusted call through dispatch', async () => {
    const answer = (await ipc.call('app.info', appFrame, {})) as { ok: true; value: { host: string; dataDir: string } };
    expect(answer.ok).toBe(true);
    expect(answer.value.host).toBe('electron');
    expect(answer.value.dataDir).toBe(dataDir);
    const list = (await ipc.call('connections.list', appFrame)) as { ok: true; value: Array<{ id: string }> };
    expect(list.value.map((c) => c.id)).toContain('demo');
  });

  it('refuses untrusted senders before anything runs (no connection written, no key stored)', async () => {
    const input = { name: 'Evil', baseUrl: 'https://evil.example', apiKey: 'stolen-key-123456' };
    const frames = [
      { url: 'https://evil.example/', parent: null },
      { url: 'app://carbon-desk/index.html', parent: { url: 'app://carbon-desk/' } },
      { url: 'file:///tmp/x.html', parent: null },
      null,
    ];
    for (const frame of frames) {
      const answer = await ipc.call('connections.add', frame, input);
      expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('Refused') } });
    }
    expect(fs.existsSync(path.join(dataDir, 'connections.json'))).toBe(false);
    expect(ctx.connections.list().map((c) => c.id)).toEqual(['demo']);
  });

  it('parses every input with zod: bad input is an invalid_input error with details', async () => {
    const answer = (await ipc.call('connections.add', appFrame, { name: '', baseUrl: 'javascript:alert(1)', apiKey: 'x', extra: 1 })) as {
      ok: false;
      error: { code: string; message: string; details: Array<{ loc: string[] }> };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('invalid_input');
    expect(answer.error.message).toMatch(/^Invalid input: /);
    expect(answer.error.details.map((d) => d.loc.join('.'))).toEqual(expect.arrayContaining(['name', 'baseUrl']));
    expect(fs.existsSync(path.join(dataDir, 'connections.json'))).toBe(false);
  });

  it('answers a key-bearing call without the key', async () => {
    const apiKey = 'cd_live_0123456789abcdef0123';
    const answer = await ipc.call('connections.add', appFrame, { name: 'Live', baseUrl: 'https://api.example.org', apiKey });
    expect(answer).toMatchObject({ ok: true });
    expect(JSON.stringify(answer)).not.toContain(apiKey);
    expect(fs.readFileSync(path.join(dataDir, 'connections.json'), 'utf8')).not.toContain(apiKey);
  });
});

describe('event forwarding', () => {
  it('sends every contract event to app windows only, and stops', () => {
    const bus = new EventBus();
    const sent: Array<[string, string, unknown]> = [];
    const target = (url: string, destroyed = false): EventTarget => ({
      isDestroyed: () => destroyed,
      getURL: () => url,
      send: (channel, payload) => sent.push([url, channel, payload]),
    });
    const targets = [target('app://carbon-desk/sync'), target('https://evil.example/'), target('app://carbon-desk/', true)];
    const stop = forwardEvents(bus, () => targets, trusted);
    const status = { connectionId: 'demo', state: 'reachable' as const, message: null, checkedAt: null, restarted: null };
    bus.emit('connection.status', status);
    bus.emit('export.progress', { exportId: 'e1', rows: 5, totalRows: 10, state: 'running', error: null });
    expect(sent).toEqual([
      ['app://carbon-desk/sync', 'carbon-event:connection.status', status],
      ['app://carbon-desk/sync', 'carbon-event:export.progress', { exportId: 'e1', rows: 5, totalRows: 10, state: 'running', error: null }],
    ]);
    stop();
    bus.emit('connection.status', status);
    expect(sent).toHaveLength(2);
  });
});
