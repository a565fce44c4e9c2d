/** Columns of the credit-transactions table and the expanded row (account, beneficiary, reason, note). */
import { Link } from 'react-router-dom';
import type { CreditTransaction } from '../../../../shared/api';
import type { Column } from '../data-table';
import { formatCategory, formatCertification, formatDate, formatNumber, formatTransactionType } from '../format';

export function buyerPath(name: string): string {
  return `/buyers/${encodeURIComponent(name)}`;
}

const TYPE_CLASS: Record<string, string> = { issuance: 'tx-issuance', retirement: 'tx-retirement', cancellation: 'tx-cancellation' };

/**
 * Widths: dates, codes and numbers as narrow as their values, names wide and on up to two lines;
 * the category and the account (also in the expanded row) are left out by default where the table
 * is narrower than the columns before them plus themselves (see the projects table's columns).
 * A table of one buyer's retirements leaves out the type and the buyer (the same on every row).
 */
export function creditColumns(options: { showProject: boolean; showType?: boolean; showBuyer?: boolean }): Column<CreditTransaction>[] {
  const { showType = true, showBuyer = true } = options;
  const cols: Column<CreditTransaction>[] = [
    { id: 'transaction_date', header: 'Date', width: '102px', sortField: 'transaction_date', firstSort: 'desc', cell: (t) => formatDate(t.transaction_date) },
  ];
  if (showType) {
    cols.push({
      id: 'transaction_type',
      header: 'Type',
      width: '100px',
      sortField: 'transaction_type',
      cell: (t) => <span className={`tx-type ${TYPE_CLASS[t.transaction_type ?? ''] ?? ''}`}>{formatTransactionType(t.transaction_type)}</span>,
    });
  }
  if (options.showProject) {
    cols.push({
      id: 'project_id',
      header: 'Project',
      width: '96px',
      sortField: 'project_id',
      cell: (t) =>
        t.projects.length === 0
          ? '—'
          : t.projects.map((p, i) => (
              <span key={p.project_id}>
                {i > 0 ? ', ' : ''}
                <Link className="mono" to={`/projects/${encodeURIComponent(p.project_id)}`}>
                  {p.project_id}
                </Link>
              </span>
            )),
    });
    cols.push({ id: 'category', header: 'Category', width: '148px', fromWidth: 880, cell: (t) => formatCategory(t.projects[0]?.category) });
  }
  cols.push(
    { id: 'vintage', header: 'Vintage', width: '72px', sortField: 'vintage', numeric: true, firstSort: 'desc', cell: (t) => (t.vintage === null ? '—' : String(t.vintage)) },
    { id: 'quantity', header: 'Quantity', unit: 'tCO2e', width: '96px', sortField: 'quantity', numeric: true, cell: (t) => formatNumber(t.quantity) },
  );
  if (showBuyer) {
    cols.push({
      id: 'retirement_beneficiary_harmonized',
      header: 'Buyer (harmonized)',
      description: 'The retirement beneficiary under one spelling for all its registry records',
      width: 'minmax(200px, 1.6fr)',
      sortField: 'retirement_beneficiary_harmonized',
      title: (t) => t.retirement_beneficiary_harmonized ?? undefined,
      cell: (t) =>
        t.retirement_beneficiary_harmonized ? (
          <Link className="cell-wrap" to={buyerPath(t.retirement_beneficiary_harmonized)}>
            {t.retirement_beneficiary_harmonized}
          </Link>
        ) : (
          '—'
        ),
    });
  }
  cols.push({
    id: 'retirement_account',
    header: 'Account',
    width: 'minmax(180px, 1fr)',
    fromWidth: showBuyer ? 1060 : 760,
    sortField: 'retirement_account',
    title: (t) => t.retirement_account ?? undefined,
    cell: (t) => <span className="cell-wrap">{t.retirement_account ?? '—'}</span>,
  });
  return cols;
}

export function CreditDetails({ t }: { t: CreditTransaction }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Transaction id', <span className="mono">{t.id}</span>],
    ['Account', t.retirement_account ?? '—'],
    ['Beneficiary (as recorded)', t.retirement_beneficiary ?? '—'],
    ['Buyer (harmonized)', t.retirement_beneficiary_harmonized ? <Link to={buyerPath(t.retirement_beneficiary_harmonized)}>{t.retirement_beneficiary_harmonized}</Link> : '—'],
    ['Reason', t.retirement_reason ?? '—'],
    ['Note', t.retirement_note ?? '—'],
    ['Projects', t.projects.map((p) => `${p.project_id}${p.project_type ? ` (${p.project_type})` : ''}`).join(', ') || '—'],
    ['SDG goals', t.sdg_goals.length ? t.sdg_goals.map((g) => `SDG ${g}`).join(', ') : '—'],
    ['Certifications', t.certifications.map(formatCertification).join(', ') || '—'],
  ];
  return (
    <dl className="credit-details" data-testid="credit-details">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
