/**
 * THE table of query-parameter names (docs/api-assumptions.md): every filter, paging and sort parameter of
 * the service, declared once as zod schemas keyed by the parameter's wire name. The reference
 * service validates query strings with them (422 on failure), the contract methods take the same
 * objects, and the API client turns them back into query strings. Rename a parameter here only.
 *
 * Each schema accepts what a query string gives (strings, repeated keys as arrays) and what JSON
 * gives (numbers, booleans, arrays), so one schema serves the HTTP server and the contract.
 */
import { z } from 'zod';
import {
  ARTICLE6_AUTHORIZATION_TYPES,
  BENEFICIARY_FIELD_ALIASES,
  BENEFICIARY_SEARCH_FIELDS,
  CATEGORIES,
  CHART_FREQUENCIES,
  CORC_DURABILITIES,
  FORENSIC_STATUSES,
  REGISTRIES,
  RISK_LEVELS,
  SUPPLY_DEMAND_AGGREGATIONS,
  TRANSACTION_TYPES,
} from './values';

// ---- value readers -------------------------------------------------------------------------

const asArray = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v : [v]);

/** A repeatable parameter: `?x=a&x=b` or ["a","b"] or "a". */
export const repeated = <T extends z.ZodTypeAny>(item: T) => z.preprocess(asArray, z.array(item).min(1).optional());

const intFrom = (v: unknown) => (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim()) ? Number(v) : v);
const numFrom = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** An integer parameter (rejects "1.5", "abc", unsafe integers). */
export const int = () => z.preprocess(intFrom, z.number().int().refine(Number.isSafeInteger, 'integer out of range'));
/** A number parameter (finite). */
export const num = () => z.preprocess(numFrom, z.number().refine(Number.isFinite, 'expected a finite number'));
/** A boolean parameter: true/false, 1/0, yes/no. */
export const bool = () =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(s)) return true;
    if (['false', '0', 'no', 'off'].includes(s)) return false;
    return v;
  }, z.boolean());
/** A calendar date YYYY-MM-DD that exists. */
export const isoDate = () =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD').refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a valid calendar date');
const text = (max = 200) => z.string().max(max);

// ---- shared groups ---------------------------------------------------------------------------

export const pagingParams = {
  current_page: int().pipe(z.number().min(1)).optional(),
  per_page: int().pipe(z.number().min(1).max(200)).optional(),
};
export const PAGING_DEFAULTS = { current_page: 1, per_page: 100 } as const;

export const sortParam = repeated(z.string().regex(/^[+-]?[a-z0-9_]+$/i, 'expected field, +field or -field'));

/** Group P: filters on projects (and on the parent project of credit transactions). */
export const projectFilterParams = {
  registry: repeated(z.enum(REGISTRIES)),
  country: repeated(text()),
  protocol: repeated(text()),
  category: repeated(z.enum(CATEGORIES)),
  is_compliance: bool().optional(),
  listed_at_from: isoDate().optional(),
  listed_at_to: isoDate().optional(),
  issued_min: int().optional(),
  issued_max: int().optional(),
  retired_min: int().optional(),
  retired_max: int().optional(),
  project_type: repeated(text()),
  proponent: text().optional(),
  sdg_goals: repeated(int().pipe(z.number().min(1).max(17))),
  certifications: repeated(text()),
  corc_durability: repeated(z.enum(CORC_DURABILITIES)),
  has_ccb: bool().optional(),
  has_icvcm_ccp: bool().optional(),
  has_corsia: bool().optional(),
  has_sdvista: bool().optional(),
  has_social_carbon: bool().optional(),
  article6_authorized: bool().optional(),
  article6_authorization_types: repeated(z.enum(ARTICLE6_AUTHORIZATION_TYPES)),
};
/** The names of group P's filters, in the order the filter panels show them: the one list every layer uses. */
export const PROJECT_FILTER_KEYS = Object.keys(projectFilterParams) as Array<keyof typeof projectFilterParams>;
export type ProjectFilterKey = keyof typeof projectFilterParams;
/** Project search: substring of project_id or name, case-insensitive. */
export const projectSearchParams = { search: text().optional() };

/** Group C: filters on credit transactions. */
export const creditFilterParams = {
  transaction_type: repeated(z.enum(TRANSACTION_TYPES)),
  vintage: repeated(int()),
  /** Vintage bounds (inclusive); a transaction without a vintage matches no bound. AND-ed with `vintage`. */
  vintage_min: int().optional(),
  vintage_max: int().optional(),
  transaction_date_from: isoDate().optional(),
  transaction_date_to: isoDate().optional(),
  quantity_min: num().optional(),
  quantity_max: num().optional(),
};
export const projectIdParams = { project_id: repeated(text(64)) };

