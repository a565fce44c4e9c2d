/**
 * Dashboard: a filter (registry, category, country; in the URL) that every figure follows: headline
 * totals, supply vs demand, credits by category and year, credits by category, projects by listing
 * date. Beside them the forensic headlines and the cache's freshness (whole market).
 */
import { Page } from '../../components/page';
import { Empty } from '../../components/states';
import { useContractData } from '../../data';
import { CategoryByYearChart } from './category-year-chart';
import { CreditsByCategoryChart, ListingDateChart, SupplyDemandChart } from './dashboard-charts';
import { DASHBOARD_FILTER_KEYS, DashboardFilterBar, useDashboardFilters } from './dashboard-filter';
import { ForensicHeadlines, HeadlineTotalsRow, loadTotals, SyncFreshness } from './dashboard-panels';
import './dashboard.css';

export function DashboardView() {
  const filter = useDashboardFilters();
  const { filters, key, active } = filter;
  const totals = useContractData(() => loadTotals(filters), `totals:${key}`);
  const nothing = active && totals.data?.projects === 0;
  return (
    <Page title="Dashboard" subtitle={active ? 'The filtered projects in the local cache' : 'The voluntary carbon market in the local cache'}>
      <DashboardFilterBar state={filter} />
      {nothing ? (
        <Empty title="No projects match these filters">
          Remove a filter chip above, or{' '}
          <button type="button" className="btn" onClick={() => filter.url.clear([...DASHBOARD_FILTER_KEYS])}>
            clear the filter
          </button>
          .
        </Empty>
      ) : (
        <>
          <HeadlineTotalsRow result={totals} />
          <div className="grid dashboard-main">
            <SupplyDemandChart filters={filters} filterKey={key} />
            <div className="dashboard-side">
              <SyncFreshness />
              <ForensicHeadlines filtered={active} />
            </div>
          </div>
          <CategoryByYearChart filters={filters} filterKey={key} />
          <div className="grid grid-2">
            <CreditsByCategoryChart filters={filters} filterKey={key} period={totals.data?.periodWords ?? null} />
            <ListingDateChart filters={filters} filterKey={key} />
          </div>
        </>
      )}
    </Page>
  );
}
