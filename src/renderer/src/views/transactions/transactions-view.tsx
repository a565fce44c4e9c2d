/**
 * Transactions: credit transactions in a virtualized table with groups P, C and B, expandable rows
 * (account, beneficiary, reason, note), buyer names linking to buyer pages. State lives in the URL.
 */
import { useCallback, useMemo, useState } from 'react';
import { contractQueries } from '../../../../shared/api/params';
import type { CreditTransaction } from '../../../../shared/api';
import { carbon, useContractData } from '../../data';
import { usePagedRows, useUnfilteredTotal } from '../../components/data-table';
import { TextFilter, VINTAGE_RANGE_CHIP, dateChip, useUrlFilters, type ChipSpec } from '../../components/filters';
import { formatNumber, formatTransactionType } from '../../components/format';
import { ListView, TotalsStrip } from '../../components/list-view';
import { ExportSlot } from '../../components/export/export-slot';
import { PROJECT_CHIP_SPECS, PROJECT_FILTER_KEYS } from '../../components/filters/project-filter-keys';
import { ProjectFilterPanel } from '../../components/filters/project-filter-panel';
import { BENEFICIARY_FIELD_LABELS, BENEFICIARY_KEYS, CREDIT_FILTER_KEYS, CreditFilterPanel } from './credit-filter-panel';
import { CreditDetails, creditColumns } from '../../components/columns/credit-columns';
import './transactions.css';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { creditListAppQuery } = contractQueries;

const URL_KEYS = [...PROJECT_FILTER_KEYS, ...CREDIT_FILTER_KEYS, ...BENEFICIARY_KEYS, 'project_id', 'buyer', 'search', 'sort'] as const;
const PANEL_KEY = 'carbon-desk.transactions.filters-open';

const tons = (v: string | number | boolean) => `${formatNumber(Number(v))} tCO2e`;
const CHIP_SPECS: Record<string, ChipSpec> = {
  project_id: { label: 'Project' },
  // app-only: one buyer's exact name (from a buyer's page), not a substring search
  buyer: { label: 'Buyer' },
  ...PROJECT_CHIP_SPECS,
  search: { label: 'Project search', format: (v) => `“${v}”` },
  transaction_type: { label: 'Type', format: (v) => formatTransactionType(String(v)) },
  vintage: { label: 'Vintage' },
  transaction_date_from: dateChip('From'),
  transaction_date_to: dateChip('To'),
  quantity_min: { label: 'Quantity ≥', format: tons },
  quantity_max: { label: 'Quantity ≤', format: tons },
  beneficiary_search: { label: 'Beneficiary', format: (v) => `“${v}”` },
  beneficiary_search_fields: { label: 'Search in', format: (v) => BENEFICIARY_FIELD_LABELS[v as keyof typeof BENEFICIARY_FIELD_LABELS] ?? String(v) },
};

const RANGE_CHIP_SPECS = [VINTAGE_RANGE_CHIP];

const COLUMNS = creditColumns({ showProject: true });
const NEWEST_FIRST = ['-transaction_date', '-id'] as const;

export function TransactionsView() {
  const url = useUrlFilters(creditListAppQuery, URL_KEYS);
  const { filters, set, patch } = url;
  const [projectPanelOpen, setProjectPanelOpen] = useState(false);
  const allCount = useUnfilteredTotal(() => carbon.credits.list({ per_page: 1 }));

  // Newest first unless the URL names an order.
  const shown = useMemo(() => ({ ...filters, sort: filters.sort ?? [...NEWEST_FIRST] }), [filters]);
  const fetchPage = useCallback((page: number, perPage: number) => carbon.credits.list({ ...shown, current_page: page, per_page: perPage }), [shown]);
  const rows = usePagedRows<CreditTransaction>(fetchPage, url.key, 100);
  const totals = useContractData(() => {
    const { sort: _s, current_page: _c, per_page: _p, ...only } = filters;
    return carbon.credits.totals(only);
  }, `totals:${url.key}`);
  const inTransactions = (n: number) => `in ${formatNumber(n)} transaction${n === 1 ? '' : 's'}`;

  const projectFilterCount = PROJECT_FILTER_KEYS.filter((k) => filters[k] !== undefined).length;

  return (
    <ListView
      title="Transactions"
      subtitle={
        rows.total === null ? (
          'Loading credit transactions…'
        ) : (
          <span data-testid="transactions-count">
            <strong>{formatNumber(rows.total)}</strong> of {allCount === null ? '…' : formatNumber(allCount)} credit transactions
          </span>
        )
      }
      search={
        <TextFilter
          label="Search buyers"
          bare
          value={typeof filters.beneficiary_search === 'string' ? filters.beneficiary_search : undefined}
          onChange={(v) => set('beneficiary_search', v, { replace: true })}
          placeholder="Search beneficiary  ( / )"
          testId="transactions-search"
          inputRef={(el) => {
            if (el) el.setAttribute('data-search-focus', '');
          }}
        />
      }
      exportButton={<ExportSlot kind="credits" query={shown} total={rows.total} />}
      defaultSort={NEWEST_FIRST}
      url={url}
      chipSpecs={CHIP_SPECS}
      rangeChipSpecs={RANGE_CHIP_SPECS}
      chipsTestId="transactions-chips"
      panel={{
        storageKey: PANEL_KEY,
        content: (
          <>
            <CreditFilterPanel filters={filters} set={(k, v, o) => set(k, v, o)} patch={(values, o) => patch(values, o)} />
            <button type="button" className="btn project-filters-toggle" aria-expanded={projectPanelOpen} onClick={() => setProjectPanelOpen((o) => !o)}>
              {projectPanelOpen ? '▾' : '▸'} Project filters{projectFilterCount ? ` (${projectFilterCount})` : ''}
            </button>
            {projectPanelOpen ? <ProjectFilterPanel filters={filters} set={(k, v, o) => set(k, v, o)} /> : null}
          </>
        ),
      }}
      table={{
        label: 'Credit transactions',
        testId: 'transactions-table',
        columns: COLUMNS,
        layoutKey: 'transactions',
        rows,
        rowKey: (t) => t.id,
        renderExpanded: (t) => <CreditDetails t={t} />,
      }}
      empty={{ title: 'No credit transaction matches these filters', source: 'Credit transactions arrive with the credits job of a sync.', what: 'credit transactions', jobs: ['credits'] }}
    >
      <TotalsStrip
        label="Totals of the filtered transactions"
        totals={
          totals.data
            ? [
                { label: 'Transactions', value: totals.data.transactions, testId: 'total-transactions' },
                { label: 'Projects', value: totals.data.projects, testId: 'total-projects' },
                { label: 'Buyers', value: totals.data.buyers, testId: 'total-buyers' },
                { label: 'Issued', value: totals.data.issued.quantity, unit: 'tCO2e', detail: inTransactions(totals.data.issued.transactions), testId: 'total-issued' },
                { label: 'Retired', value: totals.data.retired.quantity, unit: 'tCO2e', detail: inTransactions(totals.data.retired.transactions), testId: 'total-retired' },
                { label: 'Cancelled', value: totals.data.cancelled.quantity, unit: 'tCO2e', detail: inTransactions(totals.data.cancelled.transactions), testId: 'total-cancelled' },
                ...totals.data.other_types.map((t) => ({
                  label: t.transaction_type === null ? 'Type not given' : formatTransactionType(t.transaction_type),
                  value: t.quantity,
                  unit: 'tCO2e',
                  detail: inTransactions(t.transactions),
                  testId: 'total-other-type',
                })),
              ]
            : null
        }
      />
    </ListView>
  );
}
