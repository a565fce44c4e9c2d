/** One forensic news entry, laid out for reading; links only through safeHref. */
import { Link } from 'react-router-dom';
import type { ForensicEntry } from '../../../../shared/api/resources';
import { safeHref } from '../../../../shared/safe-url';
import { formatDate, formatRegistry } from '../../components/format';

export function ForensicEntryCard({ entry, showProject }: { entry: Partial<Omit<ForensicEntry, 'id' | 'project_id'>> & { id?: number | null; project_id?: string | null }; showProject: boolean }) {
  const href = safeHref(entry.url);
  return (
    <article className="forensic-entry" data-testid="forensic-entry">
      <header className="forensic-entry-head">
        {entry.is_new_this_week ? <span className="badge badge-new">New this week</span> : null}
        {entry.category ? <span className="badge">{entry.category}</span> : null}
        <span className="muted">{formatDate(entry.date ?? null)}</span>
        {entry.first_seen_date ? <span className="muted">· first seen {formatDate(entry.first_seen_date)}{entry.first_seen_week ? ` (week ${entry.first_seen_week}, ${entry.first_seen_year ?? ''})` : ''}</span> : null}
      </header>
      <h3 className="forensic-key-event">{entry.key_event ?? 'Untitled event'}</h3>
      {entry.market_impact ? (
        <p className="forensic-impact">
          <strong>Market impact: </strong>
          {entry.market_impact}
        </p>
      ) : null}
      <footer className="forensic-entry-foot">
        {showProject && entry.project_id ? (
          <span>
            <Link to={`/forensics/projects/${encodeURIComponent(entry.project_id)}`}>{entry.project_name ?? entry.project_id}</Link>
            <span className="muted">
              {' '}· {entry.project_id}
              {entry.project_country ? ` · ${entry.project_country}` : ''}
              {entry.project_registry ? ` · ${formatRegistry(entry.project_registry)}` : ''}
              {entry.project_proponent ? ` · ${entry.project_proponent}` : ''}
            </span>
          </span>
        ) : null}
        {entry.source ? (
          href ? (
            <a href={href} target="_blank" rel="noreferrer noopener" className="forensic-source">
              {entry.source} ↗
            </a>
          ) : (
            <span className="forensic-source muted">{entry.source}</span>
          )
        ) : null}
      </footer>
    </article>
  );
}
