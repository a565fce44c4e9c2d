/**
 * Changes: what the syncs found that moved — since the last sync, the last 7 days or a date —
 * watched items first, then by kind, each line linking to its project, buyer or country; filters by
 * kind and watched only; CSV export and a Markdown digest to paste into an email. The period and
 * filters live in the URL (#/changes?since=7d&kinds=projects_changed&watched_only=true).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHANGE_KINDS, type ChangeEntry, type ChangeKind } from '../../../../shared/contract';
import { formatCategory, formatDate, formatDateTime, formatNumber, formatRegistry, formatStatus } from '../../components/format';
import { DateInput } from '../../components/filters';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { downloadFile } from '../../components/download-file';
import { changesCsv, changesDigest, KIND_LABELS } from './change-digest';
import { markChangesSeen } from '../../stores/changes-seen';
import './changes.css';

const MAX_ROWS = 5000;

type Since = 'last_sync' | string | number;

function sinceOf(raw: string | null): { since: Since; label: string } {
  if (!raw || raw === 'last_sync') return { since: 'last_sync', label: 'Since the last sync' };
  if (raw === '7d') {
    const d = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    return { since: d, label: 'Last 7 days' };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return { since: raw, label: `Since ${formatDate(raw)}` };
  return { since: 'last_sync', label: 'Since the last sync' };
}

async function loadAll(input: { since: Since; kinds?: ChangeKind[]; watched_only?: boolean }): Promise<{ rows: ChangeEntry[]; total: number }> {
  const rows: ChangeEntry[] = [];
  let total = 0;
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const p = await carbon.changes.list({ ...input, per_page: 1000, current_page: page });
    total = p.pagination.total_entries;
    rows.push(...p.data);
    if (page >= p.pagination.total_pages) break;
  }
  return { rows, total };
}

const FIELD_LABELS: Record<string, string> = {
  issued: 'Issued', retired: 'Retired', status: 'Status', name: 'Name', registry: 'Registry', proponent: 'Proponent', category: 'Category',
  project_type: 'Type', country: 'Country', certifications: 'Certifications', has_ccb: 'CCB', has_icvcm_ccp: 'ICVCM CCP', has_corsia: 'CORSIA',
  has_sdvista: 'SD VISta', has_social_carbon: 'SocialCarbon', article6_authorized: 'Article 6 authorized', corc_durability: 'CORC durability',
  risk_level: 'Risk level', alert_count_12m: 'Alerts (12 months)', fire_count_12m: 'Fires (12 months)', total_loss_ha: 'Forest loss (ha)',
  article6_status: 'Article 6 status', article6_host_loas: 'Host LoAs', article6_buyer_loas: 'Buyer LoAs', corsia_eligible: 'CORSIA eligible',
  corsia_phase: 'CORSIA phase', corsia_commitment: 'CORSIA commitment',
};

/** A logged value as read: numbers grouped, flags as yes/no, registries, categories and statuses by name, the rest as sent. */
function shown(field: string | null, value: string | null): string {
  if (value === null) return '—';
  if (/^-?\d+(\.\d+)?$/.test(value) && !field?.startsWith('has_') && field !== 'article6_authorized' && field !== 'corsia_eligible') return formatNumber(Number(value));
  if ((field?.startsWith('has_') || field === 'article6_authorized' || field === 'corsia_eligible') && (value === '0' || value === '1')) return value === '1' ? 'yes' : 'no';
  if (field === 'registry') return formatRegistry(value);
  if (field === 'category') return formatCategory(value);
  if (field === 'status') return formatStatus(value);
  return value;
}

