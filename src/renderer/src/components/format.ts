/**
 * Formatting of market numbers and dates for display: thousands separators, tCO2e quantities,
 * compact axis labels, display names; calendar dates live in format-date.ts and are re-exported
 * here. One place so every view and chart reads the same.
 */
import { CATEGORIES, PROJECT_STATUSES, REGISTRIES, REGISTRY_PREFIX, TRANSACTION_TYPES } from '../../../shared/api/values';

export { formatAge, formatDate, formatDateSpan, formatDateTime, formatMonth, formatPeriod, formatTime, formatYear } from './format-date';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** 1234567 -> "1,234,567"; fractions keep up to two decimals; null/NaN -> "—". */
export function formatNumber(value: number | null | undefined): string {
  if (!isNumber(value)) return '—';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/** A credit quantity: "1,234,567 tCO2e". */
export function formatTco2e(value: number | null | undefined): string {
  return isNumber(value) ? `${formatNumber(value)} tCO2e` : '—';
}

/** Short form for axes and KPI tiles: 1.2M, 34.5K. */
export function formatCompact(value: number | null | undefined): string {
  return isNumber(value) ? compact.format(value) : '—';
}

/** A share 0..1 -> "42.0%". */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  return isNumber(value) ? `${(value * 100).toFixed(digits)}%` : '—';
}

/** A slug ("renewable-energy", "gold-standard") -> "Renewable energy", "Gold standard". */
export function formatSlug(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The registries' own spelling. */
const REGISTRY_LABELS: Record<string, string> = {
  verra: 'Verra',
  'gold-standard': 'Gold Standard',
  'american-carbon-registry': 'American Carbon Registry',
  'climate-action-reserve': 'Climate Action Reserve',
  'art-trees': 'ART TREES',
  isometric: 'Isometric',
  'puro-earth': 'Puro.earth',
  'plan-vivo': 'Plan Vivo',
  none: 'No registry',
};
/** Names analysts use where a column is narrow (the full name is the cell's hover text). */
const REGISTRY_SHORT_LABELS: Record<string, string> = {
  'american-carbon-registry': 'ACR',
  'climate-action-reserve': 'CAR',
};
/** A value of an open set: known values by their display name, others exactly as the service sent them. */
function knownOrAsSent(value: string | null | undefined, labels: Record<string, string>, known: readonly string[]): string {
  if (!value) return '—';
  return labels[value] ?? (known.includes(value) ? formatSlug(value) : value);
}

export function formatRegistry(value: string | null | undefined): string {
  return knownOrAsSent(value, REGISTRY_LABELS, REGISTRIES);
}
/** A registry's short name for narrow columns ("ACR"); registries without one by their name. */
export function formatRegistryShort(value: string | null | undefined): string {
  return (value && REGISTRY_SHORT_LABELS[value]) || formatRegistry(value);
}

const REGISTRY_OF_CODE = new Map(Object.entries(REGISTRY_PREFIX).map(([registry, code]) => [code, registry]));

/** A registry written as its project id prefix (the legacy analyses' "VCS") -> "Verra" (short: "ACR" stays "ACR"); other codes as sent. */
export function formatRegistryCode(code: string | null | undefined, options: { short?: boolean } = {}): string {
  if (!code) return '—';
  const registry = REGISTRY_OF_CODE.get(code.toUpperCase());
  if (!registry || registry === 'none') return code;
  return options.short ? formatRegistryShort(registry) : formatRegistry(registry);
}

/** Categories as analysts write them ("GHG management", "Biomass CDR"). */
const CATEGORY_LABELS: Record<string, string> = {
  'ghg-management': 'GHG management',
  'biomass-cdr': 'Biomass CDR',
  'alkalinity-cdr': 'Alkalinity CDR',
};
export function formatCategory(value: string | null | undefined): string {
  return knownOrAsSent(value, CATEGORY_LABELS, CATEGORIES);
}

/** Display names of the certification labels the spec names. */
export const CERTIFICATION_NAMES: Record<string, string> = {
  'ccb-gold': 'CCB Gold',
  'ccb-biodiversity-gold': 'CCB Biodiversity Gold',
  'ccb-community-gold': 'CCB Community Gold',
  'ccb-climate-gold': 'CCB Climate Gold',
  corsia: 'CORSIA',
  'icvcm-ccp': 'ICVCM CCP',
  'sd-vista': 'SD VISta',
  'social-carbon': 'Social Carbon',
};

/** A certification label: known ones by name ("CCB Gold"), others as sent. */
export const formatCertification = (label: string): string => CERTIFICATION_NAMES[label.toLowerCase()] ?? label;

/** A project status: known ones by name ("Listed"), others as sent. */
export function formatStatus(value: string | null | undefined): string {
  return knownOrAsSent(value, {}, PROJECT_STATUSES);
}

/** A transaction type: known ones by name ("Retirement"), others as sent. */
export function formatTransactionType(value: string | null | undefined): string {
  return knownOrAsSent(value, {}, TRANSACTION_TYPES);
}
