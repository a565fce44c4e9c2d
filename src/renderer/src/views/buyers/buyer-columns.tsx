/** Columns of the buyers leaderboard: every sort field of the spec, plus tops and activity. */
import { Link } from 'react-router-dom';
import type { Buyer } from '../../../../shared/api';
import type { Column } from '../../components/data-table';
import { formatCategory, formatDate, formatNumber, formatRegistry, formatRegistryShort } from '../../components/format';

export const buyerPath = (name: string) => `/buyers/${encodeURIComponent(name)}`;

/** Widths and `fromWidth` thresholds (running sums in order of importance) as in the projects table's columns. */
export const BUYER_COLUMNS: Column<Buyer>[] = [
  { id: 'buyer_name', header: 'Buyer', width: 'minmax(220px, 2fr)', sortField: 'buyer_name', cell: (b) => <Link to={buyerPath(b.buyer_name)}>{b.buyer_name}</Link>, title: (b) => b.buyer_name },
  { id: 'total_volume', header: 'Volume', width: '110px', numeric: true, sortField: 'total_volume', cell: (b) => formatNumber(b.total_volume) },
  { id: 'volume_12m', header: '12 months', width: '100px', numeric: true, sortField: 'volume_12m', cell: (b) => formatNumber(b.volume_12m) },
  { id: 'volume_60d', header: '60 days', width: '96px', numeric: true, sortField: 'volume_60d', cell: (b) => formatNumber(b.volume_60d) },
  { id: 'avg_transaction_size', header: 'Avg size', width: '90px', numeric: true, sortField: 'avg_transaction_size', cell: (b) => formatNumber(Math.round(b.avg_transaction_size)) },
  { id: 'total_transactions', header: 'Retirements', width: '104px', numeric: true, sortField: 'total_transactions', cell: (b) => formatNumber(b.total_transactions) },
  { id: 'transactions_12m', header: '12 m', width: '70px', numeric: true, sortField: 'transactions_12m', cell: (b) => formatNumber(b.transactions_12m) },
  { id: 'transactions_60d', header: '60 d', width: '64px', numeric: true, sortField: 'transactions_60d', cell: (b) => formatNumber(b.transactions_60d) },
  { id: 'transactions_per_year', header: 'Per year', width: '84px', fromWidth: 1360, numeric: true, sortField: 'transactions_per_year', cell: (b) => formatNumber(Math.round(b.transactions_per_year * 10) / 10) },
  { id: 'first_purchase', header: 'First', width: '116px', fromWidth: 1270, sortField: 'first_purchase', cell: (b) => formatDate(b.first_purchase) },
  { id: 'last_purchase', header: 'Last', width: '116px', fromWidth: 1010, sortField: 'last_purchase', firstSort: 'desc', cell: (b) => formatDate(b.last_purchase) },
  { id: 'days_since_last', header: 'Days since', width: '90px', fromWidth: 1450, numeric: true, sortField: 'days_since_last', firstSort: 'asc', cell: (b) => formatNumber(b.days_since_last) },
  { id: 'top_category', header: 'Top category', width: '148px', fromWidth: 1160, cell: (b) => formatCategory(b.top_category) },
  { id: 'top_country', header: 'Top country', width: '116px', fromWidth: 1560, cell: (b) => b.top_country ?? '—', title: (b) => b.top_country ?? undefined },
  { id: 'top_registry', header: 'Top registry', width: '116px', fromWidth: 1680, cell: (b) => formatRegistryShort(b.top_registry), title: (b) => formatRegistry(b.top_registry) },
  {
    id: 'active',
    header: 'Active',
    width: '90px',
    fromWidth: 1770,
    cell: (b) => (b.is_active_60d ? <span className="badge badge-new">60 days</span> : b.is_active_12m ? <span className="badge">12 months</span> : <span className="muted">—</span>),
  },
];
