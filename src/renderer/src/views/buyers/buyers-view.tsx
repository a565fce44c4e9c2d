/**
 * Buyers leaderboard: buyers aggregated from retirements, every sort field of the spec, buyer
 * filters (after aggregation) and project / credit filters (before it), e.g. forest credits in one
 * country. Filters and sort live in the URL.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_SORT, contractQueries } from '../../../../shared/api/params';
import type { Buyer } from '../../../../shared/api';
import { carbon } from '../../data';
import { usePagedRows } from '../../components/data-table';
import { TextFilter, useUrlFilters } from '../../components/filters';
import { formatNumber } from '../../components/format';
import { ListView } from '../../components/list-view';
import { PROJECT_CHIP_SPECS, PROJECT_FILTER_KEYS } from '../../components/filters/project-filter-keys';
import { ProjectFilterPanel } from '../../components/filters/project-filter-panel';
import { BUYER_COLUMNS, buyerPath } from './buyer-columns';
import { BUYER_CHIP_SPECS, BUYER_CREDIT_KEYS, BUYER_FILTER_KEYS, BUYER_RANGE_CHIP_SPECS } from './buyer-filters';
import { BuyerFilterPanel } from './buyer-filter-panel';
import './buyers.css';
import { ExportButton } from '../../components/export';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { buyerListQuery } = contractQueries;

const URL_KEYS = [...BUYER_FILTER_KEYS, ...BUYER_CREDIT_KEYS, ...PROJECT_FILTER_KEYS, 'sort'] as const;
const PANEL_KEY = 'carbon-desk.buyers.filters-open';
const CHIP_SPECS = { ...BUYER_CHIP_SPECS, ...(() => { const { search: _s, ...rest } = PROJECT_CHIP_SPECS; return rest; })() };

/** The order in words: "retired, 12 months (tCO2e), highest first". */
function rankingOf(sort: readonly string[]): string {
  return sort
    .map((key) => {
      const descending = key.startsWith('-');
      const column = BUYER_COLUMNS.find((c) => c.sortField === key.replace(/^[+-]/, ''));
      if (!column) return key;
      const what = column.unit === 'tCO2e' ? `${column.header.toLowerCase()} (tCO2e)` : column.unit === 'transactions' ? `${column.header.toLowerCase()} (transactions)` : column.header.toLowerCase();
      const direction = column.numeric ? (descending ? 'highest first' : 'lowest first') : column.id.endsWith('_purchase') ? (descending ? 'latest first' : 'earliest first') : descending ? 'Z to A' : 'A to Z';
      return `${what}, ${direction}`;
    })
    .join('; then ');
}

export function BuyersView() {
  const url = useUrlFilters(buyerListQuery, URL_KEYS);
  const { filters, set, patch } = url;
  const navigate = useNavigate();
  const [projectPanelOpen, setProjectPanelOpen] = useState(() => PROJECT_FILTER_KEYS.some((k) => filters[k] !== undefined));
  const sort = useMemo(() => (filters.sort as string[] | undefined) ?? [], [filters.sort]);

  const fetchPage = useCallback((page: number, perPage: number) => carbon.buyers.list({ ...filters, current_page: page, per_page: perPage }), [filters]);
  const rows = usePagedRows<Buyer>(fetchPage, url.key, 100);

  const projectFilterCount = PROJECT_FILTER_KEYS.filter((k) => filters[k] !== undefined).length;

  return (
    <ListView
      defaultSort={DEFAULT_SORT.buyers}
      title="Buyers"
      subtitle={
        rows.total === null ? (
          'Loading buyers…'
        ) : (
          <span data-testid="buyers-count">
            <strong>{formatNumber(rows.total)}</strong> buyers (retirement beneficiaries), ranked by {rankingOf(sort.length ? sort : DEFAULT_SORT.buyers)}
          </span>
        )
      }
      search={<TextFilter label="Search buyers" bare value={typeof filters.search === 'string' ? filters.search : undefined} onChange={(v) => set('search', v, { replace: true })} placeholder="Search buyer names" testId="buyers-search" />}
      exportButton={<ExportButton table="buyers" query={filters} total={rows.total} testId="export-buyers" />}
      url={url}
      chipSpecs={CHIP_SPECS}
      rangeChipSpecs={BUYER_RANGE_CHIP_SPECS}
      chipsTestId="buyers-chips"
      panel={{
        storageKey: PANEL_KEY,
        content: (
          <>
            <BuyerFilterPanel filters={filters} set={(k, v, o) => set(k, v, o)} patch={(values, o) => patch(values, o)} />
            <button type="button" className="btn project-filters-toggle" aria-expanded={projectPanelOpen} onClick={() => setProjectPanelOpen((o) => !o)}>
              {projectPanelOpen ? '▾' : '▸'} Project filters (category, country, registry…){projectFilterCount ? ` (${projectFilterCount})` : ''}
            </button>
            {projectPanelOpen ? <ProjectFilterPanel filters={filters} set={(k, v, o) => set(k, v, o)} /> : null}
          </>
        ),
      }}
      table={{
        label: 'Buyers',
        testId: 'buyers-table',
        columns: BUYER_COLUMNS,
        layoutKey: 'buyers',
        rows,
        rowKey: (b) => b.buyer_name,
        onRowOpen: (b) => navigate(buyerPath(b.buyer_name)),
      }}
      empty={{ title: 'No buyer matches these filters', source: 'Buyers come from retirement transactions (the credits job of a sync).', what: 'buyers', jobs: ['credits'] }}
    />
  );
}
