/**
 * A country profile laid out by theme. Every field of the profile is placed in exactly
 * one section (a test holds this), so nothing the service sends is silently left out.
 */
import type { CountryProfile } from '../../../../shared/api/resources';
import { formatDate, formatDateTime, formatNumber, formatRegistry } from '../../components/format';

type Field = keyof CountryProfile;
export type FieldKind = 'text' | 'long-text' | 'number' | 'year' | 'percent' | 'usd' | 'bool' | 'date' | 'datetime' | 'list' | 'registries' | 'records';

export interface FieldSpec {
  field: Field;
  label: string;
  kind: FieldKind;
}
export interface SectionSpec {
  id: string;
  title: string;
  fields: FieldSpec[];
}

const f = (field: Field, label: string, kind: FieldKind = 'text'): FieldSpec => ({ field, label, kind });

export const PROFILE_SECTIONS: SectionSpec[] = [
  {
    id: 'market',
    title: 'Market totals',
    fields: [
      f('total_projects', 'Projects', 'number'),
      f('total_credits_issued', 'Credits issued', 'number'),
      f('total_credits_retired', 'Credits retired', 'number'),
      f('active_registries', 'Active registries', 'registries'),
    ],
  },
  {
    id: 'article6',
    title: 'Article 6',
    fields: [
      f('article6_status', 'Status'),
      f('article6_host_loas', 'Host letters of authorization', 'number'),
      f('article6_host_signed', 'Host agreements signed', 'number'),
      f('article6_host_mous', 'Host MoUs', 'number'),
      f('article6_first_loa_date', 'First LoA', 'date'),
      f('article6_bilateral_partners', 'Bilateral partners', 'list'),
      f('host_agreements', 'Host agreements', 'records'),
      f('is_buyer_country', 'Buyer country', 'bool'),
      f('article6_buyer_loas', 'Buyer letters of authorization', 'number'),
      f('buyer_host_partners', 'Host partners (as buyer)', 'list'),
      f('buyer_agreements', 'Buyer agreements', 'records'),
      f('has_initial_report', 'Initial report submitted', 'bool'),
      f('initial_report_date', 'Initial report date', 'date'),
      f('cooperative_approach_ids', 'Cooperative approaches', 'list'),
      f('has_dna', 'Designated national authority', 'bool'),
      f('dna_authority_name', 'DNA'),
      f('has_participation_requirements', 'Participation requirements', 'bool'),
      f('participation_requirements_date', 'Participation requirements date', 'date'),
      f('ca_policy', 'Corresponding adjustment policy'),
      f('ca_for_vcm', 'Corresponding adjustments for the VCM', 'bool'),
      f('ca_first_transfer_date', 'First adjusted transfer', 'date'),
      f('jcm_project_count', 'JCM projects', 'number'),
      f('jcm_total_reductions_ktco2e', 'JCM reductions (ktCO2e)', 'number'),
    ],
  },
  {
    id: 'corsia',
    title: 'CORSIA',
    fields: [f('corsia_eligible', 'Eligible', 'bool'), f('corsia_phase', 'Phase'), f('corsia_commitment', 'Commitment')],
  },
  {
    id: 'pricing',
    title: 'Carbon tax, ETS and regulation',
    fields: [
      f('has_carbon_tax', 'Carbon tax', 'bool'),
      f('carbon_tax_rate_usd', 'Carbon tax rate', 'usd'),
      f('has_ets', 'Emissions trading system', 'bool'),
      f('ets_name', 'ETS'),
      f('eu_eligible', 'EU eligible', 'bool'),
      f('cbam_exposure', 'CBAM exposure'),
      f('vcm_regulatory_status', 'VCM regulatory status'),
      f('export_restrictions', 'Export restrictions', 'bool'),
      f('domestic_retention_pct', 'Domestic retention', 'percent'),
    ],
  },
  {
    id: 'ndc',
    title: 'NDC',
    fields: [
      f('ndc_reduction_pct', 'Reduction target', 'percent'),
      f('ndc_target_year', 'Target year', 'year'),
      f('ndc_base_year', 'Base year', 'year'),
      f('ndc_conditional', 'Conditional', 'bool'),
      f('ndc_last_updated', 'Last updated', 'date'),
    ],
  },
  {
    id: 'risk',
    title: 'Risk',
    fields: [f('country_risk_score', 'Country risk score', 'number'), f('country_risk_factors', 'Risk factors', 'list'), f('key_risks', 'Key risks', 'long-text')],
  },
  {
    id: 'ai',
    title: 'AI summaries',
    fields: [
      f('policy_summary', 'Policy summary', 'long-text'),
      f('recent_developments', 'Recent developments', 'long-text'),
      f('market_outlook', 'Market outlook', 'long-text'),
      f('key_opportunities', 'Key opportunities', 'long-text'),
      f('last_ai_scan_date', 'Last AI scan', 'date'),
    ],
  },
  {
    id: 'about',
    title: 'About',
    fields: [f('country_code', 'ISO code'), f('country_name', 'Name'), f('region', 'Region'), f('subregion', 'Subregion'), f('updated_at', 'Profile updated', 'datetime')],
  },
];

/** How a value reads; null / empty -> "—". Records are formatted by the view. */
export function formatProfileValue(value: unknown, kind: FieldKind): string {
  if (value === null || value === undefined) return '—';
  switch (kind) {
    case 'bool':
      return value === true ? 'Yes' : value === false ? 'No' : '—';
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'year':
      return String(value);
    case 'percent':
      return typeof value === 'number' ? `${formatNumber(value)} %` : String(value);
    case 'usd':
      return typeof value === 'number' ? `US$ ${formatNumber(value)} / tCO2e` : String(value);
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'list':
      return Array.isArray(value) && value.length ? value.join(', ') : '—';
    case 'registries':
      return Array.isArray(value) && value.length ? value.map((r) => formatRegistry(String(r))).join(', ') : '—';
    case 'records':
      return Array.isArray(value) ? `${value.length}` : '—';
    default:
      return String(value).trim() || '—';
  }
}

/** A record of an agreement as label/value pairs (keys not described by the spec: shown as sent, as text; dates as the app writes them). */
export function recordPairs(record: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(record).map(([k, v]) => [
    k.replace(/_/g, ' '),
    v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : String(v),
  ]);
}
