/**
 * Chooses where API keys live, most secure first:
 *   1. the OS keychain through keytar, when the native module loads and a keychain answers;
 *   2. Electron safeStorage (ciphertext in the data folder), when it encrypts for real;
 *   3. this session only (memory), never plain text on disk.
 * The answer carries a sentence the UI shows (`store.reason`), naming why a fallback was taken.
 */
import type { KeytarModule } from './keytar-secret-store';
import { KeytarSecretStore } from './keytar-secret-store';
import type { SafeStorageModule } from './safe-storage-secret-store';
import { SafeStorageSecretStore, safeStorageWeakness } from './safe-storage-secret-store';
import type { SecretStore } from './secret-store';
import { SessionSecretStore } from './secret-store';

export interface SecretStoreOptions {
  dataDir: string;
  /** Loads keytar (a native module that may be missing or fail to load). Omit to skip the keychain. */
  loadKeytar?: () => KeytarModule | Promise<KeytarModule>;
  /** Electron's safeStorage (main process, after `app` is ready); null outside Electron. */
  safeStorage?: SafeStorageModule | null;
  platform?: NodeJS.Platform;
  /** How long the keychain may take to answer the probe before it counts as absent. */
  probeTimeoutMs?: number;
  keychainService?: string;
}

export async function createSecretStore(options: SecretStoreOptions): Promise<SecretStore> {
  const platform = options.platform ?? process.platform;
  const keychainProblem = await probeKeychain(options);
  if (typeof keychainProblem !== 'string') {
    return new KeytarSecretStore(keychainProblem, 'API keys are kept in the operating system keychain.', options.keychainService);
  }
  const safeStorageProblem = options.safeStorage ? safeStorageWeakness(options.safeStorage, platform) : 'Electron safeStorage is not available outside the desktop app';
  if (options.safeStorage && safeStorageProblem === null) {
    return new SafeStorageSecretStore(
      options.safeStorage,
      options.dataDir,
      `The OS keychain is not available (${keychainProblem}); API keys are encrypted with the operating system's data protection and kept in the data folder.`,
      platform,
    );
  }
  return new SessionSecretStore(
    `No secure key store is available (keychain: ${keychainProblem}; ${safeStorageProblem}). API keys are kept for this session only and are never written to disk: enter the key again after a restart.`,
  );
}

/** The loaded keytar when a keychain answers, else why not (one line, no secrets). */
async function probeKeychain(options: SecretStoreOptions): Promise<KeytarModule | string> {
  if (!options.loadKeytar) return 'not used by this host';
  let keytar: KeytarModule;
  try {
    keytar = await options.loadKeytar();
  } catch (err) {
    return `the keytar module could not be loaded (${firstLine(err)})`;
  }
  const timeoutMs = options.probeTimeoutMs ?? 3000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      keytar.findCredentials(options.keychainService ?? 'Carbon Desk'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return keytar;
  } catch (err) {
    return `the keychain did not answer (${firstLine(err)})`;
  } finally {
    clearTimeout(timer);
  }
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
