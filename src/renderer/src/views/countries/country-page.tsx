/** A country's policy profile laid out by theme, and its policy updates (most recent first). */
import { useParams, useSearchParams, Link } from 'react-router-dom';
import { COUNTRY_UPDATES_DEFAULT_LIMIT } from '../../../../shared/api/params';
import type { CountryProfile } from '../../../../shared/api/resources';
import { safeHref } from '../../../../shared/safe-url';
import { formatDate, formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { WatchButton } from '../../components/watch-button';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isMissing, MissingData } from '../../components/missing-data';
import { carbon, useContractData } from '../../data';
import { PROFILE_SECTIONS, formatProfileValue, recordPairs, type SectionSpec } from './profile-sections';
import { riskScoreStanding } from './country-index';
import './countries.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

function Records({ records }: { records: Array<Record<string, unknown>> }) {
  if (records.length === 0) return <span>—</span>;
  return (
    <ul className="records">
      {records.map((r, i) => (
        <li key={i}>
          {recordPairs(r).map(([k, v]) => (
            <span key={k} className="record-pair">
              <span className="muted">{k}:</span> {v}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function Section({ section, profile, notes = {} }: { section: SectionSpec; profile: CountryProfile; notes?: Partial<Record<keyof CountryProfile, string | null>> }) {
  const long = section.fields.filter((f) => f.kind === 'long-text');
  const short = section.fields.filter((f) => f.kind !== 'long-text' && f.kind !== 'records');
  const records = section.fields.filter((f) => f.kind === 'records');
  return (
    <section className={`card profile-section profile-${section.id}`} aria-labelledby={`sec-${section.id}`} data-testid={`profile-${section.id}`}>
      <h2 id={`sec-${section.id}`}>{section.title}</h2>
      {short.length ? (
        <dl className="profile-facts">
          {short.map((f) => (
            <div key={f.field}>
              <dt>{f.label}</dt>
              <dd>{formatProfileValue(profile[f.field], f.kind)}</dd>
              {notes[f.field] ? <dd className="profile-note" data-testid={`note-${f.field}`}>{notes[f.field]}</dd> : null}
            </div>
          ))}
        </dl>
      ) : null}
      {records.map((f) => (
        <div key={f.field} className="profile-records">
          <h3>{f.label} ({formatProfileValue(profile[f.field], 'records')})</h3>
          <Records records={profile[f.field] as Array<Record<string, unknown>>} />
        </div>
      ))}
      {long.map((f) => (
        <div key={f.field} className="profile-long">
          <h3>{f.label}</h3>
          <p>{formatProfileValue(profile[f.field], 'text')}</p>
        </div>
      ))}
    </section>
  );
}

function Updates({ countryCode }: { countryCode: string }) {
  const [params, setParams] = useSearchParams();
  const limit = Math.min(100, Math.max(1, Number(params.get('updates')) || COUNTRY_UPDATES_DEFAULT_LIMIT));
  const updates = useContractData(() => carbon.countries.updates({ country_code: countryCode, limit }), `updates:${countryCode}:${limit}`);
  return (
    <section className="card" aria-labelledby="updates-title" data-testid="country-updates">
      <div className="updates-head">
        <h2 id="updates-title">Policy updates</h2>
        <span className="muted">most recent first</span>
      </div>
      {updates.loading && !updates.data ? <Loading /> : null}
      {updates.error && !isMissing(updates.error) ? <ErrorState error={updates.error} onRetry={updates.reload} /> : null}
      <MissingData error={updates.error} what="Policy updates" />
      {updates.data && updates.data.length === 0 ? <Empty title="The service lists no policy updates for this country" /> : null}
      <ol className="updates">
        {(updates.data ?? []).map((u) => {
          const href = safeHref(u.source_url);
          return (
            <li key={u.id} data-testid="country-update">
              <div className="update-meta">
                {formatDate(u.date)}
                {u.week ? ` · week ${u.week}, ${u.year ?? ''}` : ''}
              </div>
              <div className="update-headline">{u.headline}</div>
              {u.description ? <p>{u.description}</p> : null}
              {u.market_impact ? (
                <p>
                  <strong>Market impact: </strong>
                  {u.market_impact}
                </p>
              ) : null}
              {href ? (
                <a href={href} target="_blank" rel="noreferrer noopener">
                  Source ↗
                </a>
              ) : null}
            </li>
          );
        })}
      </ol>
      {updates.data && updates.data.length >= limit && limit < 100 ? (
        <button type="button" className="btn" onClick={() => setParams((p) => { const n = new URLSearchParams(p); n.set('updates', String(Math.min(100, limit + 20))); return n; }, { replace: true })}>
          Show more
        </button>
      ) : null}
    </section>
  );
}

export function CountryPage() {
  const { countryCode = '' } = useParams();
  const code = countryCode.toUpperCase();
  const profile = useContractData(() => carbon.countries.get({ country_code: code }), `country:${code}`);
  const p = profile.data;
  const index = useContractData(() => carbon.countries.index({}), 'countries-index');
  const riskNote = index.data ? riskScoreStanding(code, index.data) : null;
  const byId = (id: string) => PROFILE_SECTIONS.find((s) => s.id === id)!;
  return (
    <Page
      title={p?.country_name ?? code}
      subtitle={
        <>
          <Link to="/countries">Countries</Link> · {code}
          {p?.region ? ` · ${p.region}` : ''}
          {p?.subregion ? ` · ${p.subregion}` : ''}
          {p ? ` · ${formatNumber(p.total_projects)} projects` : ''}
          {' · '}
          <Link to={`/projects?country=${encodeURIComponent(p?.country_name ?? code)}`}>its projects</Link>
        </>
      }
      actions={
        /^[A-Z]{2}$/.test(code) ? (
          <>
            <WatchButton kind="country" id={code} />
            <ExportButton table="country-updates" query={{ country_code: code }} label="Export updates" testId="export-country-updates" />
          </>
        ) : null
      }
    >
      <NotOfferedNotice jobs={['countries']} what="country policy profiles" />
      {profile.loading && !p ? <Loading label="Loading the country profile…" /> : null}
      {profile.error && !isMissing(profile.error) ? <ErrorState error={profile.error} onRetry={profile.reload} /> : null}
      <MissingData error={profile.error} what="Policy profile" />
      {p ? (
        <div className="country-layout">
          <div className="country-main">
            <Section section={byId('market')} profile={p} />
            <Section section={byId('article6')} profile={p} />
            <div className="grid grid-2">
              <Section section={byId('corsia')} profile={p} />
              <Section section={byId('ndc')} profile={p} />
            </div>
            <Section section={byId('pricing')} profile={p} />
            <Section section={byId('risk')} profile={p} notes={{ country_risk_score: riskNote }} />
            <Section section={byId('ai')} profile={p} />
            <Section section={byId('about')} profile={p} />
          </div>
          <div className="country-side">
            <Updates countryCode={code} />
          </div>
        </div>
      ) : null}
      {!p && profile.error ? <Updates countryCode={code} /> : null}
    </Page>
  );
}
