/** The dashboard's text panels: headline totals (under the filter), latest forensic headlines, sync freshness. */
import { Link } from 'react-router-dom';
import { formatAge, formatCompact, formatDate, formatDateTime, formatNumber } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { ForensicCountLine, forensicCountWords, isoWeekNow, newFlagLabel, useForensicCounts } from '../../components/forensic-counts';
import { useAppStore } from '../../stores/app-store';
import { type ContractData, carbon, isNotFound, useContractData } from '../../data';
import type { DashboardFilters } from './dashboard-filter';
import { allTransactionsPeriod } from './periods';

/**
 * The cached resources the freshness card counts, in the market's words (internal tables left out;
 * forensic entries are counted by forensics.counts, as on every screen).
 */
const CACHED_RESOURCES: Array<[table: string, label: string]> = [
  ['projects', 'projects'],
  ['credit_transactions', 'credit transactions'],
  ['satellite_metrics', 'satellite metrics'],
  ['project_boundaries', 'boundaries'],
  ['country_profiles', 'country profiles'],
];

export interface HeadlineTotals {
  projects: number;
  transactions: number;
  issued: number;
  retired: number;
  /** The period the credit totals cover, in words (periods.ts). */
  periodWords: string;
}

/** The headline totals of the projects the filter lists: their count, transactions, and credits by category summed. */
export async function loadTotals(filters: DashboardFilters): Promise<HeadlineTotals> {
  const [projects, credits, byCategory, byYear] = await Promise.all([
    carbon.projects.list({ ...filters, per_page: 1 }),
    carbon.credits.list({ ...filters, per_page: 1 }),
    carbon.charts.creditsByCategory(filters),
    carbon.charts.categoryByYear(filters),
  ]);
  const issued = byCategory.data.reduce((s, p) => s + p.issued, 0);
  const retired = byCategory.data.reduce((s, p) => s + p.retired, 0);
  const moved = byYear.data.filter((p) => p.issued > 0 || p.retired > 0);
  const years = [...new Set(moved.flatMap((p) => (p.year === null ? [] : [p.year])))];
  const period = allTransactionsPeriod(years, moved.some((p) => p.year === null), new Date());
  return { projects: projects.pagination.total_entries, transactions: credits.pagination.total_entries, issued, retired, periodWords: period };
}

function Kpi({ label, value, unit, title, testId }: { label: string; value: string; unit?: string; title?: string; testId: string }) {
  return (
    <div className="card kpi" title={title}>
      <span className="kpi-label">{label}</span>
      <span className="kpi-value" data-testid={testId}>
        {value}
        {unit ? <span className="kpi-unit">{unit}</span> : null}
      </span>
    </div>
  );
}

export function HeadlineTotalsRow({ result }: { result: ContractData<HeadlineTotals> }) {
  if (result.error) return <ErrorState error={result.error} onRetry={result.reload} />;
  const t = result.data;
  const v = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  return (
    <>
    <div className="period-note muted" data-testid="headline-period">
      {t ? `Credit totals: ${t.periodWords}.` : 'Credit totals: …'}
    </div>
    <div className="grid grid-5" data-testid="headline-totals">
      <Kpi label="Projects" value={v(t?.projects)} testId="kpi-projects" />
      <Kpi label="Credits issued" value={v(t?.issued)} unit="tCO2e" title={t ? formatCompact(t.issued) : undefined} testId="kpi-issued" />
      <Kpi label="Credits retired" value={v(t?.retired)} unit="tCO2e" testId="kpi-retired" />
      <Kpi label="Unretired" value={v(t ? t.issued - t.retired : undefined)} unit="tCO2e" testId="kpi-unretired" />
      <Kpi label="Credit transactions" value={v(t?.transactions)} testId="kpi-transactions" />
    </div>
    </>
  );
}

/** `filtered`: the dashboard's filter is set; the feed takes no project filter, so the card says it shows the whole market. */
export function ForensicHeadlines({ filtered = false }: { filtered?: boolean }) {
  const result = useContractData(() => carbon.forensics.latest({ limit: 8 }), 'latest');
  const counts = useForensicCounts();
  const feed = result.data;
  const words = counts.data ? forensicCountWords(counts.data) : null;
  const newLabel = feed ? newFlagLabel({ week: feed.week, year: feed.year }, isoWeekNow()).replace(/^New this week$/, 'New') : 'New';
  return (
    <div className="card" data-testid="forensic-headlines">
      <div className="card-head">
        <h2>Latest forensic headlines</h2>
      </div>
      {words?.newAtService ? <div className="muted headlines-new" data-testid="headlines-new">{words.newAtService}; newest first seen first.</div> : null}
      {filtered ? <div className="muted" data-testid="headlines-unfiltered">Whole market: the feed does not follow the filter.</div> : null}
      {result.error && !isNotFound(result.error) ? <ErrorState error={result.error} onRetry={result.reload} /> : null}
      {!feed && result.loading ? <Loading label="Loading headlines…" /> : null}
      {(feed && feed.entries.length === 0) || isNotFound(result.error) ? <Empty title="No forensic headlines yet">They arrive with the forensics job of a sync.</Empty> : null}
      {feed && feed.entries.length ? (
        <ul className="headlines">
          {feed.entries.map((e) => (
            <li key={e.id}>
              <div className="headline-meta">
                <span title={e.date && e.date !== e.first_seen_date ? `News of ${formatDate(e.date)}` : undefined} data-testid="headline-first-seen">
                  Seen {formatDate(e.first_seen_date ?? e.date)}
                </span>
                <Link className="mono" to={`/projects/${encodeURIComponent(e.project_id)}`}>
                  {e.project_id}
                </Link>
                {e.is_new_this_week ? <span className="badge badge-new">{newLabel}</span> : null}
              </div>
              <div className="headline-event">{e.key_event ?? '—'}</div>
              {e.project_name ? <div className="muted">{e.project_name}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/forensics">All forensics →</Link>
    </div>
  );
}

export function SyncFreshness() {
  const cache = useContractData(() => carbon.cache.info({}), 'cache');
  const counts = useForensicCounts();
  const sync = useAppStore((s) => s.sync);
  const last = cache.data?.lastSyncAt ?? null;
  const running = sync?.state === 'running';
  const stale = last !== null && Date.now() - new Date(last).getTime() > 7 * 86400_000;
  return (
    <div className={`card sync-freshness${stale ? ' is-stale' : ''}`} data-testid="sync-freshness">
      <h2>Data freshness</h2>
      {cache.error ? <ErrorState error={cache.error} onRetry={cache.reload} /> : null}
      <div className="freshness-line">
        {running ? <span className="badge badge-new">Syncing now</span> : null}
        <span>
          Last sync: <strong title={formatDateTime(last)}>{cache.data ? formatAge(last) : '…'}</strong>
        </span>
      </div>
      {cache.data ? (
        <div className="muted">
          {CACHED_RESOURCES.filter(([table]) => (cache.data!.tables[table] ?? 0) > 0)
            .map(([table, label]) => `${formatNumber(cache.data!.tables[table] ?? 0)} ${label}`)
            .join(' · ')}
        </div>
      ) : null}
      {counts.data ? (
        <div className="muted">
          <ForensicCountLine counts={counts.data} />
        </div>
      ) : null}
      {stale ? <div className="muted">The cache is more than a week old: run a sync for current figures.</div> : null}
      <Link to="/sync">Open sync →</Link>
    </div>
  );
}
