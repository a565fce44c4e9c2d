/**
 * The dashboard's filter: registry, category and country (group P), each a pick list of the values
 * the cache holds with the projects choosing one would list, shown by display name; the active
 * values as chips. The filter lives in the URL (/dashboard?registry=verra), so a link keeps it.
 */
import { useMemo } from 'react';
import { contractQueries, type ProjectListQuery } from '../../../../shared/api/params';
import type { ProjectFacets } from '../../../../shared/contract';
import { buildChips, ChipsBar, InvalidParams, MultiSelect, useUrlFilters, type Option, type UrlFilters } from '../../components/filters';
import { PROJECT_CHIP_SPECS } from '../../components/filters/project-filter-keys';
import { withCounts } from '../../components/filters/project-filter-panel';
import { formatCategory, formatRegistry } from '../../components/format';
import { carbon, useContractData } from '../../data';

export const DASHBOARD_FILTER_KEYS = ['registry', 'category', 'country'] as const;
type DashboardFilterKey = (typeof DASHBOARD_FILTER_KEYS)[number];
export type DashboardFilters = Partial<Pick<ProjectListQuery, DashboardFilterKey>>;

/** A dashboard chart's props: the filter and a stable key of it. */
export interface FilteredChartProps {
  filters: DashboardFilters;
  filterKey: string;
}

const CHIP_SPECS = Object.fromEntries(DASHBOARD_FILTER_KEYS.map((k) => [k, PROJECT_CHIP_SPECS[k]]));

export interface DashboardFilterState {
  url: UrlFilters<ProjectListQuery>;
  filters: DashboardFilters;
  /** A stable key of `filters` (for the charts' data). */
  key: string;
  /** Whether any value is chosen. */
  active: boolean;
}

export function useDashboardFilters(): DashboardFilterState {
  const url = useUrlFilters(contractQueries.projectListQuery, DASHBOARD_FILTER_KEYS);
  const filters = useMemo(() => {
    const only: DashboardFilters = {};
    for (const k of DASHBOARD_FILTER_KEYS) if (url.filters[k]?.length) only[k] = url.filters[k];
    return only;
  }, [url.filters]);
  return { url, filters, key: JSON.stringify(filters), active: Object.keys(filters).length > 0 };
}

/** The values present (with their counts), plus chosen values the others leave with no project. */
function presentOptions(facet: ProjectFacets[DashboardFilterKey] | undefined, selected: readonly string[], label: (v: string) => string): Option[] {
  const options = withCounts([], facet ?? [], label);
  const listed = new Set(options.map((o) => o.value.toLowerCase()));
  return [...options, ...selected.filter((v) => !listed.has(v.toLowerCase())).map((v) => ({ value: v, label: label(v), hint: '0' }))];
}

export function DashboardFilterBar({ state }: { state: DashboardFilterState }) {
  const { url, filters } = state;
  const facets = useContractData(() => carbon.projects.facets(filters), `facets:${state.key}`).data ?? undefined;
  const registry = useMemo(() => filters.registry ?? [], [filters.registry]);
  const category = useMemo(() => filters.category ?? [], [filters.category]);
  const country = useMemo(() => filters.country ?? [], [filters.country]);
  const registryOptions = useMemo(() => presentOptions(facets?.registry, registry, formatRegistry), [facets, registry]);
  const categoryOptions = useMemo(() => presentOptions(facets?.category, category, formatCategory), [facets, category]);
  const countryOptions = useMemo(() => presentOptions(facets?.country, country, (v) => v).sort((a, b) => a.label.localeCompare(b.label)), [facets, country]);
  const chips = buildChips(filters, CHIP_SPECS, (k, v) => url.set(k as DashboardFilterKey, v));
  const set = (k: DashboardFilterKey) => (values: string[]) => url.set(k, values.length ? values : undefined);

  return (
    <div className="card dashboard-filter" data-testid="dashboard-filter">
      <div className="dashboard-filter-fields">
        <MultiSelect label="Registry" options={registryOptions} selected={registry} onChange={set('registry')} testId="filter-registry" />
        <MultiSelect label="Category" options={categoryOptions} selected={category} onChange={set('category')} testId="filter-category" />
        <MultiSelect label="Country" options={countryOptions} selected={country} onChange={set('country')} testId="filter-country" />
        <div className="dashboard-filter-chips">
          {chips.length ? <ChipsBar chips={chips} onClear={() => url.clear([...DASHBOARD_FILTER_KEYS])} testId="dashboard-chips" /> : <span className="muted">The whole cached market</span>}
        </div>
      </div>
      <InvalidParams invalid={url.invalid} onDrop={(keys) => url.clear(keys as DashboardFilterKey[])} />
    </div>
  );
}
