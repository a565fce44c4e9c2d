/**
 * API keys of the connected account: the list (prefixes only), create (name <= 100 characters; the
 * full key is shown once, with a copy button and a warning, then dropped), revoke with confirmation.
 */
import { useState, type FormEvent } from 'react';
import type { ApiKey } from '../../../../shared/api/resources';
import { formatDate, formatDateTime, formatNumber } from '../../components/format';
import { useAction } from '../../components/use-action';
import { ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { ACTIVE_KEY_LIMIT, KEY_NAME_MAX, activeKeyCount, keyNameProblem, keyState } from './api-key-rules';
import { ConfirmDialog } from './confirm-dialog';

function NewKeyPanel({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey.key ?? '');
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="new-key" role="alert" data-testid="new-key-panel">
      <strong>New key “{apiKey.name}”</strong>
      <div className="new-key-warning">
        Copy this key now. This is the only time it is shown: after you close this panel only its prefix is listed.
      </div>
      <div className="new-key-value">
        <code data-testid="new-key-value">{apiKey.key}</code>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' ? <div className="form-error">The clipboard refused; select the key and copy it by hand.</div> : null}
      <div>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved the key
        </button>
      </div>
    </div>
  );
}

export function ApiKeysSection({ onChanged }: { onChanged?: () => void }) {
  const keys = useContractData(() => carbon.keys.list({}), 'keys');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ApiKey | null>(null);
  const { busy, error, run } = useAction();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [touched, setTouched] = useState(false);

  const problem = keyNameProblem(name);
  const active = keys.data ? activeKeyCount(keys.data) : 0;
  const atLimit = active >= ACTIVE_KEY_LIMIT;

  async function create(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    await run(async () => {
      const key = await carbon.keys.create({ name: name.trim() });
      setCreated(key);
      setName('');
      setTouched(false);
      keys.reload();
      onChanged?.();
    });
  }

  async function revoke(key: ApiKey) {
    await run(async () => {
      keys.set(await carbon.keys.revoke({ id: key.id }));
      onChanged?.();
    }, () => setRevoking(null));
  }

  return (
    <section className="card settings-section" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="section-help">Keys of the account the current connection uses. At most {ACTIVE_KEY_LIMIT} keys can be active; rotate by creating a new key, then revoking the old one.</p>
      {created ? (
        <NewKeyPanel apiKey={created} onDone={() => setCreated(null)} />
      ) : null}
      <form className="settings-form settings-form-inline" onSubmit={(e) => void create(e)} aria-label="Create an API key">
        <label>
          Key name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            placeholder="e.g. reporting laptop"
            aria-invalid={touched && problem ? true : undefined}
            aria-describedby="key-name-help"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || atLimit}>
          Create key
        </button>
        <span id="key-name-help" className={touched && problem ? 'form-error' : 'form-help'}>
          {touched && problem ? problem : `${name.trim().length} / ${KEY_NAME_MAX} characters`}
          {atLimit ? ` · ${ACTIVE_KEY_LIMIT} keys are active: revoke one to create another.` : ''}
        </span>
      </form>
      {error ? <ErrorState error={error} /> : null}
      {keys.loading && !keys.data ? <Loading label="Reading keys…" /> : null}
      {keys.error ? <ErrorState error={keys.error} onRetry={keys.reload} /> : null}
      {keys.data ? (
        <table className="data" data-testid="keys-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Tier</th>
              <th className="num">Rate limit</th>
              <th>State</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Expires</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((k) => {
              const state = keyState(k);
              return (
                <tr key={k.id} data-testid="key-row" data-key-id={k.id} data-state={state}>
                  <td className="key-name">{k.name}</td>
                  <td className="mono" data-testid="key-prefix">{k.key_prefix}…</td>
                  <td>{k.tier}</td>
                  <td className="num">{formatNumber(k.rate_limit_per_minute)}/min</td>
                  <td>
                    <span className={state === 'active' ? 'badge badge-new' : 'badge badge-danger'}>{state}</span>
                  </td>
                  {/* days where the exact time matters little (on hover), so the table fits a narrow window */}
                  <td title={formatDateTime(k.created_at)}>{formatDate(k.created_at)}</td>
                  <td>{formatDateTime(k.last_used_at)}</td>
                  <td title={k.expires_at ? formatDateTime(k.expires_at) : undefined}>{k.expires_at ? formatDate(k.expires_at) : 'never'}</td>
                  <td>
                    {state === 'active' ? (
                      <button type="button" className="btn btn-small btn-danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </button>
                    ) : k.revoked_at ? (
                      <span className="muted key-revoked" title={formatDateTime(k.revoked_at)}>revoked {formatDate(k.revoked_at)}</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        confirmLabel="Revoke key"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      >
        Revoke “{revoking?.name}” ({revoking?.key_prefix}…)? Every request made with it fails from now on, including syncs of a connection that uses it. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
