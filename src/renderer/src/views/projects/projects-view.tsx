/**
 * Projects: every cached project in a virtualized table with the whole filter group P, search by
 * id or name, sortable columns and "N of M projects". Filters and sort live in the URL.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_SORT, contractQueries } from '../../../../shared/api/params';
import type { Project } from '../../../../shared/api';
import { carbon, useContractData } from '../../data';
import { usePagedRows, useUnfilteredTotal } from '../../components/data-table';
import { TextFilter, useUrlFilters } from '../../components/filters';
import { formatNumber } from '../../components/format';
import { ListView, TotalsStrip } from '../../components/list-view';
import { ExportSlot } from '../../components/export/export-slot';
import { PROJECT_COLUMNS } from './project-columns';
import { PROJECT_CHIP_SPECS, PROJECT_FILTER_KEYS } from '../../components/filters/project-filter-keys';
import { ProjectFilterPanel } from '../../components/filters/project-filter-panel';
import './projects.css';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { projectListQuery } = contractQueries;

const URL_KEYS = [...PROJECT_FILTER_KEYS, 'search', 'sort'] as const;
const PER_PAGE = 100;
const PANEL_KEY = 'carbon-desk.projects.filters-open';

export function ProjectsView() {
  const url = useUrlFilters(projectListQuery, URL_KEYS);
  const { filters, set } = url;
  const navigate = useNavigate();
  const allCount = useUnfilteredTotal(() => carbon.projects.list({ per_page: 1 }));

  const fetchPage = useCallback(
    (page: number, perPage: number) => carbon.projects.list({ ...filters, current_page: page, per_page: perPage }),
    [filters],
  );
  const rows = usePagedRows<Project>(fetchPage, url.key, PER_PAGE);

  const subtitle =
    rows.total === null ? (
      'Loading projects…'
    ) : (
      <span data-testid="projects-count">
        <strong>{formatNumber(rows.total)}</strong> of {allCount === null ? '…' : formatNumber(allCount)} projects
      </span>
    );

  const totals = useContractData(() => {
    const { sort: _s, current_page: _c, per_page: _p, ...only } = filters;
    return carbon.projects.totals(only);
  }, `totals:${url.key}`);

  return (
    <ListView
      defaultSort={DEFAULT_SORT.projects}
      title="Projects"
      subtitle={subtitle}
      search={
        <TextFilter
          label="Search projects"
          bare
          value={filters.search}
          onChange={(v) => set('search', v, { replace: true })}
          placeholder="Search id or name  ( / )"
          testId="projects-search"
          inputRef={(el) => {
            if (el) el.setAttribute('data-search-focus', '');
          }}
        />
      }
      exportButton={<ExportSlot kind="projects" query={filters} total={rows.total} />}
      url={url}
      chipSpecs={PROJECT_CHIP_SPECS}
      uncounted={(c) => c.id.startsWith('search=')}
      panel={{ storageKey: PANEL_KEY, id: 'projects-filter-panel', content: <ProjectFilterPanel filters={filters} search={typeof filters.search === 'string' ? filters.search : undefined} set={(k, v, o) => set(k, v, o)} /> }}
      chipsTestId="projects-chips"
      table={{
        label: 'Projects',
        testId: 'projects-table',
        columns: PROJECT_COLUMNS,
        layoutKey: 'projects',
        rows,
        rowKey: (p) => p.project_id,
        onRowOpen: (p) => navigate(`/projects/${encodeURIComponent(p.project_id)}`),
      }}
      empty={{ title: 'No project matches these filters', source: 'Projects arrive with the projects job of a sync (the Sync view).', what: 'projects', jobs: ['projects'] }}
    >
      <TotalsStrip
        label="Totals of the filtered projects"
        totals={
          totals.data
            ? [
                { label: 'Projects', value: totals.data.projects, testId: 'total-projects' },
                { label: 'Issued', value: totals.data.issued, unit: 'tCO2e', testId: 'total-issued' },
                { label: 'Retired', value: totals.data.retired, unit: 'tCO2e', testId: 'total-retired' },
                { label: 'Unretired', value: totals.data.unretired, unit: 'tCO2e' },
                { label: 'Countries', value: totals.data.countries },
                { label: 'Registries', value: totals.data.registries },
              ]
            : null
        }
      />
    </ListView>
  );
}