/** Group B: beneficiary search. */
export const beneficiaryParams = {
  beneficiary_search: text().optional(),
  beneficiary_search_fields: repeated(z.enum(BENEFICIARY_SEARCH_FIELDS)),
};
export const DEFAULT_BENEFICIARY_FIELDS = ['retirement_beneficiary_harmonized'] as const;

/** Buyer filters, applied after aggregation. */
export const buyerFilterParams = {
  search: text().optional(),
  total_volume_min: num().optional(),
  total_volume_max: num().optional(),
  volume_12m_min: num().optional(),
  volume_12m_max: num().optional(),
  avg_transaction_size_min: num().optional(),
  avg_transaction_size_max: num().optional(),
  total_transactions_min: int().optional(),
  total_transactions_max: int().optional(),
  is_active_12m: bool().optional(),
  is_active_60d: bool().optional(),
};

// ---- sort fields per list ----------------------------------------------------------------------

export const PROJECT_SORT_FIELDS = [
  'project_id', 'name', 'registry', 'proponent', 'category', 'status', 'country', 'listed_at',
  'is_compliance', 'first_issuance_at', 'first_retirement_at', 'project_type', 'issued', 'retired',
  'unretired', 'corc_durability', 'article6_authorized',
] as const;
export const CREDIT_SORT_FIELDS = [
  'id', 'project_id', 'quantity', 'vintage', 'transaction_date', 'transaction_type', 'retirement_account',
  'retirement_beneficiary', 'retirement_reason', 'retirement_note', 'retirement_beneficiary_harmonized',
] as const;
export const BUYER_SORT_FIELDS = [
  'total_volume', 'volume_12m', 'volume_60d', 'avg_transaction_size', 'total_transactions', 'transactions_12m',
  'transactions_60d', 'transactions_per_year', 'first_purchase', 'last_purchase', 'days_since_last', 'buyer_name',
] as const;
export const LEGACY_FORENSIC_SORT_FIELDS = [
  'id', 'project_id', 'project_name', 'proponent', 'registry', 'country', 'issued', 'run_date', 'status',
  'num_findings', 'price_narrative', 'primary_risk', 'value_proposition', 'error_type', 'error_message',
] as const;
/** Satellite metrics: sort fields of the app's satellite table (app only: the service's list has no sort). */
export const SATELLITE_SORT_FIELDS = [
  'project_id', 'name', 'country', 'risk_level', 'risk_trajectory', 'integrity_score', 'area_km2', 'total_loss_ha', 'total_loss_pct',
  'peak_loss_year', 'peak_loss_ha', 'alert_count_12m', 'alert_area_ha', 'fire_count_12m', 'boundary_source', 'last_updated',
] as const;
export const DEFAULT_SORT = {
  projects: ['project_id'],
  credits: ['project_id'],
  buyers: ['-total_volume'],
  legacyForensics: ['-run_date'],
} as const;

export interface SortKey {
  field: string;
  descending: boolean;
}
/** Parses `field` / `+field` / `-field` items. Throws on a field not in `allowed`. */
export function parseSort(items: readonly string[] | undefined, allowed: readonly string[], fallback: readonly string[]): SortKey[] {
  const keys = (items && items.length ? items : fallback).map((s) => {
    const descending = s.startsWith('-');
    const field = s.replace(/^[+-]/, '');
    return { field, descending };
  });
  for (const k of keys) if (!allowed.includes(k.field)) throw new Error(`unknown sort field '${k.field}'`);
  return keys;
}
/** A sort param schema that rejects unknown fields with a validation issue. */
export const sortFor = (allowed: readonly string[]) =>
  sortParam.superRefine((items, ctx) => {
    for (const s of items ?? []) {
      const f = s.replace(/^[+-]/, '');
      if (!allowed.includes(f)) ctx.addIssue({ code: 'custom', message: `unknown sort field '${f}'; allowed: ${allowed.join(', ')}` });
    }
  });

// ---- open value sets (contract inputs) -------------------------------------------------------

/**
 * A value of one of the market's open value sets (registry, category, transaction type, CORC
 * durability, Article 6 authorization type, risk level, legacy status). The service's own schemas
 * enumerate the values it knows; the contract takes any value, because a server may send values
 * beyond the known ones and the user must be able to filter on them.
 */
export const openValue = () => z.string().min(1).max(200);

/** Group P as the contract takes it: the enumerated value sets open. */
export const openProjectFilterParams = {
  ...projectFilterParams,
  registry: repeated(openValue()),
  category: repeated(openValue()),
  corc_durability: repeated(openValue()),
  article6_authorization_types: repeated(openValue()),
};
/** Group C as the contract takes it: any transaction type. */
export const openCreditFilterParams = { ...creditFilterParams, transaction_type: repeated(openValue()) };

