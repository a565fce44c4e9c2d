/**
 * The Signals view: every integrity signal the cache computed after its last sync, market-wide,
 * filtered by kind and by the project's registry, country and category (in the URL), counted by
 * kind, paged, exported as CSV.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGNAL_KINDS, type IntegritySignal, type SignalKind } from '../../../../shared/contract';
import { formatCategory, formatNumber, formatRegistry } from '../../components/format';
import { Page } from '../../components/page';
import { SIGNAL_LABELS, SignalTable, signalsCsv } from '../../components/signals';
import { Empty, ErrorState, Loading } from '../../components/states';
import { downloadFile } from '../../components/download-file';
import { carbon, useContractData } from '../../data';

const PER_PAGE = 100;

export function SignalsView() {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') as SignalKind | null;
  const registry = params.get('registry');
  const country = params.get('country');
  const category = params.get('category');
  const page = Number(params.get('page') ?? 1) || 1;
  const filters = useMemo(() => ({
    ...(kind && (SIGNAL_KINDS as readonly string[]).includes(kind) ? { kind: [kind] } : {}),
    ...(registry ? { registry: [registry] } : {}),
    ...(country ? { country: [country] } : {}),
    ...(category ? { category: [category] } : {}),
  }), [kind, registry, country, category]);
  const key = JSON.stringify(filters);
  const list = useContractData(() => carbon.signals.list({ ...filters, current_page: page, per_page: PER_PAGE }), `${key}:${page}`);
  const summary = useContractData(() => carbon.signals.summary({ ...filters, kind: undefined }), key);
  const facets = useContractData(() => carbon.projects.facets({}), 'facets');

  const patch = (next: Record<string, string | null>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v === null || v === '') p.delete(k);
        else p.set(k, v);
      }
      if (!('page' in next)) p.delete('page');
      return p;
    });

  const exportAll = async () => {
    const rows: IntegritySignal[] = [];
    for (let p = 1; ; p++) {
      const answer = await carbon.signals.list({ ...filters, current_page: p, per_page: 1000 });
      rows.push(...answer.data);
      if (!answer.pagination.next_page) break;
    }
    downloadFile(signalsCsv(rows), 'carbon-desk-signals.csv', 'text/csv');
  };

  const select = (name: 'registry' | 'country' | 'category', label: string, format: (v: string) => string) => (
    <label className="field">
      <span>{label}</span>
      <select style={{ minWidth: '10rem' }} value={params.get(name) ?? ''} onChange={(e) => patch({ [name]: e.target.value })} data-testid={`signals-${name}`}>
        <option value="">Any</option>
        {(facets.data?.[name] ?? []).map((f) => (
          <option key={f.value} value={f.value}>
            {format(f.value)}
          </option>
        ))}
      </select>
    </label>
  );
  const data = list.data;
  return (
    <Page
      title="Signals"
      subtitle="Where a registry's own numbers do not add up, computed from the cache after every sync. Each signal shows the figures and the transactions or fields it rests on."
      actions={
        <button type="button" className="btn" disabled={!data?.pagination.total_entries} onClick={() => void exportAll()} data-testid="signals-csv">
          Export CSV
        </button>
      }
    >
      <div className="card signals-filters" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end' }}>
        <div className="seg" role="group" aria-label="Kind">
          <button type="button" aria-pressed={!kind} onClick={() => patch({ kind: null })}>
            All {summary.data ? `(${formatNumber(summary.data.total)})` : ''}
          </button>
          {SIGNAL_KINDS.map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => patch({ kind: k })} data-testid={`signals-kind-${k}`}>
              {SIGNAL_LABELS[k]} {summary.data ? `(${formatNumber(summary.data.by_kind.find((b) => b.kind === k)?.signals ?? 0)})` : ''}
            </button>
          ))}
        </div>
        {select('registry', 'Registry', formatRegistry)}
        {select('country', 'Country', (v) => v)}
        {select('category', 'Category', formatCategory)}
      </div>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {list.loading && !data ? <Loading label="Reading the signals…" /> : null}
      {data && data.data.length === 0 ? (
        <Empty title="No signals">Nothing in the cached data matches these filters, or the cache has not been synced yet.</Empty>
      ) : null}
      {data && data.data.length ? (
        <div className="card" data-testid="signals-list">
          <div className="card-head">
            <h2>{formatNumber(data.pagination.total_entries)} signals</h2>
            <span className="muted">
              page {data.pagination.current_page} of {data.pagination.total_pages}{' '}
              <button type="button" className="btn" disabled={page <= 1} onClick={() => patch({ page: String(page - 1) })}>
                Previous
              </button>{' '}
              <button type="button" className="btn" disabled={!data.pagination.next_page} onClick={() => patch({ page: String(page + 1) })}>
                Next
              </button>
            </span>
          </div>
          <SignalTable rows={data.data} />
        </div>
      ) : null}
    </Page>
  );
}
