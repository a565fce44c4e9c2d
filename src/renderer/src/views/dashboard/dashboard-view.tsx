/** Dashboard: headline totals, supply vs demand, credits by category, projects by listing date, forensic headlines, freshness. */
import { Page } from '../../components/page';
import { CreditsByCategoryChart, ListingDateChart, SupplyDemandChart } from './dashboard-charts';
import { ForensicHeadlines, HeadlineTotalsRow, SyncFreshness } from './dashboard-panels';
import './dashboard.css';

export function DashboardView() {
  return (
    <Page title="Dashboard" subtitle="The voluntary carbon market in the local cache">
      <HeadlineTotalsRow />
      <div className="grid dashboard-main">
        <SupplyDemandChart />
        <div className="dashboard-side">
          <SyncFreshness />
          <ForensicHeadlines />
        </div>
      </div>
      <div className="grid grid-2">
        <CreditsByCategoryChart />
        <ListingDateChart />
      </div>
    </Page>
  );
}
