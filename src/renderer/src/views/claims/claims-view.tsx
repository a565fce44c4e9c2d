/**
 * The Claims view: "this company says it retired N tonnes — did it?". The form (beneficiary, dates,
 * claimed tonnes, projects, vintages) goes to the URL; the answer shows the matched retirements'
 * total against the claim (shortfall or excess), per project, vintage and year, the transactions
 * (paged, exportable as CSV), and near matches in the other beneficiary fields, never counted.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ClaimVerification, ClaimVolume, NearMatchField } from '../../../../shared/contract';
import { ExportButton } from '../../components/export';
import { ReportButtons } from '../../components/report';
import { formatDate, formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import './claims.css';

const PER_PAGE = 50;
const FIELD_LABELS: Record<NearMatchField, string> = {
  retirement_beneficiary: 'Beneficiary as written',
  retirement_account: 'Account',
  retirement_note: 'Note',
  retirement_reason: 'Reason',
};

const list = (s: string | null) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const day = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined);

/** The largest rows of a breakdown are listed; the rest are summed in one line. */
const BREAKDOWN_ROWS = 12;

function Breakdown<T extends ClaimVolume>({ title, rows, label, testId, largest = false }: { title: string; rows: T[]; label: (r: T) => React.ReactNode; testId: string; largest?: boolean }) {
  const shown = largest ? rows.slice(0, BREAKDOWN_ROWS) : rows.slice(-BREAKDOWN_ROWS);
  const rest = largest ? rows.slice(BREAKDOWN_ROWS) : rows.slice(0, Math.max(0, rows.length - BREAKDOWN_ROWS));
  const restSum = rest.reduce((s, r) => ({ quantity: s.quantity + r.quantity, transactions: s.transactions + r.transactions }), { quantity: 0, transactions: 0 });
  return (
    <div className="card" data-testid={testId}>
      <h2>{title}</h2>
      <table className="data">
        <thead>
          <tr>
            <th />
            <th className="num">Tonnes</th>
            <th className="num">Retirements</th>
          </tr>
        </thead>
        <tbody>
          {rest.length && !largest ? <RestRow n={rest.length} sum={restSum} what="earlier" /> : null}
          {shown.map((r, i) => (
            <tr key={i}>
              <td className="claim-label">{label(r)}</td>
              <td className="num">{formatNumber(r.quantity)}</td>
              <td className="num">{formatNumber(r.transactions)}</td>
            </tr>
          ))}
          {rest.length && largest ? <RestRow n={rest.length} sum={restSum} what="more" /> : null}
        </tbody>
      </table>
    </div>
  );
}

function RestRow({ n, sum, what }: { n: number; sum: ClaimVolume; what: string }) {
  return (
    <tr className="muted">
      <td>
        {formatNumber(n)} {what}
      </td>
      <td className="num">{formatNumber(sum.quantity)}</td>
      <td className="num">{formatNumber(sum.transactions)}</td>
    </tr>
  );
}

