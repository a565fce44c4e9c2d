/**
 * Group P (project filters) as the Projects and Transactions views show them: the URL keys, how
 * each reads on a chip, and the filter vocabularies (registries, categories, labels).
 */
import { ARTICLE6_AUTHORIZATION_TYPES, CATEGORIES, CORC_DURABILITIES, REGISTRIES } from '../../../../shared/api/values';
import { CERTIFICATION_NAMES, formatCategory, formatCertification, formatNumber, formatRegistry } from '../format';
import { dateChip, type ChipSpec } from './chips-bar';
import type { ProjectFilterKey } from '../../../../shared/api/params';

export { PROJECT_FILTER_KEYS, type ProjectFilterKey } from '../../../../shared/api/params';

/** The boolean labels of group P, in the words of the market. */
export const PROJECT_LABEL_FLAGS = [
  { key: 'is_compliance', label: 'Compliance (ARB)' },
  { key: 'has_ccb', label: 'CCB' },
  { key: 'has_icvcm_ccp', label: 'ICVCM CCP' },
  { key: 'has_corsia', label: 'CORSIA' },
  { key: 'has_sdvista', label: 'SD VISta' },
  { key: 'has_social_carbon', label: 'Social Carbon' },
  { key: 'article6_authorized', label: 'Article 6 authorized' },
] as const;

const yesNo = (v: string | number | boolean) => (v === true || v === 'true' ? 'yes' : 'no');
const tons = (v: string | number | boolean) => `${formatNumber(Number(v))} tCO2e`;

export const PROJECT_CHIP_SPECS: Record<ProjectFilterKey | 'search', ChipSpec> = {
  search: { label: 'Search', format: (v) => `“${v}”` },
  registry: { label: 'Registry', format: (v) => formatRegistry(String(v)) },
  country: { label: 'Country' },
  protocol: { label: 'Protocol' },
  category: { label: 'Category', format: (v) => formatCategory(String(v)) },
  project_type: { label: 'Type' },
  is_compliance: { label: 'Compliance', format: yesNo },
  listed_at_from: dateChip('Listed from'),
  listed_at_to: dateChip('Listed to'),
  issued_min: { label: 'Issued ≥', format: tons },
  issued_max: { label: 'Issued ≤', format: tons },
  retired_min: { label: 'Retired ≥', format: tons },
  retired_max: { label: 'Retired ≤', format: tons },
  proponent: { label: 'Proponent', format: (v) => `“${v}”` },
  sdg_goals: { label: 'SDG (all of)', format: (v) => `SDG ${v}` },
  certifications: { label: 'Certification', format: (v) => formatCertification(String(v)) },
  corc_durability: { label: 'CORC durability' },
  has_ccb: { label: 'CCB', format: yesNo },
  has_icvcm_ccp: { label: 'ICVCM CCP', format: yesNo },
  has_corsia: { label: 'CORSIA', format: yesNo },
  has_sdvista: { label: 'SD VISta', format: yesNo },
  has_social_carbon: { label: 'Social Carbon', format: yesNo },
  article6_authorized: { label: 'Article 6', format: yesNo },
  article6_authorization_types: { label: 'Article 6 type' },
};

export const REGISTRY_OPTIONS = REGISTRIES.map((r) => ({ value: r, label: formatRegistry(r) }));
export const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) }));
export const CORC_OPTIONS = CORC_DURABILITIES.map((c) => ({ value: c, label: c }));
export const ARTICLE6_TYPE_OPTIONS = ARTICLE6_AUTHORIZATION_TYPES.map((t) => ({ value: t, label: t }));
export const SDG_OPTIONS = Array.from({ length: 17 }, (_, i) => ({ value: String(i + 1), label: `SDG ${i + 1}` }));
/** Certification labels the spec names; any other label can be typed. */
export const CERTIFICATION_SUGGESTIONS = Object.keys(CERTIFICATION_NAMES);
export { formatCertification };
