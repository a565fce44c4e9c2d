/**
 * The whole filter group P as a panel: registry, country, protocol, category, project type (with
 * the taxonomy), compliance and the other labels, listing-date range, issued / retired ranges,
 * proponent, SDG goals (all of), certifications (any of), CORC durability, Article 6 types.
 * Used by the Projects and Transactions views; every change goes to the URL.
 */
import { useMemo } from 'react';
import { DateRange, FilterGroup, MultiSelect, RangeInput, TextFilter, TriState, ValuesInput, type FilterValue, type Option } from '.';
import type { ProjectFacetKey, ProjectFacets } from '../../../../shared/contract';
import { formatNumber } from '../format';
import {
  ARTICLE6_TYPE_OPTIONS,
  CATEGORY_OPTIONS,
  CERTIFICATION_SUGGESTIONS,
  CORC_OPTIONS,
  PROJECT_FILTER_KEYS,
  PROJECT_LABEL_FLAGS,
  REGISTRY_OPTIONS,
  SDG_OPTIONS,
  formatCertification,
  type ProjectFilterKey,
} from './project-filter-keys';
import { useFilterVocabulary } from '../../views/projects/use-filter-vocabulary';
import { carbon, useContractData } from '../../data';

export type ProjectFilterValues = Partial<Record<ProjectFilterKey, unknown>>;

export interface ProjectFilterPanelProps {
  filters: ProjectFilterValues;
  set(key: ProjectFilterKey, value: FilterValue, options?: { replace?: boolean }): void;
  /** A project search the view applies with the panel's filters (counted in the facets). */
  search?: string;
}

/**
 * `options` with the projects each would list (the facet's count; values absent from the cache
 * count 0), followed by values the cache holds that the options do not name, as they came.
 */