function ChangeLine({ c }: { c: ChangeEntry }) {
  return (
    <li className={`change-line${c.watched ? ' is-watched' : ''}`} data-testid="change-line" data-kind={c.kind}>
      {c.watched ? <span className="change-watched" title="A watched item" aria-label="watched">★</span> : null}
      {c.project_id ? (
        <Link to={`/projects/${encodeURIComponent(c.project_id)}`} className="mono">
          {c.project_id}
        </Link>
      ) : c.country ? (
        <Link to={`/countries/${encodeURIComponent(c.country)}`}>{c.country}</Link>
      ) : null}
      {c.project_name ? <span className="change-name">{c.project_name}</span> : null}
      <span className="change-what">
        {c.kind === 'credit_transactions_new' ? (
          <>
            {formatNumber(c.transactions)} {c.transaction_type}
            {c.transactions === 1 ? '' : 's'}, {formatNumber(c.quantity)} tCO2e
            {c.buyer ? (
              <>
                {' '}by <Link to={`/buyers/${encodeURIComponent(c.buyer)}`}>{c.buyer}</Link>
              </>
            ) : null}
          </>
        ) : c.field ? (
          <>
            {c.field.split(', ').map((f) => FIELD_LABELS[f] ?? f).join(', ')}
            {c.kind === 'memos_changed' ? ' changed' : (
              <>
                : <span className="change-old">{shown(c.field, c.old_value)}</span> → <span className="change-new">{shown(c.field, c.new_value)}</span>
              </>
            )}
          </>
        ) : c.kind === 'projects_new' ? (
          'New project'
        ) : c.kind === 'projects_gone' ? (
          'No longer listed by the service'
        ) : (
          c.summary.replace(/^[^:]*: /, '')
        )}
      </span>
      <span className="muted change-at" title={formatDateTime(c.detected_at)}>
        {formatDate(c.detected_at)}
      </span>
    </li>
  );
}

