/**
 * Runs against the real OS keychain through keytar. On Linux that needs a Secret Service on the
 * session bus: `.ci/run` provides one (dbus-run-session + an unlocked gnome-keyring-daemon). Where
 * none answers, the tests are skipped with the reason in their names and on the console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretStore } from './create-secret-store';
import { KeytarSecretStore, type KeytarModule } from './keytar-secret-store';

const SERVICE = `Carbon Desk test ${randomUUID()}`;

async function keychainProbe(): Promise<{ keytar: KeytarModule | null; reason: string }> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return { keytar: null, reason: 'DBUS_SESSION_BUS_ADDRESS is not set (run under dbus-run-session with gnome-keyring-daemon, as .ci/run does)' };
  }
  let keytar: KeytarModule;
  try {
    keytar = (await import('keytar')).default as KeytarModule;
  } catch (err) {
    return { keytar: null, reason: `keytar did not load: ${(err as Error).message.split('\n')[0]}` };
  }
  try {
    await Promise.race([
      keytar.findCredentials(SERVICE),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 3 s')), 3000).unref()),
    ]);
    return { keytar, reason: 'a keychain answers' };
  } catch (err) {
    return { keytar: null, reason: `no keychain answers: ${(err as Error).message}` };
  }
}

const probe = await keychainProbe();
const skip = probe.keytar === null;
if (skip) console.warn(`[keychain tests skipped] ${probe.reason}`);
const label = skip ? ` (skipped: ${probe.reason})` : '';

describe('OS keychain through keytar', () => {
  it.skipIf(skip)(`stores, reads and deletes an API key${label}`, async () => {
    const store = new KeytarSecretStore(probe.keytar as KeytarModule, undefined, SERVICE);
    const account = `conn-${randomUUID()}`;
    const key = `cd_live_${randomUUID().replace(/-/g, '')}`;
    expect(await store.get(account)).toBeNull();
    await store.set(account, key);
    expect(await store.get(account)).toBe(key);
    const listed = await (probe.keytar as KeytarModule).findCredentials(SERVICE);
    expect(listed).toContainEqual({ account, password: key });
    await store.set(account, `${key}-rotated`);
    expect(await store.get(account)).toBe(`${key}-rotated`);
    await store.delete(account);
    expect(await store.get(account)).toBeNull();
    await store.delete(account);
  });

  it.skipIf(skip)(`is the first choice of createSecretStore and writes nothing to the data folder${label}`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-keychain-'));
    try {
      const store = await createSecretStore({ dataDir, keychainService: SERVICE, loadKeytar: async () => (await import('keytar')).default as KeytarModule });
      expect(store.kind).toBe('keychain');
      expect(store.reason).toMatch(/keychain/);
      await store.set('conn-x', 'cd_live_abcdef0123456789');
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(await store.get('conn-x')).toBe('cd_live_abcdef0123456789');
      await store.delete('conn-x');
      expect(await store.get('conn-x')).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