/** A beneficiary field as the contract takes it: our name or another server's, read as ours. */
const beneficiaryFieldInput = z
  .string()
  .transform((name) => BENEFICIARY_FIELD_ALIASES[name] ?? name)
  .pipe(z.enum(BENEFICIARY_SEARCH_FIELDS));
/** Group B as the contract takes it: both spellings of the beneficiary fields. */
export const beneficiaryInputParams = { ...beneficiaryParams, beneficiary_search_fields: repeated(beneficiaryFieldInput) };

// ---- per-endpoint query schemas ---------------------------------------------------------------

/**
 * Every endpoint's query schema, built from the parameter groups: once with the service's
 * enumerated value sets (what the reference service validates and publishes), once with the open
 * sets the contract takes (`contractQueries`).
 */
function endpointQueries<P extends z.ZodRawShape, C extends z.ZodRawShape, B extends z.ZodRawShape, R extends z.ZodTypeAny, F extends z.ZodTypeAny>(
  project: P, credit: C, beneficiary: B, riskLevel: R, forensicStatus: F,
) {
  const satelliteList = {
    risk_level: riskLevel,
    has_boundary: bool().optional(),
    limit: int().pipe(z.number().min(1).max(1000)).optional(),
    offset: int().pipe(z.number().min(0)).optional(),
  };
  const projectListQuery = z.object({ ...pagingParams, sort: sortFor(PROJECT_SORT_FIELDS), ...project, ...projectSearchParams });
  const creditListQuery = z.object({
    ...pagingParams, sort: sortFor(CREDIT_SORT_FIELDS), ...projectIdParams, ...project, ...projectSearchParams, ...credit, ...beneficiary,
  });
  return {
    projectListQuery,
    creditListQuery,
    creditListAppQuery: creditListQuery.extend(appCreditFilterParams),
    retirementsByVintageQuery: z.object({ ...pagingParams, ...credit, ...beneficiary }),
    creditsByTransactionDateQuery: z.object({ ...pagingParams, ...freqParam, ...credit, ...beneficiary }),
    /** The dashboard's all-projects variant (app only): groups P and C and B over every project. */
    globalCreditsByTransactionDateQuery: z.object({ ...freqParam, ...projectIdParams, ...project, ...projectSearchParams, ...credit, ...beneficiary }),
    creditsByCategoryQuery: z.object({ ...pagingParams, ...projectSearchParams, ...project, ...beneficiary }),
    projectsByListingDateQuery: z.object({ ...pagingParams, ...freqParam, ...projectSearchParams, ...project }),
    supplyDemandQuery: z.object({ aggregation: z.enum(SUPPLY_DEMAND_AGGREGATIONS).optional(), ...projectIdParams, ...project, ...credit }),
    buyerListQuery: z.object({ ...pagingParams, sort: sortFor(BUYER_SORT_FIELDS), ...projectIdParams, ...project, ...credit, ...buyerFilterParams }),
    legacyForensicsQuery: z.object({
      ...pagingParams,
      sort: sortFor(LEGACY_FORENSIC_SORT_FIELDS),
      project_id: text(64).optional(),
      registry: text(32).optional(),
      country: text().optional(),
      status: forensicStatus,
      min_findings: int().pipe(z.number().min(0)).optional(),
    }),
    satelliteListQuery: z.object(satelliteList),
    satelliteListAppQuery: z.object({ ...satelliteList, ...appSatelliteParams }),
    /** The app's satellite table: the same filters, paged with the pagination envelope. */
    satelliteTableQuery: z.object({ ...pagingParams, risk_level: riskLevel, has_boundary: satelliteList.has_boundary, ...appSatelliteParams }),
  };
}

/**
 * App-only satellite parameters: answered by the offline query layer, never sent to the service
 * (its satellite list has only risk_level, has_boundary, limit and offset). Without them the list
 * is the service's: ordered by project id.
 */
export const appSatelliteParams = {
  /** Project id or the project's name contains this, ignoring case. */
  search: text().optional(),
  sort: sortFor(SATELLITE_SORT_FIELDS),
  /**
   * true: the project's boundary is in the cache; false: its metrics say it has one (has_boundary)
   * and the cache does not hold it yet (what a boundary fetch would bring).
   */
  boundary_cached: bool().optional(),
};
export const APP_ONLY_SATELLITE_PARAMS = Object.keys(appSatelliteParams) as ReadonlyArray<keyof typeof appSatelliteParams>;