export function ChangesView() {
  const [params, setParams] = useSearchParams();
  const { since, label } = sinceOf(params.get('since'));
  const kinds = (params.get('kinds') ?? '').split(',').filter((k): k is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(k));
  const watchedOnly = params.get('watched_only') === 'true';
  const key = `${String(since)}|${kinds.join(',')}|${watchedOnly}`;
  const result = useContractData(() => loadAll({ since, ...(kinds.length ? { kinds } : {}), ...(watchedOnly ? { watched_only: true } : {}) }), key);
  const summary = useContractData(() => carbon.changes.summary({ since }), `summary:${String(since)}`);
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    if (summary.data?.runs) markChangesSeen(summary.data.runs.to);
  }, [summary.data]);

  const patch = (next: Record<string, string | null>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v === null || v === '') p.delete(k);
        else p.set(k, v);
      }
      return p;
    });

  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  const groups = useMemo(() => {
    const out: Array<[string, ChangeEntry[]]> = [['Watched items', rows.filter((r) => r.watched)]];
    for (const k of CHANGE_KINDS) out.push([KIND_LABELS[k], rows.filter((r) => !r.watched && r.kind === k)]);
    return out.filter(([, list]) => list.length);
  }, [rows]);
  const digest = () => changesDigest(rows, 'Carbon market changes', `${label}${watchedOnly ? ', watched items only' : ''}.`);

  return (
    <Page
      title="Changes"
      subtitle="What the syncs found that moved: watched items first, then by kind."
      actions={
        <>
          <button type="button" className="btn" disabled={!rows.length} onClick={() => downloadFile(changesCsv(rows), 'carbon-desk-changes.csv', 'text/csv')} data-testid="changes-csv">
            Export CSV
          </button>
          <button type="button" className="btn" disabled={!result.data} onClick={() => downloadFile(digest(), 'carbon-desk-changes.md', 'text/markdown')} data-testid="changes-digest">
            Digest (.md)
          </button>
          <button
            type="button"
            className="btn"
            disabled={!result.data}
            onClick={() => navigator.clipboard.writeText(digest()).then(() => setCopied('Digest copied'), () => setCopied('The clipboard refused; use Digest (.md)'))}
          >
            Copy digest
          </button>
          {copied ? <span className="muted" role="status">{copied}</span> : null}
        </>
      }
    >
      <div className="card changes-filters">
        <div className="seg" role="group" aria-label="Period">
          {([['last_sync', 'Since last sync'], ['7d', 'Last 7 days']] as const).map(([v, l]) => (
            <button key={v} type="button" aria-pressed={(params.get('since') ?? 'last_sync') === v} onClick={() => patch({ since: v === 'last_sync' ? null : v })}>
              {l}
            </button>
          ))}
        </div>
        <div className="filter-field inline">
          <span className="filter-label">Since</span>
          <DateInput
            label="Since a date"
            value={/^\d{4}-\d{2}-\d{2}$/.test(params.get('since') ?? '') ? params.get('since')! : undefined}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(v) => patch({ since: v ?? null })}
            testId="changes-since"
          />
        </div>
        <label className="filter-field inline">
          <input type="checkbox" checked={watchedOnly} onChange={(e) => patch({ watched_only: e.target.checked ? 'true' : null })} /> Watched only
        </label>
        <div className="change-kinds" role="group" aria-label="Kinds">
          {CHANGE_KINDS.map((k) => {
            const on = kinds.includes(k);
            const n = summary.data?.counts[k] ?? 0;
            return (
              <button key={k} type="button" className={`chip${on ? ' on' : ''}`} aria-pressed={on} onClick={() => patch({ kinds: (on ? kinds.filter((x) => x !== k) : [...kinds, k]).join(',') })}>
                {KIND_LABELS[k]} <span className="muted">{formatNumber(n)}</span>
              </button>
            );
          })}
        </div>
      </div>
      {summary.data ? (
        <p className="muted" data-testid="changes-summary">
          {label}
          {summary.data.since ? ` (from ${formatDateTime(summary.data.since)})` : ''}: {formatNumber(summary.data.counts.credit_transactions_new)} new credit transactions (
          {formatNumber(summary.data.counts.credit_volume_new)} tCO2e), {formatNumber(summary.data.watched)} changes to watched items.
        </p>
      ) : null}
      {summary.data?.baseline ? (
        <div className="card changes-baseline" role="note" data-testid="changes-baseline">
          <strong>This period holds the first sync of this connection (finished {formatDateTime(summary.data.baseline.finishedAt)}).</strong> It is the
          baseline: it recorded every project, transaction and profile as it was, so nothing in it counts as a change. Changes appear from the
          next sync on (the Sync view starts one).
        </div>
      ) : null}
      {result.error ? <ErrorState error={result.error} onRetry={result.reload} /> : null}
      {result.loading && !result.data ? <Loading label="Reading the change log…" /> : null}
      {result.data && rows.length === 0 ? (
        <Empty title={summary.data?.baseline ? 'No changes yet: the first sync is the baseline' : 'Nothing changed in this period'}>
          {!summary.data?.runs
            ? 'Nothing was synced yet. The first sync is the baseline; changes appear from the sync after it on.'
            : summary.data.baseline
              ? 'Run another sync to see what moved since this one.'
              : kinds.length || watchedOnly
                ? 'The syncs in this period found no changes of the kinds chosen. Choose other kinds, or all of them.'
                : 'The syncs in this period found no changes.'}
        </Empty>
      ) : null}
      {result.data && result.data.total > rows.length ? <p className="muted">Showing the first {formatNumber(rows.length)} of {formatNumber(result.data.total)} changes; narrow the period or kinds, or export.</p> : null}
      {groups.map(([heading, list]) => (
        <div key={heading} className="card change-group" data-testid="change-group">
          <h2>
            {heading} <span className="muted">{formatNumber(list.length)}</span>
          </h2>
          <ul className="change-lines">
            {list.slice(0, 500).map((c) => (
              <ChangeLine key={c.key} c={c} />
            ))}
          </ul>
          {list.length > 500 ? <p className="muted">… and {formatNumber(list.length - 500)} more (in the CSV export).</p> : null}
        </div>
      ))}
    </Page>
  );
}
