/** One forensic news entry, laid out for reading; links only through safeHref. */
import { Link } from 'react-router-dom';
import type { ForensicEntry } from '../../../../shared/api/resources';
import { safeHref } from '../../../../shared/safe-url';
import { formatDate, formatRegistry } from '../../components/format';

/**
 * `newLabel`: what the entry's new flag reads (newFlagLabel: "New this week" only while the flag's
 * week is the current one). The day the service first saw it leads: entries are in that order.
 */
export function ForensicEntryCard({ entry, showProject, newLabel = 'New this week' }: { entry: Partial<Omit<ForensicEntry, 'id' | 'project_id'>> & { id?: number | null; project_id?: string | null }; showProject: boolean; newLabel?: string }) {
  const href = safeHref(entry.url);
  return (
    <article className="forensic-entry" data-testid="forensic-entry">
      <header className="forensic-entry-head">
        {entry.is_new_this_week ? <span className="badge badge-new">{newLabel}</span> : null}
        {entry.category ? <span className="badge">{entry.category}</span> : null}
        <span data-testid="entry-first-seen">
          First seen {formatDate(entry.first_seen_date ?? null)}
          {entry.first_seen_week ? ` (week ${entry.first_seen_week}${entry.first_seen_year ? ` of ${entry.first_seen_year}` : ''})` : ''}
        </span>
        {entry.date && entry.date !== entry.first_seen_date ? <span className="muted">· news of {formatDate(entry.date)}</span> : null}
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
