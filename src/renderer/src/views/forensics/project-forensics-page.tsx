/**
 * A project's forensic page: memo laid out for reading, stats, entries sorted by first seen, and the
 * weekly diff with a week picker and its headline. The week lives in the URL (?week=12&year=2026).
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { forensicDiffQuery } from '../../../../shared/api/params';
import type { ForensicMemo } from '../../../../shared/api/resources';
import { useUrlFilters } from '../../components/filters';
import { formatDate, formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isMissing, MissingData } from '../../components/missing-data';
import { carbon, useContractData } from '../../data';
import { ForensicEntryCard } from './forensic-entry-card';
import { isoWeekNow, newFlagLabel } from '../../components/forensic-counts';
import { isoWeekOf, memoSections, shiftWeek, sortByFirstSeen } from './forensic-entries';
import './forensics.css';
import { ExportButton } from '../../components/export';

function Memo({ memo }: { memo: ForensicMemo }) {
  const sections = memoSections(memo);
  return (
    <div className="card memo" data-testid="forensic-memo">
      <div className="memo-head">
        <h2>Forensic memo</h2>
        <span className="muted">
          {memo.scan_type ? `${memo.scan_type} scan · ` : ''}updated {formatDate(memo.last_updated)}
          {memo.total_entries != null ? ` · based on ${formatNumber(memo.total_entries)} entries` : ''}
        </span>
      </div>
      {sections.length === 0 ? <p className="muted">The memo has no text yet.</p> : null}
      <div className="memo-sections">
        {sections.map((s) => (
          <section key={s.title} className="memo-section">
            <h3>{s.title}</h3>
            <dl>
              {s.items.map((i) => (
                <div key={i.label} className="memo-item">
                  <dt>{i.label}</dt>
                  <dd>{i.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}

function WeeklyDiff({ projectId, defaultWeek }: { projectId: string; defaultWeek: { week: number; year: number } }) {
  const { filters, patch } = useUrlFilters(forensicDiffQuery);
  const week = filters.week ?? defaultWeek.week;
  const year = filters.year ?? defaultWeek.year;
  const diff = useContractData(() => carbon.forensics.diff({ project_id: projectId, week, year }), `diff:${projectId}:${week}:${year}`);
  const go = (w: { week: number; year: number }) => patch({ week: w.week, year: w.year });
  return (
    <div className="card weekly-diff" data-testid="weekly-diff">
      <div className="memo-head">
        <h2>Weekly diff</h2>
        <div className="week-picker" role="group" aria-label="Week">
          <button type="button" className="btn btn-small" onClick={() => go(shiftWeek(week, year, -1))} aria-label="Previous week">
            ←
          </button>
          <label>
            Week{' '}
            <input type="number" min={1} max={53} value={week} onChange={(e) => /^\d+$/.test(e.target.value) && Number(e.target.value) >= 1 && Number(e.target.value) <= 53 && patch({ week: Number(e.target.value), year })} aria-label="Week number" data-testid="diff-week" />
          </label>
          <label>
            of{' '}
            <input type="number" min={1900} max={9999} value={year} onChange={(e) => /^\d{4}$/.test(e.target.value) && patch({ week, year: Number(e.target.value) })} aria-label="Year" data-testid="diff-year" />
          </label>
          <button type="button" className="btn btn-small" onClick={() => go(shiftWeek(week, year, 1))} aria-label="Next week">
            →
          </button>
        </div>
      </div>
      {diff.loading && diff.data === null ? <Loading /> : null}
      {diff.error && !isMissing(diff.error) ? <ErrorState error={diff.error} onRetry={diff.reload} /> : null}
      <MissingData error={diff.error} what={`The diff of week ${week} of ${year}`} />
      {!diff.loading && !diff.error && diff.data === null ? <Empty title={`Nothing changed in week ${week} of ${year}`}>Pick another week.</Empty> : null}
      {diff.data ? (
        <>
          <div className="diff-headline" data-testid="diff-headline">
            {diff.data.headline ?? 'No headline'}
          </div>
          <div className="muted">
            Week of {formatDate(diff.data.week_date)} · {formatNumber(diff.data.new_entries_count)} new entries · memo {diff.data.memo_changed ? 'changed' : 'unchanged'}
          </div>
          {diff.data.week_summary ? <p className="diff-summary">{diff.data.week_summary}</p> : null}
          {diff.data.new_entries.map((e, i) => (
            <ForensicEntryCard key={e.id ?? `n${i}`} entry={e} showProject={false} />
          ))}
        </>
      ) : null}
    </div>
  );
}

export function ProjectForensicsPage() {
  const { projectId = '' } = useParams();
  const forensics = useContractData(() => carbon.forensics.project({ project_id: projectId }), `pf:${projectId}`);
  const entries = useMemo(() => sortByFirstSeen(forensics.data?.entries ?? []), [forensics.data]);
  const stats = forensics.data?.stats;
  const first = forensics.data?.entries[0];
  const defaultWeek = stats?.week_number && stats.year ? { week: stats.week_number, year: stats.year } : isoWeekOf(new Date());
  const newLabel = stats ? newFlagLabel({ week: stats.week_number, year: stats.year }, isoWeekNow()) : 'New this week';

  return (
    <Page
      title={`Forensics · ${first?.project_name ?? projectId}`}
      subtitle={
        <>
          <Link to={`/projects/${encodeURIComponent(projectId)}`}>{projectId}</Link>
          {first?.project_country ? ` · ${first.project_country}` : ''}
          {first?.project_proponent ? ` · ${first.project_proponent}` : ''} · <Link to="/forensics">Latest feed</Link>
        </>
      }
      actions={<ExportButton table="forensic-entries" query={{ project_id: projectId }} testId="export-project-forensics" />}
    >
      {forensics.loading && !forensics.data ? <Loading label="Loading forensics…" /> : null}
      {forensics.error && !isMissing(forensics.error) ? <ErrorState error={forensics.error} onRetry={forensics.reload} /> : null}
      <MissingData error={forensics.error} what="Forensic dossier" onFetchNow={() => carbon.projects.refresh({ project_id: projectId }).then(forensics.reload)} />
      {stats ? (
        <div className="grid grid-4">
          <div className="card kpi">
            <span className="kpi-label">Entries</span>
            <span className="kpi-value" data-testid="stats-total">{formatNumber(stats.total_entries)}</span>
          </div>
          <div className="card kpi">
            <span className="kpi-label">{newLabel}</span>
            <span className="kpi-value">{formatNumber(stats.new_this_week)}</span>
          </div>
          <div className="card kpi">
            <span className="kpi-label">Last scan</span>
            <span className="kpi-value kpi-value-small">{formatDate(stats.last_scan_date)}</span>
          </div>
          <div className="card kpi">
            <span className="kpi-label">Week</span>
            <span className="kpi-value kpi-value-small">{stats.week_number ? `${stats.week_number} of ${stats.year}` : '—'}</span>
          </div>
        </div>
      ) : null}
      {forensics.data?.memo ? <Memo memo={forensics.data.memo} /> : forensics.data ? <Empty title="No memo for this project yet" /> : null}
      {forensics.data ? <WeeklyDiff projectId={projectId} defaultWeek={defaultWeek} /> : null}
      {forensics.data ? (
        <div className="card">
          <h2>Entries, newest first seen first</h2>
          {entries.length === 0 ? <Empty title="No forensic entries" /> : null}
          <div className="forensic-feed" data-testid="project-entries">
            {entries.map((e) => (
              <ForensicEntryCard key={e.id} entry={e} showProject={false} newLabel={newLabel} />
            ))}
          </div>
        </div>
      ) : null}
    </Page>
  );
}
