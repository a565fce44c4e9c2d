/** The secret store of the Node hosts (web, CLI): the OS keychain when one answers, else session-only. */
import type { KeytarModule } from './keytar-secret-store';
import { createSecretStore } from './create-secret-store';
import type { SecretStore } from './secret-store';

export function createNodeSecretStore(dataDir: string): Promise<SecretStore> {
  return createSecretStore({
    dataDir,
    // A plain require: a keytar that fails to load falls back to session-only, it does not crash.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loadKeytar: () => require('keytar') as KeytarModule,
    probeTimeoutMs: 1500,
  });
}
