import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDesktopSecretStore, MIGRATED_MARKER } from './desktop-secret-store';
import type { KeytarModule } from './keytar-secret-store';
import type { SafeStorageModule } from './safe-storage-secret-store';

const safeStorage = (backend = 'gnome_libsecret'): SafeStorageModule => ({
  isEncryptionAvailable: () => true,
  encryptString: (t) => Buffer.from(`enc:${Buffer.from(t).toString('base64')}`),
  decryptString: (b) => Buffer.from(b.toString().slice(4), 'base64').toString(),
  getSelectedStorageBackend: () => backend,
});

/**
 * A keychain holding `entries`. It answers once `answering` has resolved (at once by default): a slow
 * keychain is one whose answers the test holds back for as long as it likes.
 */
function keychain(entries: Record<string, string>, answering: Promise<void> = Promise.resolve()) {
  const store = new Map(Object.entries(entries));
  const calls: string[] = [];
  const callWaiters: Array<() => void> = [];
  const called = (call: string) => {
    calls.push(call);
    for (const wake of callWaiters.splice(0)) wake();
  };
  const later = async <T>(value: () => T) => {
    await answering;
    return value();
  };
  const k: KeytarModule = {
    getPassword: (_s, a) => (called(`get ${a}`), later(() => store.get(a) ?? null)),
    setPassword: (_s, a, p) => (called(`set ${a}`), later(() => void store.set(a, p))),
    deletePassword: (_s, a) => (called(`delete ${a}`), later(() => store.delete(a))),
    findCredentials: () => (called('find'), later(() => [...store].map(([account, password]) => ({ account, password })))),
  };
  /** Resolves once the keychain has been asked `call` (e.g. `get c1`). */
  const asked = async (call: string) => {
    while (!calls.includes(call)) await new Promise<void>((wake) => callWaiters.push(wake));
  };
  return { k, store, calls, asked };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-secrets-'));
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the desktop secret store', () => {
  it('moves keychain entries into safeStorage once, then never reads the keychain again', async () => {
    const kc = keychain({ c1: 'ccmd_live_one', c2: 'ccmd_live_two' });
    const store = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage(), loadKeytar: () => kc.k, platform: 'linux' });
    expect(store.kind).toBe('safe-storage');
    await store.migration;
    expect(kc.store.size).toBe(0);
    expect(fs.existsSync(path.join(dir, MIGRATED_MARKER))).toBe(true);
    expect(await store.get('c1')).toBe('ccmd_live_one');

    const load = vi.fn(() => kc.k);
    const next = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage(), loadKeytar: load, platform: 'linux' });
    await next.migration;
    expect(await next.get('c2')).toBe('ccmd_live_two');
    expect(await next.get('missing')).toBeNull();
    await next.set('c3', 'ccmd_live_three');
    await next.delete('c1');
    expect(await next.get('c1')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for a slow keychain instead of reporting a saved key missing', async () => {
    // Fake timers: any time limit the store set on the keychain would run out within the ten minutes below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let answer!: () => void;
    const kc = keychain({ c1: 'ccmd_live_slow' }, new Promise<void>((resolve) => (answer = resolve)));
    const store = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage(), loadKeytar: () => kc.k, platform: 'darwin' });
    // A read during the move asks the keychain for that key (no probe of every secret at launch).
    let read: string | null | undefined;
    const reading = store.get('c1').then((value) => (read = value));
    await kc.asked('get c1');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(read).toBeUndefined();
    answer();
    expect(await reading).toBe('ccmd_live_slow');
    await store.migration;
    expect(kc.store.size).toBe(0);
    expect(await store.get('c1')).toBe('ccmd_live_slow');
  });

  it('keeps using the keychain where safeStorage cannot protect a key, and moves it once safeStorage can', async () => {
    const kc = keychain({});
    const weak = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage('basic_text'), loadKeytar: () => kc.k, platform: 'linux' });
    expect(weak.kind).toBe('keychain');
    expect(weak.reason).toMatch(/basic_text/);
    await weak.set('c1', 'ccmd_live_kept');
    expect(kc.store.get('c1')).toBe('ccmd_live_kept');
    expect(fs.existsSync(path.join(dir, 'secrets'))).toBe(false);

    const strong = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage('gnome_libsecret'), loadKeytar: () => kc.k, platform: 'linux' });
    await strong.migration;
    expect(kc.store.size).toBe(0);
    expect(await strong.get('c1')).toBe('ccmd_live_kept');
  });

  it('without a keychain: safeStorage works and the move is retried on a later launch', async () => {
    const broken = () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    };
    const store = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage(), loadKeytar: broken, platform: 'linux' });
    await store.migration;
    expect(fs.existsSync(path.join(dir, MIGRATED_MARKER))).toBe(false);
    await store.set('c1', 'ccmd_live_new');
    expect(await store.get('c1')).toBe('ccmd_live_new');
    expect(await store.get('other')).toBeNull();
  });
});
