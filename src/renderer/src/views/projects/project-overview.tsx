/** The project's overview: registry (link out), proponent, category, type and its source, status, country, protocols, dates, labels. */
import { Link } from 'react-router-dom';
import type { Project } from '../../../../shared/api';
import { safeHref } from '../../../../shared/safe-url';
import { formatCategory, formatCertification, formatDate, formatRegistry, formatStatus } from '../../components/format';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="overview-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ProjectOverview({ project: p, countryCode }: { project: Project; countryCode: string | null }) {
  const registryHref = safeHref(p.project_url);
  const protocols = p.protocol.map((name, i) => ({ name, version: p.protocol_version[i] ?? null }));
  const badges: Array<[boolean, string]> = [
    [p.is_compliance === true, 'Compliance (ARB)'],
    [p.has_ccb === true, 'CCB'],
    [p.has_icvcm_ccp === true, 'ICVCM CCP'],
    [p.has_corsia === true, 'CORSIA'],
    [p.has_sdvista === true, 'SD VISta'],
    [p.has_social_carbon === true, 'Social Carbon'],
  ];
  return (
    <dl className="overview-grid" data-testid="project-overview">
      <Field label="Registry">
        {formatRegistry(p.registry)}
        {registryHref ? (
          <>
            {' · '}
            <a href={registryHref} target="_blank" rel="noopener noreferrer">
              Registry page ↗
            </a>
          </>
        ) : null}
      </Field>
      <Field label="Proponent">{p.proponent ?? '—'}</Field>
      <Field label="Category">{formatCategory(p.category)}</Field>
      <Field label="Type">
        {p.project_type ?? '—'}
        {p.project_type_source ? <span className="muted"> (source: {p.project_type_source})</span> : null}
      </Field>
      <Field label="Status">{formatStatus(p.status)}</Field>
      <Field label="Country">
        {p.country ? countryCode ? <Link to={`/countries/${countryCode}`}>{p.country}</Link> : p.country : '—'}
      </Field>
      <Field label="Protocols">
        {protocols.length === 0
          ? '—'
          : protocols.map((pr, i) => (
              <span key={`${pr.name}-${i}`} className="protocol">
                {pr.name}
                {pr.version ? <span className="muted"> v{pr.version}</span> : null}
                {i < protocols.length - 1 ? ', ' : ''}
              </span>
            ))}
      </Field>
      <Field label="Listed">{formatDate(p.listed_at)}</Field>
      <Field label="First issuance">{formatDate(p.first_issuance_at)}</Field>
      <Field label="First retirement">{formatDate(p.first_retirement_at)}</Field>
      <Field label="CORC durability">{p.corc_durability ?? '—'}</Field>
      <Field label="SDG goals">{p.sdg_goals.length ? p.sdg_goals.map((g) => `SDG ${g}`).join(', ') : '—'}</Field>
      <Field label="Certifications">
        <span className="label-badges wrap">
          {badges.filter(([on]) => on).map(([, l]) => (
            <span key={l} className="badge badge-new">
              {l}
            </span>
          ))}
          {p.certifications.map((c) => (
            <span key={c} className="badge" title={c}>
              {formatCertification(c)}
            </span>
          ))}
          {!badges.some(([on]) => on) && p.certifications.length === 0 ? '—' : null}
        </span>
      </Field>
      <Field label="Article 6">
        {p.article6_authorized ? (
          <>
            <span className="badge badge-new">Authorized</span>
            {p.article6_authorization_types.length ? <span> {p.article6_authorization_types.join(', ')}</span> : null}
            {p.article6_countries.length ? <span className="muted"> · {p.article6_countries.join(', ')}</span> : null}
          </>
        ) : (
          'Not authorized'
        )}
      </Field>
    </dl>
  );
}
