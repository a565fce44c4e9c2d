/**
 * Projects: every cached project in a virtualized table with the whole filter group P, search by
 * id or name, sortable columns and "N of M projects". Filters and sort live in the URL.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { contractQueries } from '../../../../shared/api/params';
import type { Project } from '../../../../shared/api';
import { carbon } from '../../data';
import { DataTable, usePagedRows, useUnfilteredTotal } from '../../components/data-table';
import { buildChips, ChipsBar, InvalidParams, TextFilter, useUrlFilters } from '../../components/filters';
import { formatNumber } from '../../components/format';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';
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
  const { filters, set, clear } = url;
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(() => localStorage.getItem(PANEL_KEY) === 'open');
  const allCount = useUnfilteredTotal(() => carbon.projects.list({ per_page: 1 }));
  const sort = useMemo(() => (filters.sort as string[] | undefined) ?? [], [filters.sort]);

  const fetchPage = useCallback(
    (page: number, perPage: number) => carbon.projects.list({ ...filters, current_page: page, per_page: perPage }),
    [filters],
  );
  const rows = usePagedRows<Project>(fetchPage, url.key, PER_PAGE);

  const chipFilters = { ...filters } as Record<string, unknown>;
  delete chipFilters.sort;
  const chips = buildChips(chipFilters, PROJECT_CHIP_SPECS, (k, v) => set(k as never, v));
  const filterCount = chips.filter((c) => !c.id.startsWith('search=')).length;

  const togglePanel = () => {
    setPanelOpen((o) => {
      localStorage.setItem(PANEL_KEY, o ? 'closed' : 'open');
      return !o;
    });
  };

  const subtitle =
    rows.total === null ? (
      'Loading projects…'
    ) : (
      <span data-testid="projects-count">
        <strong>{formatNumber(rows.total)}</strong> of {allCount === null ? '…' : formatNumber(allCount)} projects
      </span>
    );

  return (
    <Page
      title="Projects"
      subtitle={subtitle}
      actions={
        <>
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
          <button type="button" className={`btn${panelOpen ? ' btn-active' : ''}`} aria-expanded={panelOpen} aria-controls="projects-filter-panel" onClick={togglePanel}>
            Filters{filterCount ? ` (${filterCount})` : ''}
          </button>
          <ExportSlot kind="projects" query={filters} total={rows.total} />
        </>
      }
    >
      <InvalidParams invalid={url.invalid} onDrop={(keys) => clear(keys as never)} />
      {panelOpen ? (
        <div className="card" id="projects-filter-panel">
          <ProjectFilterPanel filters={filters} set={(k, v, o) => set(k, v, o)} />
        </div>
      ) : null}
      <ChipsBar chips={chips} onClear={() => clear()} testId="projects-chips" />
      <DataTable<Project>
        label="Projects"
        testId="projects-table"
        columns={PROJECT_COLUMNS}
        rows={rows}
        rowKey={(p) => p.project_id}
        sort={sort}
        onSortChange={(s) => set('sort', s.length ? s : undefined)}
        onRowOpen={(p) => navigate(`/projects/${encodeURIComponent(p.project_id)}`)}
        height={panelOpen ? 'max(420px, calc(100vh - 190px))' : 'calc(100vh - 150px)'}
        empty={
          <Empty title="No project matches these filters">
            Remove a filter chip above, or <button type="button" className="btn" onClick={() => clear()}>clear all filters</button>. If the cache is empty, run a sync from the Sync view.
          </Empty>
        }
      />
    </Page>
  );
}
