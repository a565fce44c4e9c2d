/** Columns of the buyers leaderboard: every sort field of the spec, plus tops and activity. */
import { Link } from 'react-router-dom';
import type { Buyer } from '../../../../shared/api';
import type { Column } from '../../components/data-table';
import { formatCategory, formatDate, formatNumber, formatRegistry, formatRegistryShort } from '../../components/format';

export const buyerPath = (name: string) => `/buyers/${encodeURIComponent(name)}`;

/**
 * Widths and `fromWidth` thresholds (running sums in order of importance, the name counted at
 * 330px) as in the projects table's columns. Every number says what it counts: tonnes retired
 * (tCO2e) or retirement transactions, over all time, the last 12 months or the last 60 days.
 */
export const BUYER_COLUMNS: Column<Buyer>[] = [
  {
    id: 'buyer_name',
    header: 'Buyer',
    width: 'minmax(240px, 2fr)',
    sortField: 'buyer_name',
    cell: (b) => (
      <Link className="cell-wrap" to={buyerPath(b.buyer_name)}>
        {b.buyer_name}
      </Link>
    ),
    title: (b) => b.buyer_name,
  },
  { id: 'total_volume', header: 'Retired, all time', unit: 'tCO2e', description: 'Tonnes this buyer retired in all its retirements', width: '104px', numeric: true, sortField: 'total_volume', cell: (b) => formatNumber(b.total_volume) },
  { id: 'volume_12m', header: 'Retired, 12 months', unit: 'tCO2e', description: 'Tonnes retired in the last 12 months', width: '108px', numeric: true, sortField: 'volume_12m', cell: (b) => formatNumber(b.volume_12m) },
  { id: 'volume_60d', header: 'Retired, 60 days', unit: 'tCO2e', description: 'Tonnes retired in the last 60 days', width: '100px', numeric: true, sortField: 'volume_60d', cell: (b) => formatNumber(b.volume_60d) },
  { id: 'total_transactions', header: 'Retirements, all time', unit: 'transactions', description: 'Retirement transactions of this buyer', width: '108px', numeric: true, sortField: 'total_transactions', cell: (b) => formatNumber(b.total_transactions) },
  { id: 'transactions_12m', header: 'Retirements, 12 months', unit: 'transactions', description: 'Retirement transactions in the last 12 months', width: '108px', numeric: true, sortField: 'transactions_12m', cell: (b) => formatNumber(b.transactions_12m) },
  { id: 'last_purchase', header: 'Last retirement', width: '112px', fromWidth: 920, sortField: 'last_purchase', firstSort: 'desc', cell: (b) => formatDate(b.last_purchase) },
  { id: 'top_category', header: 'Top category', description: 'The category of most of its retired tonnes', width: '156px', fromWidth: 1080, cell: (b) => formatCategory(b.top_category) },
  { id: 'avg_transaction_size', header: 'Average retirement', unit: 'tCO2e', description: 'Tonnes per retirement transaction, on average', width: '96px', fromWidth: 1200, numeric: true, sortField: 'avg_transaction_size', cell: (b) => formatNumber(Math.round(b.avg_transaction_size)) },
  { id: 'transactions_60d', header: 'Retirements, 60 days', unit: 'transactions', description: 'Retirement transactions in the last 60 days', width: '108px', fromWidth: 1330, numeric: true, sortField: 'transactions_60d', cell: (b) => formatNumber(b.transactions_60d) },
  { id: 'transactions_per_year', header: 'Retirements per year', unit: 'transactions', description: 'Retirement transactions per year since its first', width: '104px', fromWidth: 1440, numeric: true, sortField: 'transactions_per_year', cell: (b) => formatNumber(Math.round(b.transactions_per_year * 10) / 10) },
  { id: 'first_purchase', header: 'First retirement', width: '112px', fromWidth: 1560, sortField: 'first_purchase', cell: (b) => formatDate(b.first_purchase) },
  { id: 'days_since_last', header: 'Days since last', unit: 'days', width: '90px', fromWidth: 1650, numeric: true, sortField: 'days_since_last', firstSort: 'asc', cell: (b) => formatNumber(b.days_since_last) },
  { id: 'top_country', header: 'Top country', width: '116px', fromWidth: 1770, cell: (b) => b.top_country ?? '—', title: (b) => b.top_country ?? undefined },
  { id: 'top_registry', header: 'Top registry', width: '116px', fromWidth: 1890, cell: (b) => formatRegistryShort(b.top_registry), title: (b) => formatRegistry(b.top_registry) },
  {
    id: 'active',
    header: 'Active',
    description: 'Retired in the last 60 days, or in the last 12 months',
    width: '90px',
    fromWidth: 1980,
    cell: (b) => (b.is_active_60d ? <span className="badge badge-new">60 days</span> : b.is_active_12m ? <span className="badge">12 months</span> : <span className="muted">—</span>),
  },
];
