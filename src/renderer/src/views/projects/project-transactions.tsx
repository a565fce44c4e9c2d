/** The project's credit transactions (server-paged, sortable, expandable) with a link to the full view. */
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CreditTransaction } from '../../../../shared/api';
import { carbon } from '../../data';
import { DataTable, usePagedRows } from '../../components/data-table';
import { formatNumber } from '../../components/format';
import { CreditDetails, creditColumns } from '../../components/columns/credit-columns';

const COLUMNS = creditColumns({ showProject: false });

export function ProjectTransactions({ projectId }: { projectId: string }) {
  const [sort, setSort] = useState<string[]>(['-transaction_date']);
  const fetchPage = useCallback(
    (page: number, perPage: number) => carbon.credits.list({ project_id: [projectId], sort: sort.length ? sort : undefined, current_page: page, per_page: perPage }),
    [projectId, sort],
  );
  const rows = usePagedRows<CreditTransaction>(fetchPage, `${projectId}|${sort.join(',')}`, 100);
  return (
    <div className="card">
      <div className="card-head">
        <h2>Credit transactions {rows.total !== null ? <span className="muted">({formatNumber(rows.total)})</span> : null}</h2>
        <Link to={`/transactions?project_id=${encodeURIComponent(projectId)}`}>Open in Transactions →</Link>
      </div>
      <DataTable<CreditTransaction>
        label={`Credit transactions of ${projectId}`}
        testId="project-transactions"
        columns={COLUMNS}
        layoutKey="project-transactions"
        rows={rows}
        rowKey={(t) => t.id}
        sort={sort}
        onSortChange={setSort}
        renderExpanded={(t) => <CreditDetails t={t} />}
        height={420}
        empty="No credit transactions for this project in the cache."
      />
    </div>
  );
}
