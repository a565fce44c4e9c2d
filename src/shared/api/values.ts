/**
 * Values of the market the client knows by name (display names, pick lists). These sets are not
 * closed: a server may send (and filter on) values beyond them, which the client stores, shows and
 * filters on as they came.
 */
export const REGISTRIES = [
  'verra',
  'gold-standard',
  'american-carbon-registry',
  'climate-action-reserve',
  'art-trees',
  'isometric',
  'puro-earth',
  'plan-vivo',
  'none',
] as const;
export type Registry = (typeof REGISTRIES)[number];

/** project_id prefix per registry (docs/api-assumptions.md); registries without one use their own upper-case slug. */
export const REGISTRY_PREFIX: Record<Registry, string> = {
  verra: 'VCS',
  'gold-standard': 'GLD',
  'american-carbon-registry': 'ACR',
  'climate-action-reserve': 'CAR',
  'art-trees': 'ART',
  isometric: 'ISO',
  'puro-earth': 'PUR',
  'plan-vivo': 'PV',
  none: 'NONE',
};

export const CATEGORIES = [
  'forest',
  'renewable-energy',
  'ghg-management',
  'energy-efficiency',
  'fuel-switching',
  'agriculture',
  'land-use',
  'biomass-cdr',
  'carbon-capture',
  'air-capture',
  'alkalinity-cdr',
  'unknown',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const TRANSACTION_TYPES = ['issuance', 'retirement', 'cancellation'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const PROJECT_STATUSES = ['registered', 'listed', 'completed', 'unknown'] as const;

export const CORC_DURABILITIES = ['100+', '1000+'] as const;

export const ARTICLE6_AUTHORIZATION_TYPES = ['NDC Use', 'Intl mitigation purposes', 'Other purposes'] as const;

export const BENEFICIARY_SEARCH_FIELDS = [
  'retirement_beneficiary_harmonized',
  'retirement_beneficiary',
  'retirement_beneficiary_account',
  'retirement_beneficiary_note',
  'retirement_beneficiary_reason',
] as const;
export type BeneficiarySearchField = (typeof BENEFICIARY_SEARCH_FIELDS)[number];

/**
 * The same fields as other servers of this API family name them (CarbonPlan's OffsetsDB:
 * `retirement_account`, `retirement_note`, `retirement_reason`). Contract inputs accept either
 * spelling and read it as the name above; the sync sends whichever name the server publishes.
 */
export const BENEFICIARY_FIELD_ALIASES: Readonly<Record<string, BeneficiarySearchField>> = {
  retirement_account: 'retirement_beneficiary_account',
  retirement_note: 'retirement_beneficiary_note',
  retirement_reason: 'retirement_beneficiary_reason',
};

/** Which credit-transaction column each beneficiary_search_fields value searches. */
export const BENEFICIARY_FIELD_COLUMN: Record<BeneficiarySearchField, string> = {
  retirement_beneficiary_harmonized: 'retirement_beneficiary_harmonized',
  retirement_beneficiary: 'retirement_beneficiary',
  retirement_beneficiary_account: 'retirement_account',
  retirement_beneficiary_note: 'retirement_note',
  retirement_beneficiary_reason: 'retirement_reason',
};

export const RISK_LEVELS = ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const FORENSIC_STATUSES = ['success', 'partial', 'failed'] as const;

export const CHART_FREQUENCIES = ['D', 'W', 'M', 'Y'] as const;
export type ChartFrequency = (typeof CHART_FREQUENCIES)[number];

export const SUPPLY_DEMAND_AGGREGATIONS = ['monthly', 'quarterly', 'yearly'] as const;
export type SupplyDemandAggregation = (typeof SUPPLY_DEMAND_AGGREGATIONS)[number];

export const API_KEY_TIERS = ['free', 'pro', 'enterprise'] as const;

/** The live-key prefix every API key starts with (spec 5.3). */
export const LIVE_KEY_PREFIX = 'ccmd_live_';