export function withCounts(options: readonly Option[], facet: ProjectFacets[ProjectFacetKey] | undefined, label: (v: string) => string = (v) => v): Option[] {
  if (!facet) return [...options];
  const counts = new Map(facet.map((f) => [f.value.toLowerCase(), f.projects]));
  const named = new Set(options.map((o) => o.value.toLowerCase()));
  return [
    ...options.map((o) => ({ ...o, hint: formatNumber(counts.get(o.value.toLowerCase()) ?? 0) })),
    ...facet.filter((f) => !named.has(f.value.toLowerCase())).map((f) => ({ value: f.value, label: label(f.value), hint: formatNumber(f.projects) })),
  ];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const optNum = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const optBool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function ProjectFilterPanel({ filters, set, search }: ProjectFilterPanelProps) {
  const vocabulary = useFilterVocabulary();
  // The values present and what each would list with the other filters (conditional counts).
  const facetInput = useMemo(() => {
    const only: Record<string, unknown> = Object.fromEntries(PROJECT_FILTER_KEYS.filter((k) => filters[k] !== undefined).map((k) => [k, filters[k]]));
    if (search) only.search = search;
    return only;
  }, [filters, search]);
  const facetKey = JSON.stringify(facetInput);
  const facets = useContractData(() => carbon.projects.facets(facetInput), `facets:${facetKey}`).data ?? undefined;

  const countryOptions = useMemo<Option[]>(
    () =>
      facets
        ? withCounts([], facets.country).sort((a, b) => a.label.localeCompare(b.label))
        : (vocabulary.countries ?? [])
            .slice()
            .sort((a, b) => a.country.localeCompare(b.country))
            .map((c) => ({ value: c.country, label: c.country, hint: formatNumber(c.projects) })),
    [vocabulary.countries, facets],
  );
  const typeOptions = useMemo<Option[]>(
    () =>
      withCounts(
        Object.entries(vocabulary.projectTypes ?? {}).flatMap(([group, types]) => types.map((t) => ({ value: t, label: t, group }))),
        facets?.project_type,
      ),
    [vocabulary.projectTypes, facets],
  );
  const registryOptions = useMemo(() => withCounts(REGISTRY_OPTIONS, facets?.registry), [facets]);
  const categoryOptions = useMemo(() => withCounts(CATEGORY_OPTIONS, facets?.category), [facets]);
  const certificationOptions = useMemo(
    () => withCounts(CERTIFICATION_SUGGESTIONS.map((c) => ({ value: c, label: formatCertification(c) })), facets?.certifications, formatCertification),
    [facets],
  );

  return (
    <div className="filter-panel" data-testid="project-filters">
      <FilterGroup title="Project">
        <MultiSelect label="Registry" options={registryOptions} selected={strings(filters.registry)} onChange={(v) => set('registry', v)} testId="filter-registry" />
        {vocabulary.countries || facets ? (
          <MultiSelect label="Country" options={countryOptions} selected={strings(filters.country)} onChange={(v) => set('country', v)} testId="filter-country" />
        ) : (
          <ValuesInput label="Country" values={strings(filters.country)} onChange={(v) => set('country', v)} testId="filter-country" />
        )}
        <MultiSelect label="Category" options={categoryOptions} selected={strings(filters.category)} onChange={(v) => set('category', v)} testId="filter-category" />
        {typeOptions.length ? (
          <MultiSelect label="Project type" options={typeOptions} selected={strings(filters.project_type)} onChange={(v) => set('project_type', v)} testId="filter-project-type" />
        ) : (
          <ValuesInput label="Project type" values={strings(filters.project_type)} onChange={(v) => set('project_type', v)} testId="filter-project-type" />
        )}
        <ValuesInput label="Protocol" values={strings(filters.protocol)} onChange={(v) => set('protocol', v)} placeholder="e.g. VM0007, then Enter" testId="filter-protocol" />
        <TextFilter label="Proponent" value={optStr(filters.proponent)} onChange={(v) => set('proponent', v, { replace: true })} placeholder="Exact name" testId="filter-proponent" />
      </FilterGroup>
      <FilterGroup title="Credits and dates">
        <RangeInput label="Issued" unit="tCO2e" min={optNum(filters.issued_min)} max={optNum(filters.issued_max)} onChange={(b, v) => set(b === 'min' ? 'issued_min' : 'issued_max', v, { replace: true })} testId="filter-issued" />
        <RangeInput label="Retired" unit="tCO2e" min={optNum(filters.retired_min)} max={optNum(filters.retired_max)} onChange={(b, v) => set(b === 'min' ? 'retired_min' : 'retired_max', v, { replace: true })} testId="filter-retired" />
        <DateRange label="Listed" from={optStr(filters.listed_at_from)} to={optStr(filters.listed_at_to)} onChange={(b, v) => set(b === 'from' ? 'listed_at_from' : 'listed_at_to', v)} testId="filter-listed" />
      </FilterGroup>
      <FilterGroup
        title="Quality and labels"
        flags={PROJECT_LABEL_FLAGS.map((f) => (
          <TriState key={f.key} label={f.label} value={optBool(filters[f.key])} onChange={(v) => set(f.key, v)} testId={`filter-${f.key}`} />
        ))}
      >
        <MultiSelect label="SDG goals" mode="all" options={SDG_OPTIONS} selected={strings(filters.sdg_goals)} onChange={(v) => set('sdg_goals', v.map(Number).sort((a, b) => a - b))} testId="filter-sdg" />
        <MultiSelect label="Certifications" options={certificationOptions} selected={strings(filters.certifications)} onChange={(v) => set('certifications', v)} testId="filter-certifications" />
        <MultiSelect label="CORC durability" options={CORC_OPTIONS} selected={strings(filters.corc_durability)} onChange={(v) => set('corc_durability', v)} testId="filter-corc" />
        <MultiSelect label="Article 6 types" options={ARTICLE6_TYPE_OPTIONS} selected={strings(filters.article6_authorization_types)} onChange={(v) => set('article6_authorization_types', v)} testId="filter-article6-types" />
      </FilterGroup>
    </div>
  );
}