function Answer({ a, page, onPage, exportQuery }: { a: ClaimVerification; page: number; onPage: (p: number) => void; exportQuery: Record<string, unknown> }) {
  const tx = a.transactions;
  return (
    <>
      <div className="grid claims-kpis">
        <div className="card kpi">
          <span className="kpi-label">Claimed</span>
          <span className="kpi-value">{a.claimed_tonnes === null ? '—' : `${formatNumber(a.claimed_tonnes)} t`}</span>
        </div>
        <div className="card kpi" data-testid="claim-matched">
          <span className="kpi-label">Retired (matched)</span>
          <span className="kpi-value">{formatNumber(a.matched.quantity)} t</span>
          <span className="muted">{formatNumber(a.matched.transactions)} retirements</span>
        </div>
        <div className={`card kpi ${a.shortfall ? 'claim-short' : a.excess ? 'claim-excess' : ''}`} data-testid="claim-gap">
          <span className="kpi-label">{a.shortfall ? 'Shortfall' : a.excess ? 'Excess' : 'Against the claim'}</span>
          <span className="kpi-value">{a.claimed_tonnes === null ? '—' : a.shortfall ? `${formatNumber(a.shortfall)} t` : a.excess ? `${formatNumber(a.excess)} t` : 'covered exactly'}</span>
        </div>
        <div className="card kpi" data-testid="claim-near-total">
          <span className="kpi-label">Near matches (not counted)</span>
          <span className="kpi-value">{formatNumber(a.near_match_total.quantity)} t</span>
          <span className="muted">{formatNumber(a.near_match_total.transactions)} retirements</span>
        </div>
      </div>
      {a.matched.transactions === 0 ? <Empty title={`No retirement names “${a.beneficiary}” as its buyer`}>Check the near matches below: the name may be written in a note, an account or a longer name.</Empty> : null}
      {a.near_matches.length ? (
        <div className="card" data-testid="claim-near-matches">
          <div className="card-head">
            <h2>Near matches</h2>
            <span className="muted">Retirements of other buyers whose fields contain the name: evidence to check, never added to the total</span>
          </div>
          <table className="data">
            <thead>
              <tr>
                <th>Field</th>
                <th>Value</th>
                <th className="num">Tonnes</th>
                <th className="num">Retirements</th>
              </tr>
            </thead>
            <tbody>
              {a.near_matches.map((n, i) => (
                <tr key={i} data-testid="near-match-row">
                  <td>{FIELD_LABELS[n.field]}</td>
                  <td>{n.value}</td>
                  <td className="num">{formatNumber(n.quantity)}</td>
                  <td className="num">{formatNumber(n.transactions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {a.matched.transactions ? (
        <div className="grid grid-3 claims-breakdowns">
          <Breakdown title="Per project" largest rows={a.by_project} testId="claim-by-project" label={(r) => (r.project_id ? <Link to={`/projects/${encodeURIComponent(r.project_id)}`}>{r.project_name ?? r.project_id}</Link> : '—')} />
          <Breakdown title="Per vintage" rows={a.by_vintage} testId="claim-by-vintage" label={(r) => r.vintage ?? 'no vintage'} />
          <Breakdown title="Per year" rows={a.by_year} testId="claim-by-year" label={(r) => r.year ?? 'undated'} />
        </div>
      ) : null}
      {tx.data.length ? (
        <div className="card" data-testid="claim-transactions">
          <div className="card-head">
            <h2>Matched retirements</h2>
            <span className="muted">
              largest first · page {tx.pagination.current_page} of {tx.pagination.total_pages}{' '}
              <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous
              </button>{' '}
              <button type="button" className="btn" disabled={!tx.pagination.next_page} onClick={() => onPage(page + 1)}>
                Next
              </button>{' '}
              <ExportButton table="credit-transactions" query={exportQuery} total={tx.pagination.total_entries} label="Export" testId="claim-export" />
            </span>
          </div>
          <table className="data">
            <thead>
              <tr>
                <th>Id</th>
                <th>Date</th>
                <th>Project</th>
                <th>Vintage</th>
                <th className="num">Tonnes</th>
                <th>Beneficiary (harmonized)</th>
                <th>As written</th>
              </tr>
            </thead>
            <tbody>
              {tx.data.map((t) => (
                <tr key={t.id} data-testid="claim-transaction-row">
                  <td className="mono">{t.id}</td>
                  <td>{formatDate(t.transaction_date)}</td>
                  <td className="mono">{t.projects[0]?.project_id ?? '—'}</td>
                  <td>{t.vintage ?? '—'}</td>
                  <td className="num">{formatNumber(t.quantity)}</td>
                  <td>{t.retirement_beneficiary_harmonized ?? '—'}</td>
                  <td>{t.retirement_beneficiary ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

export function ClaimsView() {
  const [params, setParams] = useSearchParams();
  const asked = {
    beneficiary: (params.get('beneficiary') ?? '').trim(),
    from: day(params.get('from')),
    to: day(params.get('to')),
    tonnes: params.get('tonnes') && Number.isFinite(Number(params.get('tonnes'))) ? Number(params.get('tonnes')) : undefined,
    project_id: list(params.get('projects')),
    vintage: list(params.get('vintages')).map(Number).filter((v) => Number.isInteger(v) && v >= 1900 && v <= 2200),
  };
  const page = Number(params.get('page') ?? 1) || 1;
  const [form, setForm] = useState({ beneficiary: '', from: '', to: '', tonnes: '', projects: '', vintages: '' });
  useEffect(() => {
    setForm({
      beneficiary: params.get('beneficiary') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '',
      tonnes: params.get('tonnes') ?? '', projects: params.get('projects') ?? '', vintages: params.get('vintages') ?? '',
    });
  }, [params]);
  const input = {
    beneficiary: asked.beneficiary,
    ...(asked.from ? { from: asked.from } : {}),
    ...(asked.to ? { to: asked.to } : {}),
    ...(asked.tonnes !== undefined ? { tonnes: asked.tonnes } : {}),
    ...(asked.project_id.length ? { project_id: asked.project_id } : {}),
    ...(asked.vintage.length ? { vintage: asked.vintage } : {}),
  };
  const result = useContractData(() => carbon.claims.verify({ ...input, current_page: page, per_page: PER_PAGE }), `${JSON.stringify(input)}:${page}`, { enabled: asked.beneficiary !== '' });
  const exportQuery = {
    buyer: asked.beneficiary,
    transaction_type: ['retirement'],
    ...(asked.from ? { transaction_date_from: asked.from } : {}),
    ...(asked.to ? { transaction_date_to: asked.to } : {}),
    ...(asked.project_id.length ? { project_id: asked.project_id } : {}),
    ...(asked.vintage.length ? { vintage: asked.vintage } : {}),
    sort: ['-quantity'],
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v.trim()) p.set(k, v.trim());
    setParams(p);
  };
  const field = (name: keyof typeof form, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className="field">
      <span>{label}</span>
      <input value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} data-testid={`claim-${name}`} {...props} />
    </label>
  );
  return (
    <Page title="Claims" subtitle="Check a retirement claim against the cached registry data: the retirements whose buyer is the claimed name (ignoring case, accents kept), and near matches to look at.">
      <form className="card claims-form" onSubmit={submit} aria-label="Claim">
        {field('beneficiary', 'Beneficiary', { required: true, placeholder: 'e.g. Acme Airlines', maxLength: 300 })}
        {field('from', 'From', { type: 'date' })}
        {field('to', 'To', { type: 'date' })}
        {field('tonnes', 'Claimed tonnes', { type: 'number', min: 0, step: 'any', placeholder: 'optional' })}
        {field('projects', 'Projects', { placeholder: 'ids, comma separated' })}
        {field('vintages', 'Vintages', { placeholder: 'e.g. 2019, 2020' })}
        <button type="submit" className="btn btn-primary" data-testid="claim-verify">
          Verify
        </button>
      </form>
      {!asked.beneficiary ? <Empty title="Enter a claim">A beneficiary name, and optionally the period, the claimed tonnes, projects and vintages.</Empty> : null}
      {result.error ? <ErrorState error={result.error} onRetry={result.reload} /> : null}
      {result.loading && !result.data ? <Loading label="Checking the retirements…" /> : null}
      {result.data && asked.beneficiary ? (
        <div className="claims-report">
          <ReportButtons label="Claim report" testId="claim-report" make={(format) => carbon.claims.report({ ...input, format })} />
        </div>
      ) : null}
      {result.data && asked.beneficiary ? (
        <Answer a={result.data} page={page} exportQuery={exportQuery} onPage={(p) => setParams((prev) => {
          const next = new URLSearchParams(prev);
          next.set('page', String(p));
          return next;
        })} />
      ) : null}
    </Page>
  );
}
