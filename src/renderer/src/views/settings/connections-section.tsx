/**
 * Connections: the built-in demo and service connections (base URL + API key). The key field is
 * sent once with connections.add, which puts it in the OS keychain, and is cleared: it is never
 * shown or read back again.
 */
import { useState, type FormEvent } from 'react';
import type { Connection } from '../../../../shared/contract';
import { formatDate } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { useAction } from '../../components/use-action';
import { useAppStore } from '../../stores/app-store';
import { carbon, useContractData } from '../../data';
import { ConfirmDialog } from './confirm-dialog';

const KEY_STORAGE_WORDS: Record<Connection['keyStorage'], string> = {
  keychain: 'OS keychain',
  'safe-storage': 'encrypted (Electron safe storage)',
  session: 'this session only (no secure store found)',
  none: 'no key',
};

export function ConnectionsSection() {
  const info = useAppStore((s) => s.info);
  const refreshInfo = useAppStore((s) => s.refreshInfo);
  const list = useContractData(() => carbon.connections.list({}), 'connections');
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const { busy, error, run } = useAction();
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Connection | null>(null);

  async function add(e: FormEvent) {
    e.preventDefault();
    setAdded(null);
    await run(async () => {
      const connection = await carbon.connections.add({ name: name.trim(), baseUrl: baseUrl.trim(), apiKey });
      setApiKey('');
      setName('');
      setBaseUrl('');
      setAdded(`“${connection.name}” was added; its key is kept in ${KEY_STORAGE_WORDS[connection.keyStorage]}.`);
      list.reload();
    });
  }

  async function select(id: string) {
    await run(async () => {
      await carbon.connections.select({ id });
      await refreshInfo();
      list.reload();
    });
  }

  async function remove(connection: Connection) {
    await run(async () => {
      list.set(await carbon.connections.remove({ id: connection.id }));
      await refreshInfo();
    }, () => setRemoving(null));
  }

  const currentId = info?.connection?.id ?? null;
  return (
    <section className="card settings-section" aria-labelledby="connections-title">
      <h2 id="connections-title">Connections</h2>
      {list.loading && !list.data ? <Loading /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {list.data ? (
        <table className="data" data-testid="connections-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Kind</th>
              <th>Service</th>
              <th>API key kept in</th>
              <th>Added</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id} data-testid={`connection-${c.id}`}>
                <td>
                  {c.name} {c.id === currentId ? <span className="badge badge-new">current</span> : null}
                </td>
                <td>{c.kind === 'demo' ? 'Built-in demo' : 'Service'}</td>
                <td className="mono">{c.baseUrl ?? '—'}</td>
                <td>{KEY_STORAGE_WORDS[c.keyStorage]}</td>
                <td>{formatDate(c.createdAt)}</td>
                <td className="row-actions">
                  <button type="button" className="btn btn-small" disabled={c.id === currentId} onClick={() => void select(c.id)}>
                    Use
                  </button>
                  {c.kind !== 'demo' ? (
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setRemoving(c)}>
                      Remove
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form className="settings-form" onSubmit={(e) => void add(e)} aria-label="Add a service connection">
        <h3>Add a service connection</h3>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required placeholder="Carbon Credit Market Data Service" />
        </label>
        <label>
          Base URL
          <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} type="url" required placeholder="https://api.example.com" />
        </label>
        <label>
          API key
          <input
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            minLength={8}
            placeholder="ccmd_live_…"
            aria-describedby="api-key-help"
          />
        </label>
        <div id="api-key-help" className="form-help">
          The key goes straight to the OS keychain. Carbon Desk never shows it again.
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Add connection
          </button>
        </div>
        {added ? <div className="form-ok" role="status">{added}</div> : null}
      </form>
      {error ? <ErrorState error={error} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove connection"
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        Remove “{removing?.name}”? Its stored API key and its local cache file are deleted. The key itself stays valid on the service.
      </ConfirmDialog>
    </section>
  );
}
