/**
 * The configured connections and which one is selected, kept in `connections.json` in the data
 * folder. API keys are never written here: they go to the SecretStore under the connection's id.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Connection } from '../../shared/contract';
import { ContractError } from '../../shared/errors';

export const DEMO_CONNECTION_ID = 'demo';

const fileSchema = z.object({
  selectedId: z.string().nullable(),
  connections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['demo', 'service']),
      baseUrl: z.string().nullable(),
      keyStorage: z.enum(['keychain', 'safe-storage', 'session', 'none']),
      createdAt: z.string(),
    }),
  ),
});
type RegistryFile = z.infer<typeof fileSchema>;

export class ConnectionRegistry {
  private readonly file: string;
  private state: RegistryFile;

  constructor(readonly dataDir: string) {
    this.file = path.join(dataDir, 'connections.json');
    this.state = this.load();
  }

  private load(): RegistryFile {
    const demo: Connection = {
      id: DEMO_CONNECTION_ID,
      name: 'Demo (built-in)',
      kind: 'demo',
      baseUrl: null,
      keyStorage: 'none',
      createdAt: new Date().toISOString(),
    };
    let state: RegistryFile = { selectedId: DEMO_CONNECTION_ID, connections: [demo] };
    if (fs.existsSync(this.file)) {
      const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(this.file, 'utf8')));
      if (parsed.success) state = parsed.data;
    }
    if (!state.connections.some((c) => c.id === DEMO_CONNECTION_ID)) state.connections.unshift(demo);
    return state;
  }

  private save(): void {
    fs.mkdirSync(this.dataDir, { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state, null, 2));
    fs.renameSync(tmp, this.file);
  }

  list(): Connection[] {
    return this.state.connections.map((c) => ({ ...c }));
  }

  get(id: string): Connection {
    const c = this.state.connections.find((x) => x.id === id);
    if (!c) throw new ContractError('not_found', `No connection with id '${id}'`);
    return { ...c };
  }

  selected(): Connection | null {
    const id = this.state.selectedId;
    return id ? (this.state.connections.find((c) => c.id === id) ?? null) : null;
  }

  add(input: { name: string; baseUrl: string; keyStorage: Connection['keyStorage']; id?: string }): Connection {
    const baseUrl = input.baseUrl.replace(/\/+$/, '');
    const existing = this.state.connections.find((c) => c.kind === 'service' && c.baseUrl === baseUrl && c.name === input.name);
    const connection: Connection = {
      id: existing?.id ?? input.id ?? randomUUID(),
      name: input.name,
      kind: 'service',
      baseUrl,
      keyStorage: input.keyStorage,
      createdAt: existing?.createdAt ?? new Date().toISOString(),
    };
    this.state.connections = this.state.connections.filter((c) => c.id !== connection.id).concat(connection);
    this.save();
    return { ...connection };
  }

  remove(id: string): void {
    if (id === DEMO_CONNECTION_ID) throw new ContractError('invalid_input', 'The built-in demo connection cannot be removed');
    this.get(id);
    this.state.connections = this.state.connections.filter((c) => c.id !== id);
    if (this.state.selectedId === id) this.state.selectedId = DEMO_CONNECTION_ID;
    this.save();
  }

  select(id: string): Connection {
    const c = this.get(id);
    this.state.selectedId = id;
    this.save();
    return c;
  }

  /** Records the demo service's current address (changes every launch). Not persisted. */
  setRuntimeBaseUrl(id: string, baseUrl: string | null): void {
    const c = this.state.connections.find((x) => x.id === id);
    if (c) c.baseUrl = baseUrl;
  }

  /** The cache file of a connection: one file per connection. */
  cachePath(id: string): string {
    return path.join(this.dataDir, 'cache', `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.sqlite`);
  }
}
