/** Where API keys live. Implementations: OS keychain (keytar), Electron safeStorage, session memory. */
export interface SecretStore {
  /** 'keychain' | 'safe-storage' | 'session': how safely a key set now is kept. */
  readonly kind: 'keychain' | 'safe-storage' | 'session';
  /** One sentence the UI shows: where keys are kept and, for a fallback, why. */
  readonly reason?: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** Keeps keys in this process only: nothing is written anywhere. */
export class SessionSecretStore implements SecretStore {
  readonly kind = 'session' as const;
  constructor(readonly reason: string = 'API keys are kept for this session only: enter the key again after a restart.') {}
  private readonly secrets = new Map<string, string>();
  async get(account: string) {
    return this.secrets.get(account) ?? null;
  }
  async set(account: string, secret: string) {
    this.secrets.set(account, secret);
  }
  async delete(account: string) {
    this.secrets.delete(account);
  }
}
