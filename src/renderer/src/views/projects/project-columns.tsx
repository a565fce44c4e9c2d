/** Columns of the projects table: identity, place, type, listing, credit totals, labels. */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Project } from '../../../../shared/api';
import type { Column } from '../../components/data-table';
import { formatCategory, formatDate, formatNumber, formatRegistry, formatRegistryShort, formatStatus } from '../../components/format';
import { WatchButton } from '../../components/watch-button';

function Labels({ p }: { p: Project }) {
  const labels: string[] = [];
  if (p.is_compliance) labels.push('ARB');
  if (p.has_ccb) labels.push('CCB');
  if (p.has_icvcm_ccp) labels.push('CCP');
  if (p.has_corsia) labels.push('CORSIA');
  if (p.has_sdvista) labels.push('SD VISta');
  if (p.has_social_carbon) labels.push('SocialCarbon');
  if (p.article6_authorized) labels.push('Art. 6');
  if (p.corc_durability) labels.push(`CORC ${p.corc_durability}`);
  return (
    <span className="label-badges">
      {labels.map((l) => (
        <span key={l} className="badge">
          {l}
        </span>
      ))}
    </span>
  );
}

/** "Afforestation/Reforestation" may wrap after its slash rather than inside a word. */
function breakAfterSlashes(text: string) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * Widths: codes and numbers as narrow as their longest value, names wide and on up to two lines.
 * A window fits what it can: from the left, the columns every table shows, then each `fromWidth`
 * column once the table is as wide as the columns before it plus itself, the name counted at the
 * width that holds most names on one line (330px), so a wider window gives the name its room
 * before it adds columns. No default column is ever off screen.
 */
export const PROJECT_COLUMNS: Column<Project>[] = [
  { id: 'watch', header: '★', width: '36px', tight: true, cell: (p) => <WatchButton kind="project" id={p.project_id} compact label={p.name ?? p.project_id} /> },
  {
    id: 'project_id',
    header: 'Project',
    width: '84px',
    sortField: 'project_id',
    cell: (p) => (
      <Link to={`/projects/${encodeURIComponent(p.project_id)}`} className="mono">
        {p.project_id}
      </Link>
    ),
  },
  { id: 'name', header: 'Name', width: 'minmax(240px, 4fr)', sortField: 'name', cell: (p) => <span className="cell-wrap">{p.name ?? '—'}</span>, title: (p) => p.name ?? undefined },
  { id: 'issued', header: 'Issued', unit: 'tCO2e', description: 'Credits issued to the project', width: '94px', sortField: 'issued', numeric: true, cell: (p) => formatNumber(p.issued) },
  { id: 'retired', header: 'Retired', unit: 'tCO2e', description: 'Credits of the project retired', width: '94px', sortField: 'retired', numeric: true, cell: (p) => formatNumber(p.retired) },
  { id: 'unretired', header: 'Unretired', unit: 'tCO2e', description: 'Issued credits not retired yet', width: '92px', fromWidth: 1490, sortField: 'unretired', numeric: true, cell: (p) => formatNumber(p.unretired) },
  { id: 'registry', header: 'Registry', width: '112px', sortField: 'registry', cell: (p) => formatRegistryShort(p.registry), title: (p) => formatRegistry(p.registry) },
  { id: 'category', header: 'Category', width: '148px', sortField: 'category', cell: (p) => formatCategory(p.category) },
  { id: 'project_type', header: 'Type', width: 'minmax(160px, 1.2fr)', fromWidth: 1205, sortField: 'project_type', cell: (p) => <span className="cell-wrap">{breakAfterSlashes(p.project_type ?? '—')}</span>, title: (p) => p.project_type ?? undefined },
  { id: 'country', header: 'Country', width: '112px', fromWidth: 1050, sortField: 'country', cell: (p) => p.country ?? '—', title: (p) => p.country ?? undefined },
  { id: 'listed_at', header: 'Listed', width: '100px', fromWidth: 1400, sortField: 'listed_at', firstSort: 'desc', cell: (p) => formatDate(p.listed_at) },
  { id: 'status', header: 'Status', width: '92px', fromWidth: 1300, sortField: 'status', cell: (p) => formatStatus(p.status) },
  { id: 'labels', header: 'Labels', width: 'minmax(140px, 1fr)', fromWidth: 1630, cell: (p) => <Labels p={p} /> },
];
