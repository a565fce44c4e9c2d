/** Countries: the index of cached projects' countries with a choropleth of credits issued (or retired, projects). */
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../components/format';
import { CarbonMap, type ChoroplethSpec } from '../../components/map';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { carbon, useContractData } from '../../data';
import { INDEX_METRICS, METRIC_LABELS, choroplethValues, readIndexSort, searchCountries, sortCountries, type IndexMetric, type IndexSort } from './country-index';
import './countries.css';
import { NotOfferedNotice } from '../../components/not-offered-notice';

const HEADERS: Array<{ field: IndexSort; label: string; numeric: boolean }> = [
  { field: 'country', label: 'Country', numeric: false },
  { field: 'projects', label: 'Projects', numeric: true },
  { field: 'issued', label: 'Issued (tCO2e)', numeric: true },
  { field: 'retired', label: 'Retired (tCO2e)', numeric: true },
];

export function CountriesIndexView() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const index = useContractData(() => carbon.countries.index({}), 'countries-index');
  const metric: IndexMetric = (INDEX_METRICS as readonly string[]).includes(params.get('metric') ?? '') ? (params.get('metric') as IndexMetric) : 'issued';
  const sort = readIndexSort(params.get('sort'));
  const query = params.get('q') ?? '';
  const update = (key: string, value: string | null, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );

  const rows = useMemo(() => sortCountries(searchCountries(index.data ?? [], query), sort.field, sort.descending), [index.data, query, sort.field, sort.descending]);
  const choropleth = useMemo<ChoroplethSpec>(
    () => ({ values: choroplethValues(index.data ?? [], metric), label: METRIC_LABELS[metric], onSelectCountry: (code) => navigate(`/countries/${code}`) }),
    [index.data, metric, navigate],
  );
  const unmapped = (index.data ?? []).filter((r) => !r.country_code);

  return (
    <Page
      title="Countries"
      subtitle={index.data ? `${formatNumber(index.data.length)} countries of cached projects` : 'Countries of cached projects'}
      actions={
        <input type="search" value={query} onChange={(e) => update('q', e.target.value || null, true)} placeholder="Find a country" aria-label="Find a country" data-testid="country-search" />
      }
    >
      <NotOfferedNotice jobs={['countries']} what="country policy profiles" />
      {index.loading && !index.data ? <Loading /> : null}
      {index.error ? <ErrorState error={index.error} onRetry={index.reload} /> : null}
      <div className="card countries-map-card">
        <div className="countries-map-head">
          <h2>{METRIC_LABELS[metric]} by country</h2>
          <div className="seg" role="group" aria-label="Map shows">
            {INDEX_METRICS.map((m) => (
              <button key={m} type="button" aria-pressed={metric === m} onClick={() => update('metric', m === 'issued' ? null : m)}>
                {METRIC_LABELS[m]}
              </button>
            ))}
          </div>
        </div>
        <CarbonMap choropleth={choropleth} height={400} label={`${METRIC_LABELS[metric]} by country`} />
        {unmapped.length ? <div className="muted countries-unmapped">Not on the map (no ISO code recognised): {unmapped.map((r) => r.country).join(', ')}</div> : null}
      </div>
      {index.data && index.data.length === 0 ? <Empty title="No countries yet">Countries come from cached projects: sync projects first.</Empty> : null}
      {rows.length ? (
        <div className="card countries-table-card">
          <table className="data" data-testid="countries-table">
            <thead>
              <tr>
                {HEADERS.map((h) => {
                  const active = sort.field === h.field;
                  const nextSort = active ? (sort.descending ? h.field : `-${h.field}`) : h.numeric ? `-${h.field}` : h.field;
                  return (
                    <th key={h.field} className={h.numeric ? 'num' : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                      <button type="button" className="th-button" onClick={() => update('sort', nextSort === '-issued' ? null : nextSort)}>
                        {h.label} {active ? (sort.descending ? '↓' : '↑') : ''}
                      </button>
                    </th>
                  );
                })}
                <th title="The country's policy profile: Article 6, CORSIA, carbon pricing, NDC and risk">Policy profile</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.country} data-testid="country-row">
                  <td>
                    {r.country_code ? <Link to={`/countries/${r.country_code}`}>{r.country}</Link> : r.country}
                    {r.country_code ? <span className="muted mono"> {r.country_code}</span> : null}
                  </td>
                  <td className="num">{formatNumber(r.projects)}</td>
                  <td className="num">{formatNumber(r.issued)}</td>
                  <td className="num">{formatNumber(r.retired)}</td>
                  <td>
                    {r.has_profile ? (
                      <span className="badge badge-new">available offline</span>
                    ) : (
                      <span className="muted">{r.country_code ? 'not downloaded yet' : 'no ISO code, none asked for'}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
