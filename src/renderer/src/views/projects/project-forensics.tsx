/** The project's forensic memo, stats and news entries (new this week highlighted). */
import type { ProjectForensics } from '../../../../shared/api';
import { safeHref } from '../../../../shared/safe-url';
import { formatDate, formatSlug } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { isMissing, MissingData } from '../../components/missing-data';
import { isoWeekNow, newFlagLabel } from '../../components/forensic-counts';

const MEMO_FIELDS: Array<[keyof NonNullable<ProjectForensics['memo']>, string]> = [
  ['primary_risk', 'Primary risk'],
  ['value_proposition', 'Value proposition'],
  ['price_narrative', 'Price narrative'],
  ['investment_thesis', 'Investment thesis'],
  ['quality_tier_estimate', 'Quality tier'],
  ['methodology_risk', 'Methodology risk'],
  ['proponent_assessment', 'Proponent'],
  ['project_operational_status', 'Operational status'],
  ['development_status', 'Development status'],
  ['future_issuance_assessment', 'Future issuance'],
  ['estimated_issuance_timeline', 'Issuance timeline'],
  ['deal_flow_signals', 'Deal-flow signals'],
];

export function ProjectForensicsSection({ projectId, onFetchNow }: { projectId: string; onFetchNow?: () => Promise<unknown> }) {
  const result = useContractData(() => carbon.forensics.project({ project_id: projectId }), projectId);
  const f = result.data;
  const newLabel = f ? newFlagLabel({ week: f.stats.week_number, year: f.stats.year }, isoWeekNow()) : 'New this week';
  return (
    <div className="card" data-testid="project-forensics">
      <div className="card-head">
        <h2>Forensics</h2>
        {f ? (
          <span className="muted">
            {f.stats.total_entries} entries, newest first · {f.stats.new_this_week} {newLabel === 'New this week' ? 'new this week' : newLabel.replace(/^New/, 'new')} · last scan {formatDate(f.stats.last_scan_date)}
          </span>
        ) : null}
      </div>
      {result.loading && !f ? <Loading label="Loading forensics…" /> : null}
      {result.error && !isMissing(result.error) ? <ErrorState error={result.error} onRetry={result.reload} /> : null}
      <MissingData error={result.error} what="Forensic dossier" onFetchNow={onFetchNow} />
      {f && f.memo ? (
        <dl className="memo-grid">
          {MEMO_FIELDS.filter(([k]) => f.memo![k]).map(([k, label]) => (
            <div key={k} className="overview-field">
              <dt>{label}</dt>
              <dd>{String(f.memo![k])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {f && !f.memo && f.entries.length === 0 ? <Empty title="No forensic entries for this project">The service's dossier for it is empty.</Empty> : null}
      {f && f.entries.length ? (
        <ul className="forensic-entries">
          {f.entries.map((e) => {
            const href = safeHref(e.url);
            return (
              <li key={e.id} className={e.is_new_this_week ? 'is-new' : undefined}>
                <div className="entry-meta">
                  <span data-testid="entry-first-seen">Seen {formatDate(e.first_seen_date ?? e.date)}</span>
                  {e.date && e.date !== e.first_seen_date ? <span className="muted">news of {formatDate(e.date)}</span> : null}
                  {e.category ? <span className="badge">{formatSlug(e.category)}</span> : null}
                  {e.is_new_this_week ? <span className="badge badge-new">{newLabel}</span> : null}
                  {e.source ? <span className="muted">{e.source}</span> : null}
                </div>
                <div className="entry-event">{href ? <a href={href} target="_blank" rel="noopener noreferrer">{e.key_event ?? href}</a> : e.key_event ?? '—'}</div>
                {e.market_impact ? <div className="muted">{e.market_impact}</div> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
