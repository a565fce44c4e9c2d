/**
 * The desktop app's one stable secret store. Electron safeStorage (ciphertext in the data folder) is
 * the primary store whenever it encrypts for real; keys an earlier version kept in the OS keychain
 * (keytar) move into it once, in the background, and until that is done `get()` also asks the
 * keychain for the one key it needs. Nothing probes the keychain at launch (no read of every secret
 * behind a timeout): a slow keychain delays only the read that needs it, never makes keys look gone.
 * Where safeStorage cannot protect a key (Linux `basic_text`), the keychain is the store; without
 * (Keys are never written in plain text.)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KeytarModule } from './keytar-secret-store';
import { KEYCHAIN_SERVICE, KeytarSecretStore } from './keytar-secret-store';
import type { SafeStorageModule } from './safe-storage-secret-store';
import { SafeStorageSecretStore, safeStorageWeakness } from './safe-storage-secret-store';
import type { SecretStore } from './secret-store';

export interface DesktopSecretStoreOptions {
  dataDir: string;
  safeStorage: SafeStorageModule;
  /** Loads keytar (a native module that may be missing or fail to load); called only when needed. */
  loadKeytar: () => KeytarModule | Promise<KeytarModule>;
  platform?: NodeJS.Platform;
  keychainService?: string;
  log?: (line: string) => void;
}

/** Written once every keychain entry has moved into safeStorage: the keychain is not read again. */
export const MIGRATED_MARKER = 'secrets/keychain-migrated';

export interface DesktopSecretStore extends SecretStore {
  /** Resolves when the one-time move out of the keychain has ended (at once when there is none to do). */
  readonly migration: Promise<void>;
}

export function createDesktopSecretStore(options: DesktopSecretStoreOptions): DesktopSecretStore {
  const platform = options.platform ?? process.platform;
  const service = options.keychainService ?? KEYCHAIN_SERVICE;
  const log = options.log ?? (() => undefined);
  let keytar: Promise<KeytarModule> | null = null;
  const loadKeytar = () => (keytar ??= Promise.resolve().then(options.loadKeytar));

  const weakness = safeStorageWeakness(options.safeStorage, platform);
  if (weakness !== null) {
    // safeStorage cannot protect a key here: the keychain is the store (its failures surface on use).
    const lazyKeychain: SecretStore = {
      kind: 'keychain',
      reason: `API keys are kept in the operating system keychain (${weakness}).`,
      get: async (account) => new KeytarSecretStore(await loadKeytar(), undefined, service).get(account),
      set: async (account, secret) => new KeytarSecretStore(await loadKeytar(), undefined, service).set(account, secret),
      delete: async (account) => new KeytarSecretStore(await loadKeytar(), undefined, service).delete(account),
    };
    return Object.assign(lazyKeychain, { migration: Promise.resolve() });
  }

  const primary = new SafeStorageSecretStore(options.safeStorage, options.dataDir, undefined, platform);
  const marker = path.join(options.dataDir, MIGRATED_MARKER);
  let migrated = fs.existsSync(marker);

  const markMigrated = () => {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: 0o600 });
    migrated = true;
  };

  /** Moves one keychain entry into safeStorage; the keychain copy is removed only once the new one is written. */
  const move = async (k: KeytarModule, account: string, secret: string) => {
    await primary.set(account, secret);
    await k.deletePassword(service, account).catch(() => false);
  };

  const migration: Promise<void> = migrated
    ? Promise.resolve()
    : (async () => {
        try {
          const k = await loadKeytar();
          const entries = await k.findCredentials(service);
          for (const e of entries) if ((await primary.get(e.account)) === null) await move(k, e.account, e.password);
          markMigrated();
          if (entries.length) log(`moved ${entries.length} API key(s) from the OS keychain into safeStorage`);
        } catch (err) {
          // No keychain (or it refused): nothing to move now; get() keeps asking it until a launch can finish.
          log(`the OS keychain could not be read for the one-time move (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
        }
      })();

  return {
    kind: 'safe-storage',
    reason: "API keys are encrypted with the operating system's data protection and kept in the data folder.",
    migration,
    async get(account) {
      const own = await primary.get(account);
      if (own !== null || migrated) return own;
      try {
        const k = await loadKeytar();
        const old = await k.getPassword(service, account);
        // The key is the answer even if moving it fails now (the background move may be writing it too).
        if (old !== null) await move(k, account, old).catch(() => undefined);
        return old;
      } catch {
        return null;
      }
    },
    async set(account, secret) {
      await primary.set(account, secret);
    },
    async delete(account) {
      await primary.delete(account);
      if (!migrated) await loadKeytar().then((k) => k.deletePassword(service, account)).catch(() => false);
    },
  };
}
