import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/errors';
import { createSecretStore } from './create-secret-store';
import type { KeytarModule } from './keytar-secret-store';
import type { SafeStorageModule } from './safe-storage-secret-store';
import { SafeStorageSecretStore } from './safe-storage-secret-store';

const API_KEY = 'cd_live_7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c1e';

/** A safeStorage that encrypts for real (AES-256-GCM, per-instance key), like DPAPI or libsecret. */
function encryptingSafeStorage(backend = 'gnome_libsecret'): SafeStorageModule {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** safeStorage on a Linux desktop without a keyring: "available", but only obfuscates. */
function basicTextSafeStorage(): SafeStorageModule & { encrypted: number } {
  const store = {
    encrypted: 0,
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'basic_text',
    encryptString(plain: string) {
      store.encrypted += 1;
      return Buffer.from(plain, 'utf8');
    },
    decryptString: (data: Buffer) => data.toString('utf8'),
  };
  return store;
}

const failingKeytar = (message: string): KeytarModule => {
  const fail = async (): Promise<never> => {
    throw new Error(message);
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail, findCredentials: fail };
};

function filesUnder(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out.set(full, fs.readFileSync(full));
    }
  }
  return out;
}

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-secrets-'));
  fs.writeFileSync(path.join(dataDir, 'connections.json'), '{"selectedId":"demo","connections":[]}');
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('no secret service: session-only keys', () => {
  it('falls back to the session when keytar fails and safeStorage is basic_text, and writes nothing', async () => {
    const safeStorage = basicTextSafeStorage();
    const before = filesUnder(dataDir);
    const store = await createSecretStore({
      dataDir,
      platform: 'linux',
      loadKeytar: () => failingKeytar('Cannot autolaunch D-Bus without X11 $DISPLAY'),
      safeStorage,
    });
    expect(store.kind).toBe('session');
    expect(store.reason).toMatch(/session only/);
    expect(store.reason).toContain('Cannot autolaunch D-Bus without X11 $DISPLAY');
    expect(store.reason).toContain("'basic_text'");

    await store.set('conn-1', API_KEY);
    expect(await store.get('conn-1')).toBe(API_KEY);
    const after = filesUnder(dataDir);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [file, bytes] of after) expect(bytes.equals(before.get(file) as Buffer), file).toBe(true);
    expect(safeStorage.encrypted).toBe(0);

    await store.delete('conn-1');
    expect(await store.get('conn-1')).toBeNull();
  });

  it('treats a keychain that never answers as absent, and a missing keytar module too', async () => {
    const hanging: KeytarModule = { ...failingKeytar('x'), findCredentials: () => new Promise(() => undefined) };
    const slow = await createSecretStore({ dataDir, platform: 'linux', loadKeytar: () => hanging, probeTimeoutMs: 30, safeStorage: null });
    expect(slow.kind).toBe('session');
    expect(slow.reason).toContain('no answer within 30 ms');

    const missing = await createSecretStore({
      dataDir,
      loadKeytar: () => {
        throw new Error("Cannot find module 'keytar'\nRequire stack: ...");
      },
    });
    expect(missing.kind).toBe('session');
    expect(missing.reason).toContain("the keytar module could not be loaded (Cannot find module 'keytar')");
    expect(missing.reason).not.toContain('Require stack');
  });

  it('the safeStorage store itself refuses to write when it would only obfuscate', async () => {
    const store = new SafeStorageSecretStore(basicTextSafeStorage(), dataDir, undefined, 'linux');
    await expect(store.set('conn-1', API_KEY)).rejects.toMatchObject({ code: 'secure_storage_unavailable' });
    const unavailable = new SafeStorageSecretStore({ ...encryptingSafeStorage(), isEncryptionAvailable: () => false }, dataDir, undefined, 'win32');
    await expect(unavailable.set('conn-1', API_KEY)).rejects.toBeInstanceOf(ContractError);
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });
});

describe('safeStorage fallback', () => {
  it('is chosen when the keychain is absent but safeStorage encrypts, and keeps only ciphertext', async () => {
    const store = await createSecretStore({ dataDir, platform: 'linux', loadKeytar: () => failingKeytar('no secret service'), safeStorage: encryptingSafeStorage() });
    expect(store.kind).toBe('safe-storage');
    expect(store.reason).toContain('no secret service');

    await store.set('3f6c-conn', API_KEY);
    const files = [...filesUnder(dataDir).entries()].filter(([f]) => f.includes(`${path.sep}secrets${path.sep}`));
    expect(files).toHaveLength(1);
    const [file, bytes] = files[0] as [string, Buffer];
    expect(path.basename(file)).toMatch(/^[0-9a-f]{64}\.bin$/);
    expect(bytes.includes(Buffer.from(API_KEY))).toBe(false);
    expect(bytes.toString('latin1')).not.toContain(API_KEY.slice(8, 24));
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(await store.get('3f6c-conn')).toBe(API_KEY);

    await store.set('3f6c-conn', `${API_KEY}-rotated`);
    expect(await store.get('3f6c-conn')).toBe(`${API_KEY}-rotated`);
    await store.delete('3f6c-conn');
    expect(await store.get('3f6c-conn')).toBeNull();
    expect(fs.readdirSync(path.join(dataDir, 'secrets'))).toEqual([]);
  });

  it('reports a clear error when the ciphertext cannot be decrypted, without the key', async () => {
    const writer = new SafeStorageSecretStore(encryptingSafeStorage(), dataDir, undefined, 'darwin');
    await writer.set('conn', API_KEY);
    const reader = new SafeStorageSecretStore(encryptingSafeStorage(), dataDir, undefined, 'darwin');
    const error = await reader.get('conn').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).code).toBe('secret_unreadable');
    expect((error as ContractError).message).not.toContain(API_KEY);
  });

  it('keeps accounts apart and cannot be steered out of its folder by an id', async () => {
    const store = new SafeStorageSecretStore(encryptingSafeStorage(), dataDir, undefined, 'win32');
    await store.set('../../connections.json', 'k-one-123456');
    await store.set('a', 'k-two-123456');
    expect(await store.get('../../connections.json')).toBe('k-one-123456');
    expect(await store.get('a')).toBe('k-two-123456');
    expect(fs.readFileSync(path.join(dataDir, 'connections.json'), 'utf8')).toContain('selectedId');
    expect(path.dirname(store.fileOf('../../x'))).toBe(path.join(dataDir, 'secrets'));
  });
});

describe('keychain store errors', () => {
  it('turns keychain failures into keychain_unavailable without the key', async () => {
    const { KeytarSecretStore } = await import('./keytar-secret-store');
    const store = new KeytarSecretStore(failingKeytar('The user name or passphrase you entered is not correct.'));
    const error = await store.set('conn', API_KEY).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'keychain_unavailable' });
    expect((error as Error).message).toContain('passphrase');
    expect((error as Error).message).not.toContain(API_KEY);
  });
});