/**
 * App-only credit filters: answered by the offline query layer from the cache, never parameters of
 * the service (which has no such filter and would ignore them). The service validates with
 * `creditListQuery`; the contract's credits.list and its CSV export take `creditListAppQuery`.
 */
export const appCreditFilterParams = {
  /**
   * One buyer's retirements: the buyer a retirement names (its harmonized beneficiary, else its
   * beneficiary as written) equals this name ignoring case (docs/text-matching.md), exactly as
   * buyers.get / buyers.analytics match a buyer. Not a substring: "Acme" never matches "Acme Energy"
   * (use `beneficiary_search` for that).
   */
  buyer: z.string().min(1).max(300).optional(),
};
export const APP_ONLY_CREDIT_PARAMS = Object.keys(appCreditFilterParams) as ReadonlyArray<keyof typeof appCreditFilterParams>;

export const freqParam = { freq: z.enum(CHART_FREQUENCIES).optional() };

/** The service's query schemas (enumerated value sets), as the reference service validates and publishes them. */
export const {
  projectListQuery,
  creditListQuery,
  creditListAppQuery,
  retirementsByVintageQuery,
  creditsByTransactionDateQuery,
  globalCreditsByTransactionDateQuery,
  creditsByCategoryQuery,
  projectsByListingDateQuery,
  supplyDemandQuery,
  buyerListQuery,
  legacyForensicsQuery,
  satelliteListQuery,
  satelliteListAppQuery,
  satelliteTableQuery,
} = endpointQueries(projectFilterParams, creditFilterParams, beneficiaryParams, z.enum(RISK_LEVELS).optional(), z.enum(FORENSIC_STATUSES).optional());

/** The same queries as the contract takes them: open value sets, both spellings of beneficiary fields. */
export const contractQueries = endpointQueries(openProjectFilterParams, openCreditFilterParams, beneficiaryInputParams, openValue().optional(), openValue().optional());

export type ProjectListQuery = z.output<typeof contractQueries.projectListQuery>;
export type CreditListQuery = z.output<typeof contractQueries.creditListQuery>;
export type CreditListAppQuery = z.output<typeof contractQueries.creditListAppQuery>;
export type RetirementsByVintageQuery = z.output<typeof contractQueries.retirementsByVintageQuery>;
export type CreditsByTransactionDateQuery = z.output<typeof contractQueries.creditsByTransactionDateQuery>;
export type GlobalCreditsByTransactionDateQuery = z.output<typeof contractQueries.globalCreditsByTransactionDateQuery>;
export type CreditsByCategoryQuery = z.output<typeof contractQueries.creditsByCategoryQuery>;
export type ProjectsByListingDateQuery = z.output<typeof contractQueries.projectsByListingDateQuery>;
export type SupplyDemandQuery = z.output<typeof contractQueries.supplyDemandQuery>;
export type BuyerListQuery = z.output<typeof contractQueries.buyerListQuery>;
export type LegacyForensicsQuery = z.output<typeof contractQueries.legacyForensicsQuery>;
export type SatelliteListQuery = z.output<typeof contractQueries.satelliteListQuery>;
export type SatelliteListAppQuery = z.output<typeof contractQueries.satelliteListAppQuery>;
export type SatelliteTableQuery = z.output<typeof contractQueries.satelliteTableQuery>;
export const SATELLITE_DEFAULTS = { has_boundary: true, limit: 100, offset: 0 } as const;

export const latestFeedQuery = z.object({
  limit: int().pipe(z.number().min(1).max(200)).optional(),
  category: text().optional(),
});
export type LatestFeedQuery = z.output<typeof latestFeedQuery>;
export const LATEST_FEED_DEFAULT_LIMIT = 50;

export const forensicDiffQuery = z.object({
  week: int().pipe(z.number().min(1).max(53)).optional(),
  year: int().pipe(z.number().min(1900).max(9999)).optional(),
});
export type ForensicDiffQuery = z.output<typeof forensicDiffQuery>;

export const countryUpdatesQuery = z.object({ limit: int().pipe(z.number().min(1).max(100)).optional() });
export type CountryUpdatesQuery = z.output<typeof countryUpdatesQuery>;
export const COUNTRY_UPDATES_DEFAULT_LIMIT = 20;

export const apiKeyCreateBody = z.object({ name: z.string().min(1).max(100) });

// ---- query strings ---------------------------------------------------------------------------

/** Turns a parsed query object back into a query string (repeatable params repeated, in key order). */
export function toQueryString(query: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) sp.append(key, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Collects URLSearchParams into an object: a key seen once is a string, repeated keys an array. */
export function fromSearchParams(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
