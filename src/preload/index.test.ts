import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES, splitMethod, type CarbonApi } from '../shared/contract';
import { eventChannel, reviveContractError } from '../shared/ipc-channels';

type Listener = (event: unknown, ...args: unknown[]) => void;

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    exposeInMainWorld: vi.fn(),
    exposeInIsolatedWorld: vi.fn(),
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((channel: string, listener: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: Listener) => {
      listeners.get(channel)?.delete(listener);
    }),
    send: vi.fn(),
    sendSync: vi.fn(),
  };
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: electron.exposeInMainWorld, exposeInIsolatedWorld: electron.exposeInIsolatedWorld },
  ipcRenderer: { invoke: electron.invoke, on: electron.on, removeListener: electron.removeListener, send: electron.send, sendSync: electron.sendSync },
}));

async function loadPreload(): Promise<CarbonApi> {
  vi.resetModules();
  electron.exposeInMainWorld.mockClear();
  await import('./index');
  expect(electron.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, api] = electron.exposeInMainWorld.mock.calls[0] as [string, CarbonApi];
  expect(key).toBe('carbon');
  return api;
}

describe('preload: window.carbon', () => {
  let carbon: CarbonApi;
  beforeEach(async () => {
    carbon = await loadPreload();
    electron.invoke.mockClear();
  });

  it('exposes exactly the contract: one function per method as carbon.<ns>.<method>, plus on()', () => {
    const expected: Record<string, string[]> = {};
    for (const name of METHOD_NAMES) {
      const [ns, member] = splitMethod(name);
      (expected[ns] ??= []).push(member);
    }
    const exposed = carbon as unknown as Record<string, unknown>;
    expect(Object.keys(exposed).sort()).toEqual([...Object.keys(expected), 'on'].sort());
    expect(typeof exposed.on).toBe('function');
    let functions = 0;
    for (const [ns, members] of Object.entries(expected)) {
      const group = exposed[ns] as Record<string, unknown>;
      expect(Object.keys(group).sort(), ns).toEqual([...members].sort());
      for (const member of members) {
        expect(typeof group[member], `${ns}.${member}`).toBe('function');
        functions += 1;
      }
    }
    expect(functions).toBe(METHOD_NAMES.length);
    expect(electron.exposeInIsolatedWorld).not.toHaveBeenCalled();
  });

  it('has no generic invoke, send or ipcRenderer anywhere in what it exposes', () => {
    const seen: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { seen.push(k); walk(v, `${where}.${k}`); }
    };
    walk(carbon, 'carbon');
    for (const forbidden of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'postMessage', 'removeListener', 'require', 'process']) {
      expect(seen).not.toContain(forbidden);
    }
    expect(Object.isFrozen(carbon)).toBe(true);
  });

  it('calls the channel named exactly like each method, with the input', async () => {
    for (const name of METHOD_NAMES) {
      const [ns, member] = splitMethod(name);
      const fn = (carbon as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[ns]?.[member];
      const input = { probe: name };
      await expect(fn?.(input)).resolves.toEqual({ channel: name, input });
    }
    expect(electron.invoke.mock.calls.map((c) => c[0])).toEqual(METHOD_NAMES);
    await carbon.app.info({});
    expect(electron.invoke).toHaveBeenLastCalledWith('app.info', {});
  });

  it('rejects with the contract error (code kept across contextBridge as a plain object)', async () => {
    electron.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'invalid_input', message: 'Invalid input: per_page: too big', details: [{ loc: ['per_page'] }] } } as never);
    const reason = await carbon.projects.list({ per_page: 10_000 } as never).catch((e: unknown) => e);
    expect(reason).not.toBeInstanceOf(Error);
    expect(reason).toMatchObject({ code: 'invalid_input', message: 'Invalid input: per_page: too big' });
    const revived = reviveContractError(reason);
    expect(revived.code).toBe('invalid_input');
    expect(revived.details).toEqual([{ loc: ['per_page'] }]);

    electron.invoke.mockResolvedValueOnce('garbage' as never);
    await expect(carbon.app.info({})).rejects.toMatchObject({ code: 'internal_error' });
  });

  it('subscribes to the contract events only, and unsubscribes', () => {
    for (const event of EVENT_NAMES) {
      const received: unknown[] = [];
      const stop = carbon.on(event, (payload) => received.push(payload));
      const channel = eventChannel(event);
      expect(electron.listeners.get(channel)?.size).toBe(1);
      for (const l of electron.listeners.get(channel) ?? []) l({ sender: 'ipc-event-object' }, { event });
      expect(received).toEqual([{ event }]);
      stop();
      expect(electron.listeners.get(channel)?.size).toBe(0);
    }
    expect(() => carbon.on('ipc-internal' as never, () => undefined)).toThrow(/Unknown event/);
    expect(() => carbon.on('sync.progress', 'not a function' as never)).toThrow(/listener/);
  });
});
