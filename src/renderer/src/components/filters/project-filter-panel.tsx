/**
 * The whole filter group P as a panel: registry, country, protocol, category, project type (with
 * the taxonomy), compliance and the other labels, listing-date range, issued / retired ranges,
 * proponent, SDG goals (all of), certifications (any of), CORC durability, Article 6 types.
 * Used by the Projects and Transactions views; every change goes to the URL.
 */
import { useMemo } from 'react';
import { DateRange, MultiSelect, RangeInput, TextFilter, TriState, ValuesInput, type FilterValue, type Option } from '.';
import { formatNumber } from '../format';
import {
  ARTICLE6_TYPE_OPTIONS,
  CATEGORY_OPTIONS,
  CERTIFICATION_SUGGESTIONS,
  CORC_OPTIONS,
  PROJECT_LABEL_FLAGS,
  REGISTRY_OPTIONS,
  SDG_OPTIONS,
  type ProjectFilterKey,
} from './project-filter-keys';
import { useFilterVocabulary } from '../../views/projects/use-filter-vocabulary';

export type ProjectFilterValues = Partial<Record<ProjectFilterKey, unknown>>;

export interface ProjectFilterPanelProps {
  filters: ProjectFilterValues;
  set(key: ProjectFilterKey, value: FilterValue, options?: { replace?: boolean }): void;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const optNum = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const optBool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const optStr = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function ProjectFilterPanel({ filters, set }: ProjectFilterPanelProps) {
  const vocabulary = useFilterVocabulary();

  const countryOptions = useMemo<Option[]>(
    () =>
      (vocabulary.countries ?? [])
        .slice()
        .sort((a, b) => a.country.localeCompare(b.country))
        .map((c) => ({ value: c.country, label: c.country, hint: formatNumber(c.projects) })),
    [vocabulary.countries],
  );
  const typeOptions = useMemo<Option[]>(
    () =>
      Object.entries(vocabulary.projectTypes ?? {}).flatMap(([group, types]) => types.map((t) => ({ value: t, label: t, group }))),
    [vocabulary.projectTypes],
  );

  return (
    <div className="filter-panel" data-testid="project-filters">
      <div className="filter-group">
        <h4 className="filter-group-title">Project</h4>
        <MultiSelect label="Registry" options={REGISTRY_OPTIONS} selected={strings(filters.registry)} onChange={(v) => set('registry', v)} testId="filter-registry" />
        {vocabulary.countries ? (
          <MultiSelect label="Country" options={countryOptions} selected={strings(filters.country)} onChange={(v) => set('country', v)} testId="filter-country" />
        ) : (
          <ValuesInput label="Country" values={strings(filters.country)} onChange={(v) => set('country', v)} testId="filter-country" />
        )}
        <MultiSelect label="Category" options={CATEGORY_OPTIONS} selected={strings(filters.category)} onChange={(v) => set('category', v)} testId="filter-category" />
        {typeOptions.length ? (
          <MultiSelect label="Project type" options={typeOptions} selected={strings(filters.project_type)} onChange={(v) => set('project_type', v)} testId="filter-project-type" />
        ) : (
          <ValuesInput label="Project type" values={strings(filters.project_type)} onChange={(v) => set('project_type', v)} testId="filter-project-type" />
        )}
        <ValuesInput label="Protocol" values={strings(filters.protocol)} onChange={(v) => set('protocol', v)} placeholder="e.g. VM0007, then Enter" testId="filter-protocol" />
        <TextFilter label="Proponent" value={optStr(filters.proponent)} onChange={(v) => set('proponent', v, { replace: true })} placeholder="Exact name" testId="filter-proponent" />
      </div>
      <div className="filter-group">
        <h4 className="filter-group-title">Credits and dates</h4>
        <RangeInput label="Issued" unit="tCO2e" min={optNum(filters.issued_min)} max={optNum(filters.issued_max)} onChange={(b, v) => set(b === 'min' ? 'issued_min' : 'issued_max', v, { replace: true })} testId="filter-issued" />
        <RangeInput label="Retired" unit="tCO2e" min={optNum(filters.retired_min)} max={optNum(filters.retired_max)} onChange={(b, v) => set(b === 'min' ? 'retired_min' : 'retired_max', v, { replace: true })} testId="filter-retired" />
        <DateRange label="Listed" from={optStr(filters.listed_at_from)} to={optStr(filters.listed_at_to)} onChange={(b, v) => set(b === 'from' ? 'listed_at_from' : 'listed_at_to', v)} testId="filter-listed" />
      </div>
      <div className="filter-group">
        <h4 className="filter-group-title">Quality and labels</h4>
        <MultiSelect label="SDG goals" mode="all" options={SDG_OPTIONS} selected={strings(filters.sdg_goals)} onChange={(v) => set('sdg_goals', v.map(Number).sort((a, b) => a - b))} testId="filter-sdg" />
        <ValuesInput label="Certifications" values={strings(filters.certifications)} onChange={(v) => set('certifications', v)} suggestions={CERTIFICATION_SUGGESTIONS} placeholder="e.g. ccb-gold, then Enter" testId="filter-certifications" />
        <MultiSelect label="CORC durability" options={CORC_OPTIONS} selected={strings(filters.corc_durability)} onChange={(v) => set('corc_durability', v)} testId="filter-corc" />
        <MultiSelect label="Article 6 types" options={ARTICLE6_TYPE_OPTIONS} selected={strings(filters.article6_authorization_types)} onChange={(v) => set('article6_authorization_types', v)} testId="filter-article6-types" />
        {PROJECT_LABEL_FLAGS.map((f) => (
          <TriState key={f.key} label={f.label} value={optBool(filters[f.key])} onChange={(v) => set(f.key, v)} testId={`filter-${f.key}`} />
        ))}
      </div>
    </div>
  );
}
