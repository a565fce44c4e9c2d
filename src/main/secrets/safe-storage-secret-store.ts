/**
 * API keys encrypted with Electron's safeStorage (DPAPI on Windows, the Keychain-held key on macOS,
 * libsecret/KWallet on Linux) and written as ciphertext to `<user data>/secrets/<hash>.bin`
 * (owner-only permissions, atomic replace). Refuses to write when safeStorage would only obfuscate
 * (`basic_text` on Linux): a key is never stored in plain text.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContractError } from '../../shared/errors';
import type { SecretStore } from './secret-store';

/** The part of Electron's `safeStorage` the store uses. */
export interface SafeStorageModule {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
}

/** Why safeStorage cannot protect a key here, or null when it can. */
export function safeStorageWeakness(safeStorage: SafeStorageModule, platform: NodeJS.Platform): string | null {
  if (!safeStorage.isEncryptionAvailable()) return 'safeStorage reports that encryption is not available';
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend) {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') return `safeStorage would use the '${backend}' backend, which is not a secure store`;
  }
  return null;
}

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safe-storage' as const;
  readonly folder: string;

  constructor(
    private readonly safeStorage: SafeStorageModule,
    dataDir: string,
    readonly reason = 'API keys are encrypted with the operating system\'s data protection and kept in the data folder.',
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.folder = path.join(dataDir, 'secrets');
  }

  /** One file per account; the name is a hash so an id can never steer the path. */
  fileOf(account: string): string {
    return path.join(this.folder, `${createHash('sha256').update(account).digest('hex')}.bin`);
  }

  async get(account: string): Promise<string | null> {
    let ciphertext: Buffer;
    try {
      ciphertext = await fs.promises.readFile(this.fileOf(account));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new ContractError('secret_unreadable', `Could not read the stored API key: ${(err as Error).message}`);
    }
    try {
      return this.safeStorage.decryptString(ciphertext);
    } catch {
      throw new ContractError('secret_unreadable', 'The stored API key could not be decrypted (the OS key changed?). Enter the key again in Settings → Connections.');
    }
  }

  async set(account: string, secret: string): Promise<void> {
    const weakness = safeStorageWeakness(this.safeStorage, this.platform);
    if (weakness) throw new ContractError('secure_storage_unavailable', `Refusing to store the API key: ${weakness}.`);
    const ciphertext = this.safeStorage.encryptString(secret);
    await fs.promises.mkdir(this.folder, { recursive: true, mode: 0o700 });
    const file = this.fileOf(account);
    // A temporary name of its own per write: two writes of one account never share a temporary file.
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, ciphertext, { mode: 0o600 });
    await fs.promises.rename(tmp, file);
  }

  async delete(account: string): Promise<void> {
    await fs.promises.rm(this.fileOf(account), { force: true });
  }
}
