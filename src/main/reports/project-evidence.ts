/**
 * The evidence section of one project in a report: its registry facts and link, issuance and
 * retirement per vintage over the cached transactions, satellite metrics, the forensic memo's
 * primary risk with the latest entries, and its country's Article 6 and CORSIA status. What the
 * cache does not hold is said in words, with the cache's own reason.
 */
import type { CountryProfile, Project, ProjectForensics, SatelliteMetrics } from '../../shared/api';
import type { CreditTotals } from '../../shared/contract';
import { countryCodeOf } from '../../shared/country-names';
import { formatDay } from '../../shared/format-day';
import { type ReportBlock, orDash, tonnes } from './report-document';

/** The cached facts a report reads of one project (each null with the reason when not held). */
export interface ProjectFacts {
  projectId: string;
  project: Project | null;
  totals: CreditTotals | null;
  satellite: SatelliteMetrics | null;
  forensics: ProjectForensics | null;
  country: CountryProfile | null;
  /** Why a fact is missing, by fact: the cache's own words. */
  missing: Partial<Record<'project' | 'totals' | 'satellite' | 'forensics' | 'country', string>>;
}

/** Reads of the cache a report needs; each rejects with the cache's explanation when the item is not held. */
export interface ReportReader {
  project(projectId: string): Promise<Project>;
  totals(projectId: string): Promise<CreditTotals>;
  satellite(projectId: string): Promise<SatelliteMetrics>;
  forensics(projectId: string): Promise<ProjectForensics>;
  country(countryCode: string): Promise<CountryProfile>;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function gatherProjectFacts(read: ReportReader, projectId: string): Promise<ProjectFacts> {
  const missing: ProjectFacts['missing'] = {};
  const get = async <T>(key: keyof ProjectFacts['missing'], p: () => Promise<T>): Promise<T | null> => {
    try {
      return await p();
    } catch (err) {
      missing[key] = reason(err);
      return null;
    }
  };
  const [project, totals, satellite, forensics] = await Promise.all([
    get('project', () => read.project(projectId)),
    get('totals', () => read.totals(projectId)),
    get('satellite', () => read.satellite(projectId)),
    get('forensics', () => read.forensics(projectId)),
  ]);
  const code = project?.country ? countryCodeOf(project.country) : null;
  const country = code
    ? await get('country', () => read.country(code))
    : ((missing.country = project?.country ? `No ISO code is known for the country "${project.country}".` : 'The project names no country.'), null);
  return { projectId, project, totals, satellite, forensics, country, missing };
}

const day = (iso: string | null | undefined) => (iso ? formatDay(iso) : '—');
const labels = (p: Project) =>
  [p.has_icvcm_ccp && 'ICVCM CCP', p.has_corsia && 'CORSIA', p.has_ccb && 'CCB', p.has_sdvista && 'SD VISta', p.has_social_carbon && 'Social Carbon'].filter(Boolean).join(', ') || 'none';

function projectBlock(f: ProjectFacts): ReportBlock {
  const p = f.project;
  if (!p) return { kind: 'paragraph', tone: 'warning', text: `Project facts: ${f.missing.project ?? 'not in the cache.'}` };
  return {
    kind: 'facts',
    rows: [
      { label: 'Name', value: orDash(p.name) },
      { label: 'Registry', value: orDash(p.registry), url: p.project_url },
      { label: 'Registry page', value: orDash(p.project_url), url: p.project_url },
      { label: 'Country', value: orDash(p.country) },
      { label: 'Category / type', value: `${orDash(p.category)} / ${orDash(p.project_type)}` },
      { label: 'Proponent', value: orDash(p.proponent) },
      { label: 'Status', value: orDash(p.status) },
      { label: 'Issued / retired / unretired (listed)', value: `${tonnes(p.issued)} / ${tonnes(p.retired)} / ${tonnes(p.unretired)} t` },
      { label: 'Labels', value: labels(p) },
      { label: 'First issuance / retirement', value: `${day(p.first_issuance_at)} / ${day(p.first_retirement_at)}` },
    ],
  };
}

function vintageBlock(f: ProjectFacts, held: ReadonlySet<number | null>): ReportBlock[] {
  if (!f.totals) return [{ kind: 'paragraph', tone: 'warning', text: `Credit transactions: ${f.missing.totals ?? 'not in the cache.'}` }];
  const t = f.totals;
  return [
    {
      kind: 'paragraph',
      tone: 'muted',
      text: `Over ${t.transactions.toLocaleString('en-GB')} cached transactions: issued ${tonnes(t.issued.quantity)} t, retired ${tonnes(t.retired.quantity)} t, cancelled ${tonnes(t.cancelled.quantity)} t.`,
    },
    {
      kind: 'table',
      columns: [{ label: 'Vintage' }, { label: 'Issued (t)', align: 'right', weight: 1.4 }, { label: 'Retired (t)', align: 'right', weight: 1.4 }, { label: 'Issued − retired (t)', align: 'right', weight: 1.4 }, { label: 'Held', weight: 0.6 }],
      rows: t.by_vintage.map((v) => [orDash(v.vintage), tonnes(v.issued), tonnes(v.retired), tonnes(v.issued - v.retired), held.has(v.vintage) ? 'yes' : '']),
      empty: 'No cached transaction of this project.',
    },
  ];
}

function satelliteBlock(f: ProjectFacts): ReportBlock {
  const s = f.satellite;
  if (!s) return { kind: 'paragraph', tone: 'muted', text: `Satellite metrics: ${f.missing.satellite ?? 'none cached.'}` };
  return {
    kind: 'facts',
    rows: [
      { label: 'Risk level / trajectory', value: `${orDash(s.risk_level)} / ${orDash(s.risk_trajectory)}` },
      { label: 'Integrity score', value: orDash(s.integrity_score) },
      { label: 'Forest loss', value: `${tonnes(s.total_loss_ha)} ha (${s.total_loss_pct === null ? '—' : `${s.total_loss_pct}%`}); peak ${orDash(s.peak_loss_year)} (${tonnes(s.peak_loss_ha)} ha)` },
      { label: 'Alerts / fires, 12 months', value: `${orDash(s.alert_count_12m)} / ${orDash(s.fire_count_12m)}` },
      { label: 'Boundary', value: s.has_boundary ? `${orDash(s.boundary_source)}, ${tonnes(s.area_km2)} km²` : 'none' },
      { label: 'Updated', value: day(s.last_updated) },
    ],
  };
}

const LATEST_ENTRIES = 5;

function forensicBlocks(f: ProjectFacts): ReportBlock[] {
  const d = f.forensics;
  if (!d) return [{ kind: 'paragraph', tone: 'muted', text: `Forensics: ${f.missing.forensics ?? 'none cached.'}` }];
  const latest = [...d.entries].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id).slice(0, LATEST_ENTRIES);
  return [
    {
      kind: 'facts',
      rows: [
        { label: 'Primary risk', value: orDash(d.memo?.primary_risk) },
        { label: 'Quality tier (estimate)', value: orDash(d.memo?.quality_tier_estimate) },
        { label: 'Entries / new this week', value: `${d.stats.total_entries} / ${d.stats.new_this_week}` },
        { label: 'Memo updated', value: day(d.memo?.last_updated) },
      ],
    },
    {
      kind: 'table',
      columns: [{ label: 'Date', weight: 0.9 }, { label: 'Category', weight: 1 }, { label: 'Key event', weight: 3 }, { label: 'Source', weight: 2 }],
      rows: latest.map((e) => [day(e.date), orDash(e.category), `${orDash(e.key_event)}${e.is_new_this_week ? ' (new this week)' : ''}`, orDash(e.url ?? e.source)]),
      empty: 'No forensic entry cached.',
    },
  ];
}

