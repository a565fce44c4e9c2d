/**
 * API keys in the OS keychain through keytar: macOS Keychain, Windows Credential Manager, the
 * Secret Service (libsecret: GNOME Keyring, KWallet) on Linux. One entry per connection id under
 * the service name "Carbon Desk". Failures become `keychain_unavailable` errors that never carry
 * the key.
 */
import { ContractError } from '../../shared/errors';
import type { SecretStore } from './secret-store';

/** The part of keytar the store uses (keytar's own module satisfies it). */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export const KEYCHAIN_SERVICE = 'Carbon Desk';

export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;

  constructor(
    private readonly keytar: KeytarModule,
    readonly reason = 'API keys are kept in the operating system keychain.',
    private readonly service = KEYCHAIN_SERVICE,
  ) {}

  async get(account: string): Promise<string | null> {
    return this.call('read', () => this.keytar.getPassword(this.service, account));
  }

  async set(account: string, secret: string): Promise<void> {
    await this.call('store', () => this.keytar.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<void> {
    await this.call('delete', () => this.keytar.deletePassword(this.service, account));
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      // keytar's messages come from the OS ("Cannot autolaunch D-Bus...") and never hold the key.
      const cause = err instanceof Error ? err.message : String(err);
      throw new ContractError('keychain_unavailable', `Could not ${what} the API key in the OS keychain: ${cause}`);
    }
  }
}
