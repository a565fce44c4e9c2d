/** Legacy v1 forensic analyses (deprecated endpoint): status, registry, country, minimum findings, sort. */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_SORT, contractQueries } from '../../../../shared/api/params';
import type { LegacyForensic } from '../../../../shared/api';
import { FORENSIC_STATUSES } from '../../../../shared/api/values';
import { carbon } from '../../data';
import { usePagedRows, type Column } from '../../components/data-table';
import { TextFilter, useUrlFilters, type ChipSpec } from '../../components/filters';
import { formatDate, formatDateTime, formatNumber, formatRegistryCode } from '../../components/format';
import { ListView } from '../../components/list-view';
import { ForensicTabs } from './forensic-tabs';
import './forensics.css';
import { ExportButton } from '../../components/export';
import { NotOfferedNotice } from '../../components/not-offered-notice';

/** URL filters take the open value sets (a registry or type the service sent that Carbon Desk does not know). */
const { legacyForensicsQuery } = contractQueries;

const STATUS_CLASS: Record<string, string> = { success: 'badge badge-new', partial: 'badge badge-warn', failed: 'badge badge-danger' };

const COLUMNS: Column<LegacyForensic>[] = [
  { id: 'run_date', header: 'Run', width: '120px', sortField: 'run_date', firstSort: 'desc', cell: (r) => formatDate(r.run_date), title: (r) => formatDateTime(r.run_date) },
  { id: 'project_id', header: 'Project', width: '110px', sortField: 'project_id', cell: (r) => <Link to={`/forensics/projects/${encodeURIComponent(r.project_id)}`}>{r.project_id}</Link> },
  { id: 'project_name', header: 'Name', width: 'minmax(200px, 2fr)', sortField: 'project_name', cell: (r) => r.project_name ?? '—', title: (r) => r.project_name ?? undefined },
  { id: 'registry', header: 'Registry', width: '120px', sortField: 'registry', cell: (r) => formatRegistryCode(r.registry, { short: true }), title: (r) => (r.registry ? `${formatRegistryCode(r.registry)} (${r.registry})` : undefined) },
  { id: 'country', header: 'Country', width: '120px', sortField: 'country', cell: (r) => r.country ?? '—' },
  { id: 'status', header: 'Status', width: '90px', sortField: 'status', cell: (r) => (r.status ? <span className={STATUS_CLASS[r.status] ?? 'badge'}>{r.status}</span> : '—') },
  { id: 'num_findings', header: 'Findings', width: '84px', numeric: true, sortField: 'num_findings', cell: (r) => formatNumber(r.num_findings) },
  { id: 'issued', header: 'Issued', width: '110px', numeric: true, sortField: 'issued', cell: (r) => formatNumber(r.issued) },
  { id: 'primary_risk', header: 'Primary risk', width: 'minmax(180px, 2fr)', sortField: 'primary_risk', cell: (r) => r.primary_risk ?? '—', title: (r) => r.primary_risk ?? undefined },
  { id: 'proponent', header: 'Proponent', width: '160px', sortField: 'proponent', cell: (r) => r.proponent ?? '—', title: (r) => r.proponent ?? undefined },
];

function LegacyDetails({ row }: { row: LegacyForensic }) {
  const fields: Array<[string, string | null]> = [
    ['Price narrative', row.price_narrative],
    ['Value proposition', row.value_proposition],
    ['Primary risk', row.primary_risk],
    ['Error', row.error_type ? `${row.error_type}: ${row.error_message ?? ''}` : null],
  ];
  return (
    <dl className="legacy-details">
      {fields
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A whole number >= 0; anything else is shown as an error and not applied (the text stays). */
function MinFindings({ value, onChange }: { value: number | undefined; onChange(v: number | undefined): void }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => {
    setText((t) => (t.trim() === (value === undefined ? '' : String(value)) ? t : value === undefined ? '' : String(value)));
  }, [value]);
  const bad = text.trim() !== '' && !/^\d+$/.test(text.trim());
  return (
    <label className="filter-field">
      <span className="filter-label">Minimum findings</span>
      <input
        className="filter-control"
        inputMode="numeric"
        value={text}
        aria-invalid={bad || undefined}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') onChange(undefined);
          else if (/^\d+$/.test(t.trim())) onChange(Number(t.trim()));
        }}
        data-testid="legacy-min-findings"
      />
      {bad ? <span className="filter-error">A whole number of findings, 0 or more</span> : null}
    </label>
  );
}

const CHIP_SPECS: Record<string, ChipSpec> = {
  status: { label: 'Status' },
  registry: { label: 'Registry', format: (v) => formatRegistryCode(String(v)) },
  country: { label: 'Country' },
  project_id: { label: 'Project' },
  min_findings: { label: 'Findings ≥' },
};

export function LegacyList() {
  const url = useUrlFilters(legacyForensicsQuery);
  const { filters, set } = url;
  const fetchPage = useCallback((page: number, perPage: number) => carbon.forensics.legacy({ ...filters, current_page: page, per_page: perPage }), [filters]);
  const rows = usePagedRows<LegacyForensic>(fetchPage, url.key, 100);

  return (
    <ListView
      defaultSort={DEFAULT_SORT.legacyForensics}
      title="Forensics"
      subtitle={rows.total == null ? 'Legacy v1 analyses' : <span data-testid="legacy-count">{formatNumber(rows.total)} legacy v1 analyses</span>}
      exportButton={<ExportButton table="legacy-forensics" query={filters} total={rows.total} testId="export-legacy-forensics" />}
      url={url}
      chipSpecs={CHIP_SPECS}
      chipsTestId="legacy-chips"
      panel={{
        storageKey: 'carbon-desk.legacy-forensics.filters-open',
        content: (
          <div className="legacy-filters filter-group-fields">
            <label className="filter-field">
              <span className="filter-label">Status</span>
              <select className="filter-control" value={filters.status ?? ''} onChange={(e) => set('status', e.target.value || undefined)} data-testid="legacy-status">
                <option value="">Any status</option>
                {FORENSIC_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <TextFilter label="Registry (VCS, GLD, ACR…)" value={filters.registry} onChange={(v) => set('registry', v, { replace: true })} maxLength={32} testId="legacy-registry" />
            <TextFilter label="Country" value={filters.country} onChange={(v) => set('country', v, { replace: true })} testId="legacy-country" />
            <TextFilter label="Project id" value={filters.project_id} onChange={(v) => set('project_id', v, { replace: true })} maxLength={64} testId="legacy-project" />
            <MinFindings value={filters.min_findings} onChange={(v) => set('min_findings', v, { replace: true })} />
          </div>
        ),
      }}
      table={{
        label: 'Legacy forensic analyses',
        testId: 'legacy-table',
        columns: COLUMNS,
        layoutKey: 'legacy-forensics',
        rows,
        rowKey: (r) => r.id,
        renderExpanded: (r) => <LegacyDetails row={r} />,
      }}
      empty={{ title: 'No legacy analysis matches', source: 'Legacy analyses arrive with the legacy forensics job of a sync.', what: 'legacy analyses', jobs: ['forensicsLegacy'] }}
    >
      <NotOfferedNotice jobs={['forensicsLegacy']} what="legacy forensic analyses" />
      <ForensicTabs />
      <div className="deprecated-note" role="note" data-testid="deprecated-note">
        <strong>Deprecated.</strong> These are the service's v1 forensic analyses, kept for reference. The v2 feed and each project's forensic page replace them and are updated weekly.
      </div>
    </ListView>
  );
}