function countryBlock(f: ProjectFacts): ReportBlock {
  const c = f.country;
  if (!c) return { kind: 'paragraph', tone: 'muted', text: `Country profile: ${f.missing.country ?? 'none cached.'}` };
  return {
    kind: 'facts',
    rows: [
      { label: 'Country', value: `${orDash(c.country_name)} (${c.country_code})` },
      { label: 'Article 6 status', value: `${orDash(c.article6_status)}; host letters of authorization ${orDash(c.article6_host_loas)}` },
      { label: 'CORSIA', value: `${c.corsia_eligible === null ? '—' : c.corsia_eligible ? 'eligible' : 'not eligible'}; phase ${orDash(c.corsia_phase)}` },
      { label: 'Export restrictions', value: `${orDash(c.export_restrictions)}; domestic retention ${c.domestic_retention_pct === null ? '—' : `${c.domestic_retention_pct}%`}` },
      { label: 'Profile updated', value: day(c.updated_at) },
    ],
  };
}

/** The evidence blocks of one project; `heldVintages` marks the vintages a holding names. */
export function projectEvidenceBlocks(f: ProjectFacts, heldVintages: ReadonlyArray<number | null> = []): ReportBlock[] {
  const held = new Set(heldVintages);
  return [
    { kind: 'heading', level: 3, text: 'Registry facts' },
    projectBlock(f),
    { kind: 'heading', level: 3, text: 'Issuance and retirement per vintage' },
    ...vintageBlock(f, held),
    { kind: 'heading', level: 3, text: 'Satellite' },
    satelliteBlock(f),
    { kind: 'heading', level: 3, text: 'Forensic findings' },
    ...forensicBlocks(f),
    { kind: 'heading', level: 3, text: 'Country' },
    countryBlock(f),
  ];
}
