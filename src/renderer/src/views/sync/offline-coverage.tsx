/**
 * Offline coverage: per resource, how much the cache holds of what the service has (cached / known,
 * "the service has none", not offered), its last success, bytes on disk and, for the mirror, the
 * time what is still due takes at the key's allowance; and the mirror's scope, with what each costs.
 */
import type { CacheInfo, MirrorScope, ResourceCoverage } from '../../../../shared/contract';
import { formatDateTime, formatNumber, formatPercent } from '../../components/format';
import { ForensicCountLine, useForensicCounts } from '../../components/forensic-counts';
import { ErrorState, Loading } from '../../components/states';
import { useAction } from '../../components/use-action';
import { carbon, useContractData } from '../../data';
import { formatEta } from './sync-jobs';

export function formatBytes(bytes: number | null): string {
  if (bytes == null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

function held(c: ResourceCoverage): string {
  if (c.notOffered) return 'not offered';
  if (c.known == null) return `${formatNumber(c.cached)} cached`;
  return `${formatNumber(c.cached)} of ${formatNumber(c.known)}`;
}

function share(c: ResourceCoverage): number | null {
  if (c.notOffered || c.known == null) return null;
  return c.known === 0 ? 1 : Math.min(1, c.cached / c.known);
}

const SCOPES: Array<{ scope: MirrorScope; label: string; detail: string }> = [
  { scope: 'everything', label: 'Everything', detail: 'every boundary, dossier and country update the cache knows of' },
  { scope: 'watchlist', label: 'Watchlist only', detail: 'watched projects and countries (and the countries of watched projects)' },
];

function MirrorScopeChoice({ info, onChange }: { info: CacheInfo; onChange: () => void }) {
  const { busy, error, run } = useAction();
  const plan = info.mirror;
  return (
    <fieldset className="mirror-scope" data-testid="mirror-scope">
      <legend>What is downloaded item by item for offline use (boundaries, dossiers, country updates, project details)</legend>
      {SCOPES.map((s) => {
        const e = plan.estimates[s.scope];
        const time = plan.rateLimitPerMinute
          ? `${formatEta(e.seconds)} for the ${formatNumber(e.requests)} requests still due at ${formatNumber(plan.rateLimitPerMinute)}/min`
          : `${formatNumber(e.requests)} requests still due (no rate limit on this key)`;
        return (
          <label key={s.scope} className="mirror-scope-option">
            <input
              type="radio"
              name="mirror-scope"
              checked={plan.scope === s.scope}
              disabled={busy}
              onChange={() => void run(() => carbon.sync.mirror({ scope: s.scope })).then(onChange)}
            />
            <span>
              <strong>{s.label}</strong> — {s.detail}. {formatNumber(e.items)} items, about {formatBytes(e.bytes)} on disk; {time}.
            </span>
          </label>
        );
      })}
      {error ? <ErrorState error={error} /> : null}
    </fieldset>
  );
}

export function OfflineCoverage() {
  const info = useContractData(() => carbon.cache.info({}), 'coverage');
  const counts = useForensicCounts();
  if (info.error) return <ErrorState error={info.error} onRetry={info.reload} />;
  if (!info.data) return <Loading label="Reading offline coverage…" />;
  return (
    <div className="card offline-coverage" data-testid="offline-coverage">
      <div className="card-head">
        <h2>Offline coverage</h2>
        <span className="muted">What this computer holds for use without the service · cache {formatBytes(info.data.sizeBytes)}</span>
      </div>
      <table className="data">
        <thead>
          <tr>
            <th>Resource</th>
            <th>Held offline</th>
            <th className="num">Share</th>
            <th className="num">Service has none</th>
            <th>Last success</th>
            <th className="num">On disk</th>
            <th className="num">Still due</th>
          </tr>
        </thead>
        <tbody>
          {info.data.coverage.map((c) => (
            <tr key={c.resource} data-testid={`coverage-${c.resource}`}>
              <td>{c.label}</td>
              <td>{held(c)}</td>
              <td className="num">{formatPercent(share(c), 0)}</td>
              <td className="num">{c.none ? formatNumber(c.none) : '—'}</td>
              <td>{c.lastSuccessAt ? formatDateTime(c.lastSuccessAt) : 'never'}</td>
              <td className="num">{formatBytes(c.bytes)}</td>
              <td className="num">{c.etaSeconds != null ? formatEta(c.etaSeconds) : c.known != null && c.cached < c.known && !c.notOffered ? 'next sync' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="coverage-forensic-count">
        Forensic entries: <ForensicCountLine counts={counts.data} />.
      </p>
      <MirrorScopeChoice info={info.data} onChange={info.reload} />
    </div>
  );
}
