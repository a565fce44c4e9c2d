/** Sync center: per-job progress (rows, pages, requests/min, ETA), controls, last success and error. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SyncJobName, SyncJobStatus, SyncStatus } from '../../../../shared/contract';
import { ContractError } from '../../../../shared/errors';
import { carbon } from '../../data';
import { formatAge, formatDateTime, formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { ErrorState, Loading, explainError } from '../../components/states';
import { useAction } from '../../components/use-action';
import { useAppStore } from '../../stores/app-store';
import { OfflineCoverage } from './offline-coverage';
import { DataIssues } from './data-issues';
import { SYNC_JOB_LABELS, allowedActions, formatEta, jobLeft, runLeft, runTimes, jobFraction, notOfferedLabels, overallFraction, type SyncAction } from './sync-jobs';
import './sync.css';

function ProgressBar({ fraction, state, label }: { fraction: number | null; state: string; label: string }) {
  const pct = fraction == null ? null : Math.round(fraction * 100);
  return (
    <div
      className={`progress progress-${state}${pct == null && state === 'running' ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct ?? undefined}
    >
      <div className="progress-fill" style={{ width: pct == null ? (state === 'running' ? '30%' : '0%') : `${pct}%` }} />
    </div>
  );
}

function ErrorLine({ error }: { error: { code: string; message: string; at: string } }) {
  const { title, hint } = explainError(new ContractError(error.code, error.message));
  return (
    <div className="sync-error" title={`${error.code} at ${formatDateTime(error.at)}`}>
      <span className="badge badge-danger">{error.code}</span> {hint ?? title}
      <div className="sync-error-when">{formatAge(error.at)}</div>
    </div>
  );
}

const STATE_BADGE: Record<SyncJobStatus['state'], string> = {
  idle: 'badge', queued: 'badge', running: 'badge badge-new', paused: 'badge badge-warn', done: 'badge badge-new', failed: 'badge badge-danger', cancelled: 'badge badge-warn',
  unsupported: 'badge',
};
const STATE_TEXT: Partial<Record<SyncJobStatus['state'], string>> = { unsupported: 'not offered' };

function JobRow({ job, busy, onStart }: { job: SyncJobStatus; busy: boolean; onStart: (job: SyncJobName) => void }) {
  const meta = SYNC_JOB_LABELS[job.job];
  const fraction = jobFraction(job);
  return (
    <tr data-testid={`sync-job-${job.job}`} data-state={job.state}>
      <td>
        <div className="job-name">{meta.label}</div>
        <div className="job-detail">{meta.detail}</div>
      </td>
      <td><span className={STATE_BADGE[job.state]}>{STATE_TEXT[job.state] ?? job.state}</span></td>
      <td className="job-progress">
        <ProgressBar fraction={fraction} state={job.state} label={`${meta.label} progress`} />
        <div className="job-progress-text">
          {fraction == null ? '' : `${Math.round(fraction * 100)}%`}
          {job.state === 'running' && job.requestsPerMinute > 0 ? ` · ${formatNumber(Math.round(job.requestsPerMinute))}/min` : ''}
        </div>
      </td>
      <td className="num" data-testid="job-rows">
        {formatNumber(job.rows)}
        {job.totalRows != null ? <span className="of"> / {formatNumber(job.totalRows)}</span> : null}
        {job.skippedItems ? <div className="job-skipped">{formatNumber(job.skippedItems)} skipped</div> : null}
        {job.unfitValues ? <div className="job-skipped">{formatNumber(job.unfitValues)} kept as sent</div> : null}
      </td>
      <td className="num wide-only">
        {formatNumber(job.pages)}
        {job.totalPages != null ? <span className="of"> / {formatNumber(job.totalPages)}</span> : null}
      </td>
      <td className="num wide-only">{job.state === 'running' ? formatNumber(Math.round(job.requestsPerMinute)) : '—'}</td>
      <td className="num" data-testid="job-left">{jobLeft(job)}</td>
      <td title={job.lastSuccessAt ? formatDateTime(job.lastSuccessAt) : undefined}>{job.lastSuccessAt ? formatAge(job.lastSuccessAt) : 'never'}</td>
      <td className="job-error-cell">
        {job.state === 'unsupported' ? (
          <span className="muted" title={job.lastError?.message}>This service does not offer it</span>
        ) : job.lastError ? (
          <ErrorLine error={job.lastError} />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => onStart(job.job)} aria-label={`Sync ${meta.label} now`}>
          Sync
        </button>
      </td>
    </tr>
  );
}

export function SyncCenter() {
  const sync = useAppStore((s) => s.sync);
  const setSync = useAppStore((s) => s.setSync);
  const status = useAppStore((s) => s.status);
  const [loadError, setLoadError] = useState<unknown>(null);
  const { busy: pending, error: actionError, run } = useAction();
  const runAt = runTimes(sync?.startedAt, sync?.finishedAt);

  useEffect(() => {
    let alive = true;
    carbon.sync
      .status({})
      .then((s) => alive && setSync(s))
      .catch((err: unknown) => alive && setLoadError(err));
    return () => {
      alive = false;
    };
  }, [setSync]);

  async function act(action: SyncAction | 'full', jobs?: SyncJobName[]) {
    const next = await run((): Promise<SyncStatus> => {
      if (action === 'start') return carbon.sync.start(jobs ? { jobs } : {});
      if (action === 'full') return carbon.sync.start({ full: true });
      if (action === 'pause') return carbon.sync.pause({});
      if (action === 'resume') return carbon.sync.resume({});
      return carbon.sync.cancel({});
    });
    if (next) setSync(next);
  }

  const allowed = allowedActions(sync?.state);
  const overall = sync ? overallFraction(sync) : null;
  const actions = (
    <>
      <button type="button" className="btn btn-primary" disabled={pending || !allowed.start} onClick={() => void act('start')}>
        Sync now
      </button>
      <button type="button" className="btn" disabled={pending || !allowed.start} onClick={() => void act('full')} title="Fetch everything again and reconcile">
        Full resync
      </button>
      <button type="button" className="btn" disabled={pending || !allowed.pause} onClick={() => void act('pause')}>
        Pause
      </button>
      <button type="button" className="btn" disabled={pending || !allowed.resume} onClick={() => void act('resume')}>
        Resume
      </button>
      <button type="button" className="btn btn-danger" disabled={pending || !allowed.cancel} onClick={() => void act('cancel')}>
        Cancel
      </button>
    </>
  );

  return (
    <Page title="Sync" subtitle="Fetches the service into this connection's local cache; every view reads the cache." actions={actions}>
      {actionError ? <ErrorState error={actionError} /> : null}
      {!sync && loadError ? <ErrorState error={loadError} /> : null}
      {!sync && !loadError ? <Loading label="Reading sync status…" /> : null}
      {sync ? (
        <>
          <div className="grid grid-4">
            <div className="card kpi">
              <span className="kpi-label">Sync</span>
              <span className="kpi-value" data-testid="sync-state">{sync.state}</span>
            </div>
            <div className="card kpi">
              <span className="kpi-label">Overall progress</span>
              <span className="kpi-value">{overall == null ? '—' : `${Math.round(overall * 100)}%`}</span>
              <ProgressBar fraction={overall} state={sync.state} label="Overall progress" />
            </div>
            <div className="card kpi">
              <span className="kpi-label">Started / finished</span>
              <span className="kpi-small">{sync.startedAt ? runAt.started : 'not started'}</span>
              <span className="kpi-small">
                {sync.finishedAt
                  ? `${runAt.finished}${sync.startedAt ? `, after ${formatEta((Date.parse(sync.finishedAt) - Date.parse(sync.startedAt)) / 1000)}` : ''}`
                  : sync.state === 'running' || sync.state === 'paused' ? runLeft(sync.state, sync.etaSeconds, sync.etaLeavesOut) : '—'}
              </span>
            </div>
            <div className="card kpi">
              <span className="kpi-label">Key rate limit</span>
              <span className="kpi-value">
                {sync.rateLimitPerMinute == null ? '—' : formatNumber(sync.rateLimitPerMinute)}
                <span className="kpi-unit">requests/min</span>
              </span>
              <span className="kpi-small">Connection: {status?.state ?? 'unknown'}</span>
            </div>
          </div>
          {sync.lastError ? (
            <div className="card sync-last-error" role="alert" data-testid="sync-last-error">
              <h2>Last error</h2>
              <ErrorLine error={sync.lastError} />
              {['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key', 'upgrade_required'].includes(sync.lastError.code) ? (
                <Link to="/settings">Open Settings to fix the connection</Link>
              ) : null}
            </div>
          ) : null}
          {notOfferedLabels(sync).length ? (
            <div className="card sync-not-offered" data-testid="sync-not-offered">
              <h2>Not offered by this service</h2>
              <p>
                {notOfferedLabels(sync).join(', ')}. The service answers that it does not have {notOfferedLabels(sync).length === 1 ? 'this resource' : 'these resources'}, so
                there is nothing to download; views built from other data (buyers and charts are computed from cached credits) still work. Checked again on every sync.
              </p>
            </div>
          ) : null}
          <DataIssues skipped={sync.skippedItems ?? 0} unfit={sync.unfitValues ?? 0} />
          <div className="card sync-jobs-card">
            <table className="data sync-jobs">
              <thead>
                <tr>
                  <th>Resource</th>
                  <th>State</th>
                  <th>Progress</th>
                  <th className="num">Rows</th>
                  <th className="num wide-only">Pages</th>
                  <th className="num wide-only">Requests/min</th>
                  <th className="num">ETA</th>
                  <th>Last success</th>
                  <th>Last error</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {sync.jobs.map((job) => (
                  <JobRow key={job.job} job={job} busy={pending || !allowed.start} onStart={(j) => void act('start', [j])} />
                ))}
              </tbody>
            </table>
          </div>
          <OfflineCoverage />
        </>
      ) : null}
    </Page>
  );
}
