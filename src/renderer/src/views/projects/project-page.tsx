/**
 * A project's page: overview, credit totals, yearly issuance/retirement, retirements by vintage,
 * credits by transaction date, the clips timeline with the listing, forensics, satellite metrics
 * with the boundary map, and the project's transactions.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { safeHref } from '../../../../shared/safe-url';
import { formatDate, formatNumber, formatPercent, formatSlug } from '../../components/format';
import { Page } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { WatchButton } from '../../components/watch-button';
import { TransactionDateChart, VintageChart, YearlyFlowsChart } from './project-charts';
import { ProjectForensicsSection } from './project-forensics';
import { ProjectOverview } from './project-overview';
import { ProjectSatellite } from './project-satellite';
import { ProjectSignals } from './project-signals';
import { projectTimeline } from './project-timeline';
import { ProjectBuyersAndVintages } from './project-buyers-vintages';
import { ProjectTransactions } from './project-transactions';
import { carbon, useContractData } from '../../data';
import { useFilterVocabulary } from './use-filter-vocabulary';
import './project-page.css';

function Timeline({ events }: { events: ReturnType<typeof projectTimeline> }) {
  if (events.length === 0) return <p className="muted">No dated events or news clips.</p>;
  return (
    <ol className="timeline" data-testid="project-timeline">
      {events.map((e) => {
        const href = safeHref(e.url);
        return (
          <li key={e.key} className={`timeline-${e.kind}`}>
            <span className="timeline-date">{formatDate(e.date)}</span>
            <div>
              <div className="timeline-title">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {e.title}
                  </a>
                ) : (
                  e.title
                )}
                {e.kind === 'clip' && e.type && e.type !== 'unknown' ? <span className="badge">{formatSlug(e.type)}</span> : null}
              </div>
              {e.source || e.tags.length ? (
                <div className="muted">
                  {e.source}
                  {e.tags.length ? ` · ${e.tags.join(', ')}` : ''}
                </div>
              ) : null}
              {e.notes ? <div className="muted">{e.notes}</div> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const PART_WORDS: Record<string, string> = { project: 'its detail', boundary: 'its boundary', forensics: 'its forensic dossier', country: 'its country' };

/** "its detail, its boundary and its country" from the parts a refresh fetched. */
function fetchedInWords(parts: readonly string[]): string {
  const words = parts.map((p) => PART_WORDS[p] ?? p);
  if (words.length === 0) return 'nothing';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export function ProjectPage() {
  const { projectId = '' } = useParams();
  const project = useContractData(() => carbon.projects.get({ project_id: projectId }), projectId);
  const vocabulary = useFilterVocabulary();
  const [refreshing, setRefreshing] = useState<{ text: string; kind: 'busy' | 'done' | 'failed' } | null>(null);
  const [version, setVersion] = useState(0);
  const p = project.data;
  const countryCode = useMemo(() => vocabulary.countries?.find((c) => c.country === p?.country)?.country_code ?? null, [vocabulary.countries, p?.country]);
  const events = useMemo(() => (p ? projectTimeline(p) : []), [p]);

  // The offline mirror keeps boundaries, dossiers and country updates; "Fetch latest" asks the service now.
  // Its outcome is one line under the header (never in it: a long reason would squeeze the title).
  async function refresh() {
    setRefreshing({ text: 'Fetching this project from the service…', kind: 'busy' });
    try {
      const r = await carbon.projects.refresh({ project_id: projectId });
      setRefreshing(r.message ? { text: r.message, kind: 'failed' } : { text: `Fetched ${fetchedInWords(r.fetched)} just now.`, kind: 'done' });
      project.reload();
      setVersion((v) => v + 1);
    } catch (err) {
      setRefreshing({ text: err instanceof Error ? err.message : String(err), kind: 'failed' });
    }
  }

  if (project.error) {
    return (
      <Page title={projectId}>
        <ErrorState error={project.error} onRetry={project.reload} />
        <Link to="/projects">← Back to projects</Link>
      </Page>
    );
  }
  if (!p) {
    return (
      <Page title={projectId}>
        <Loading label="Loading project…" />
      </Page>
    );
  }

  const retiredShare = p.issued !== null && p.retired !== null && p.issued > 0 ? p.retired / p.issued : null;
  return (
    <Page
      title={p.name ?? p.project_id}
      subtitle={
        <span>
          <Link to="/projects">Projects</Link> / <span className="mono">{p.project_id}</span>
        </span>
      }
      actions={
        <>
          <WatchButton kind="project" id={p.project_id} label={p.name ?? p.project_id} />
          <button type="button" className="btn" onClick={() => void refresh()} disabled={refreshing?.kind === 'busy'} title="Fetch this project's detail, boundary, forensics and country updates now">
            Fetch latest
          </button>
        </>
      }
    >
      {refreshing ? (
        <div className={`fetch-outcome fetch-outcome-${refreshing.kind}`} role="status" data-testid="fetch-outcome" data-kind={refreshing.kind}>
          <span>{refreshing.text}</span>
          {refreshing.kind !== 'busy' ? (
            <button type="button" className="btn" onClick={() => setRefreshing(null)}>
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="grid grid-4" data-testid="project-kpis">
        <div className="card kpi">
          <span className="kpi-label">Issued</span>
          <span className="kpi-value" data-testid="kpi-issued">
            {formatNumber(p.issued)}
            <span className="kpi-unit">tCO2e</span>
          </span>
        </div>
        <div className="card kpi">
          <span className="kpi-label">Retired</span>
          <span className="kpi-value" data-testid="kpi-retired">
            {formatNumber(p.retired)}
            <span className="kpi-unit">tCO2e</span>
          </span>
        </div>
        <div className="card kpi">
          <span className="kpi-label">Unretired</span>
          <span className="kpi-value" data-testid="kpi-unretired">
            {formatNumber(p.unretired)}
            <span className="kpi-unit">tCO2e</span>
          </span>
        </div>
        <div className="card kpi">
          <span className="kpi-label">Retired share of issued</span>
          <span className="kpi-value">{formatPercent(retiredShare)}</span>
        </div>
      </div>
      <div className="grid project-top">
        <div className="card">
          <h2>Overview</h2>
          <ProjectOverview project={p} countryCode={countryCode} />
        </div>
        <div className="card">
          <h2>Timeline</h2>
          <Timeline events={events} />
        </div>
      </div>
      <ProjectSignals projectId={p.project_id} />
      <div className="grid grid-2">
        <YearlyFlowsChart projectId={p.project_id} />
        <VintageChart projectId={p.project_id} />
      </div>
      <TransactionDateChart projectId={p.project_id} />
      <ProjectForensicsSection key={`f${version}`} projectId={p.project_id} onFetchNow={refresh} />
      <ProjectSatellite key={`s${version}`} projectId={p.project_id} onFetchNow={refresh} />
      <ProjectBuyersAndVintages projectId={p.project_id} />
      <ProjectTransactions projectId={p.project_id} />
    </Page>
  );
}
