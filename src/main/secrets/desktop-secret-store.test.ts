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

/** A keychain holding `entries`, answering every call after `delayMs`. */
function keychain(entries: Record<string, string>, delayMs = 0) {
  const store = new Map(Object.entries(entries));
  const calls: string[] = [];
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), delayMs));
  const k: KeytarModule = {
    getPassword: (_s, a) => (calls.push(`get ${a}`), later(() => store.get(a) ?? null)),
    setPassword: (_s, a, p) => (calls.push(`set ${a}`), later(() => void store.set(a, p))),
    deletePassword: (_s, a) => (calls.push(`delete ${a}`), later(() => store.delete(a))),
    findCredentials: () => (calls.push('find'), later(() => [...store].map(([account, password]) => ({ account, password })))),
  };
  return { k, store, calls };
}

/**
 * Runs fake time forward until `p` settles (a slow keychain answers after seconds). Between steps
 * real file I/O gets its turn (setImmediate is not faked): on a loaded machine the store's file work
 * can outlast any fixed number of fake steps, and a keychain timer set after them would never fire.
 */
async function settled<T>(p: Promise<T>): Promise<T> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    await vi.advanceTimersByTimeAsync(500);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return p;
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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const kc = keychain({ c1: 'ccmd_live_slow' }, 8000);
    const store = createDesktopSecretStore({ dataDir: dir, safeStorage: safeStorage(), loadKeytar: () => kc.k, platform: 'darwin' });
    // A read during the move asks the keychain for that key (no probe of every secret at launch).
    const started = Date.now();
    expect(await settled(store.get('c1'))).toBe('ccmd_live_slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(8000);
    await settled(store.migration);
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
