/**
 * The service's resources as zod schemas. The client parses every response with
 * these; the reference service and the cache produce values of the same output types.
 * Identity fields (`id`, `project_id`, pagination) are strict; every other field may be absent or null
 * (normalised to null for scalars, [] for arrays, so a missing field and a null field read the same),
 * tonnes may be fractional, and value sets (registries, categories, statuses…) are open strings.
 * What a schema cannot read is not fatal: see src/main/api/item-intake.ts, which keeps the value
 * aside in the item's `extra` fields and quarantines only items without a usable identity.
 */
import { z } from 'zod';

/** A calendar day. A server that writes a day as a datetime (`2020-01-01T00:00:00`) is read as its day. */
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'expected a date YYYY-MM-DD')
  .transform((v) => v.slice(0, 10));
const datetime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/, 'expected an ISO 8601 datetime');

/** A field that may be absent or null: read as null. */
export const nullable = <T extends z.ZodTypeAny>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | null => (v ?? null) as z.output<T> | null);
/** An array field that may be absent or null: read as []. */
export const list = <T extends z.ZodTypeAny>(item: T) =>
  z.array(item).nullish().transform((v): z.output<T>[] => (v ?? []) as z.output<T>[]);
const flag = (fallback: boolean) => z.boolean().nullish().transform((v) => v ?? fallback);
const count = z.number().int().nullish().transform((v) => v ?? 0);
/** Tonnes and sums of tonnes: fractions are normal in registry data, and null means "not stated". */
const amount = nullable(z.number());

export const dateSchema = date;
export const datetimeSchema = datetime;

export const paginationSchema = z.object({
  total_entries: z.number().int().min(0),
  current_page: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  next_page: z.string().nullable(),
});
export type Pagination = z.output<typeof paginationSchema>;

export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ pagination: paginationSchema, data: z.array(item) });
export interface Page<T> {
  pagination: Pagination;
  data: T[];
}

// 2.2 API key
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().optional(),
  key_prefix: z.string(),
  tier: z.string(),
  rate_limit_per_minute: z.number().int().positive(),
  created_at: datetime,
  status: nullable(z.string()),
  expires_at: nullable(datetime),
  last_used_at: nullable(datetime),
  revoked_at: nullable(datetime),
});
export type ApiKey = z.output<typeof apiKeySchema>;

export const apiKeyUsageSchema = z.object({
  total_requests: z.number().int(),
  by_key: z.array(z.object({ key_id: z.string(), key_prefix: z.string(), name: z.string(), requests: z.number().int() })),
  by_day: z.array(z.object({ date, requests: z.number().int() })),
  by_endpoint: z.array(z.object({ endpoint: z.string(), requests: z.number().int() })),
});
export type ApiKeyUsage = z.output<typeof apiKeyUsageSchema>;

// 2.3 Credit transaction
export const creditProjectRefSchema = z.object({
  project_id: z.string(),
  category: nullable(z.string()),
  project_type: nullable(z.string()),
});
export const creditTransactionSchema = z.object({
  id: z.number().int(),
  quantity: amount,
  vintage: nullable(z.number().int()),
  transaction_date: nullable(date),
  transaction_type: nullable(z.string()),
  retirement_account: nullable(z.string()),
  retirement_beneficiary: nullable(z.string()),
  retirement_reason: nullable(z.string()),
  retirement_note: nullable(z.string()),
  retirement_beneficiary_harmonized: nullable(z.string()),
  projects: list(creditProjectRefSchema),
  sdg_goals: list(z.number().int()),
  certifications: list(z.string()),
});
export type CreditTransaction = z.output<typeof creditTransactionSchema>;

// 2.4 Project and clip
export const clipSchema = z.object({
  id: z.number().int(),
  date: nullable(date),
  title: nullable(z.string()),
  url: nullable(z.string()),
  source: nullable(z.string()),
  tags: list(z.string()),
  notes: nullable(z.string()),
  is_waybacked: flag(false),
  type: z.string().nullish().transform((v) => v ?? 'unknown'),
});
export type Clip = z.output<typeof clipSchema>;

export const projectSchema = z.object({
  project_id: z.string(),
  name: nullable(z.string()),
  registry: nullable(z.string()),
  proponent: nullable(z.string()),
  category: nullable(z.string()),
  status: nullable(z.string()),
  country: nullable(z.string()),
  listed_at: nullable(date),
  is_compliance: nullable(z.boolean()),
  first_issuance_at: nullable(date),
  first_retirement_at: nullable(date),
  project_url: nullable(z.string()),
  project_type: nullable(z.string()),
  project_type_source: nullable(z.string()),
  protocol: list(z.string()),
  protocol_version: list(z.string().nullable()),
  retired: amount,
  issued: amount,
  unretired: z.number().nullish(),
  sdg_goals: list(z.number().int().min(1).max(17)),
  certifications: list(z.string()),
  has_ccb: nullable(z.boolean()),
  has_icvcm_ccp: nullable(z.boolean()),
  has_corsia: nullable(z.boolean()),
  has_sdvista: nullable(z.boolean()),
  has_social_carbon: nullable(z.boolean()),
  article6_authorized: nullable(z.boolean()),
  article6_countries: list(z.string()),
  article6_authorization_types: list(z.string()),
  corc_durability: nullable(z.string()),
  clips: list(clipSchema),
  // A server that does not send `unretired` (OffsetsDB has no such field) gets it computed; an explicit null stays null.
}).transform((p) => ({ ...p, unretired: p.unretired !== undefined ? p.unretired : p.issued === null || p.retired === null ? null : p.issued - p.retired }));
export type Project = z.output<typeof projectSchema>;

// 2.5 taxonomy
export const projectTypesSchema = z.record(z.string(), z.array(z.string()));
export type ProjectTypes = z.output<typeof projectTypesSchema>;

// 2.6 legacy forensic analysis
export const legacyForensicSchema = z.object({
  id: z.number().int(),
  project_id: z.string(),
  project_name: nullable(z.string()),
  proponent: nullable(z.string()),
  registry: nullable(z.string()),
  country: nullable(z.string()),
  issued: amount,
  run_date: nullable(datetime),
  status: nullable(z.string()),
  raw_json: nullable(z.string()),
  news_entries_json: nullable(z.string()),
  num_findings: nullable(z.number().int()),
  price_narrative: nullable(z.string()),
  primary_risk: nullable(z.string()),
  value_proposition: nullable(z.string()),
  error_type: nullable(z.string()),
  error_message: nullable(z.string()),
});
export type LegacyForensic = z.output<typeof legacyForensicSchema>;

// 2.7 forensic news entry
export const forensicEntrySchema = z.object({
  id: z.number().int(),
  project_id: z.string(),
  entry_hash: nullable(z.string()),
  date: nullable(z.string()),
  category: nullable(z.string()),
  source: nullable(z.string()),
  key_event: nullable(z.string()),
  market_impact: nullable(z.string()),
  url: nullable(z.string()),
  first_seen_date: nullable(date),
  first_seen_week: nullable(z.number().int()),
  first_seen_year: nullable(z.number().int()),
  is_new_this_week: flag(false),
  project_name: nullable(z.string()),
  project_country: nullable(z.string()),
  project_proponent: nullable(z.string()),
  project_registry: nullable(z.string()),
});
export type ForensicEntry = z.output<typeof forensicEntrySchema>;

// 2.8 memo
export const forensicMemoSchema = z.object({
  project_id: z.string(),
  price_narrative: nullable(z.string()),
  primary_risk: nullable(z.string()),
  value_proposition: nullable(z.string()),
  last_updated: nullable(date),
  total_entries: nullable(z.number().int()),
  future_issuance_assessment: nullable(z.string()),
  project_operational_status: nullable(z.string()),
  development_status: nullable(z.string()),
  estimated_issuance_timeline: nullable(z.string()),
  methodology_risk: nullable(z.string()),
  quality_tier_estimate: nullable(z.string()),
  proponent_assessment: nullable(z.string()),
  deal_flow_signals: nullable(z.string()),
  investment_thesis: nullable(z.string()),
  scan_type: nullable(z.string()),
});
export type ForensicMemo = z.output<typeof forensicMemoSchema>;

// 2.9 stats
export const forensicStatsSchema = z.object({
  total_entries: z.number().int(),
  new_this_week: z.number().int(),
  last_scan_date: nullable(date),
  week_number: nullable(z.number().int()),
  year: nullable(z.number().int()),
});
export type ForensicStats = z.output<typeof forensicStatsSchema>;

export const projectForensicsSchema = z.object({
  project_id: z.string(),
  entries: z.array(forensicEntrySchema),
  memo: forensicMemoSchema.nullable(),
  stats: forensicStatsSchema,
});
export type ProjectForensics = z.output<typeof projectForensicsSchema>;

export const latestForensicFeedSchema = z.object({
  entries: z.array(forensicEntrySchema),
  total_count: z.number().int(),
  new_this_week_count: z.number().int(),
  week: z.number().int(),
  year: z.number().int(),
});
export type LatestForensicFeed = z.output<typeof latestForensicFeedSchema>;

// 2.10 weekly diff (nullable body)
export const forensicDiffSchema = z.object({
  project_id: z.string(),
  week_date: date,
  week_number: z.number().int(),
  year: z.number().int(),
  new_entries_count: z.number().int(),
  memo_changed: z.boolean(),
  headline: nullable(z.string()),
  week_summary: nullable(z.string()),
  // Kept as the service sent them (stored as JSON): an entry without identity is still part of the week's story.
  new_entries: z.array(forensicEntrySchema.partial().extend({ id: z.number().int().nullish(), project_id: z.string().nullish() }).passthrough()),
});
export type ForensicDiff = z.output<typeof forensicDiffSchema>;

// 2.11 buyer
export const buyerSchema = z.object({
  buyer_name: z.string(),
  total_volume: z.number(),
  volume_12m: z.number(),
  volume_60d: z.number(),
  avg_transaction_size: z.number(),
  total_transactions: z.number().int(),
  transactions_12m: z.number().int(),
  transactions_60d: z.number().int(),
  transactions_per_year: z.number(),
  first_purchase: nullable(date),
  last_purchase: nullable(date),
  days_since_last: nullable(z.number().int()),
  top_category: nullable(z.string()),
  top_country: nullable(z.string()),
  top_registry: nullable(z.string()),
  is_active_12m: z.boolean(),
  is_active_60d: z.boolean(),
  /**
   * Of total_transactions, the retirements counted for this buyer by their beneficiary as written,
   * having no harmonized name (Carbon Desk's buyers; a server may not send it).
   */
  unharmonized_transactions: z.number().int().optional(),
});
export type Buyer = z.output<typeof buyerSchema>;

// 2.12 buyer analytics
export const buyerAnalyticsSchema = z.object({
  buyer_name: z.string(),
  summary: z.object({ total_retirements: z.number(), avg_vintage: z.number().nullable(), total_transactions: z.number().int() }),
  retirements_by_vintage: z.array(z.object({ vintage: z.number().int(), quantity: z.number() })),
  portfolio_by_category: z.object({
    /** Retired volume per category in the current calendar year, so far (year to date). */
    current_year: z.record(z.string(), z.number()),
    /** The whole previous year. */
    previous_year: z.record(z.string(), z.number()),
    /** The previous year from 1 Jan to the same month and day as today (28 Feb for a 29 Feb). Not every server sends it. */
    previous_year_to_date: z.record(z.string(), z.number()).optional(),
    /** The market's today: the last day of both year-to-date periods. Sent with previous_year_to_date. */
    as_of: date.optional(),
  }),
  retirements_time_series: z.array(z.object({ date: z.string(), quantity: z.number() })),
});
export type BuyerAnalytics = z.output<typeof buyerAnalyticsSchema>;

// 2.13 satellite metrics
export const satelliteMetricsSchema = z.object({
  project_id: z.string(),
  has_boundary: z.boolean(),
  boundary_source: nullable(z.string()),
  area_km2: nullable(z.number()),
  integrity_score: nullable(z.number()),
  risk_level: nullable(z.string()),
  risk_trajectory: nullable(z.string()),
  total_loss_ha: nullable(z.number()),
  total_loss_pct: nullable(z.number()),
  loss_by_year: z.record(z.string(), z.number()).nullish().transform((v) => v ?? {}),
  peak_loss_year: nullable(z.number().int()),
  peak_loss_ha: nullable(z.number()),
  alert_count_12m: nullable(z.number().int()),
  alert_area_ha: nullable(z.number()),
  fire_count_12m: nullable(z.number().int()),
  last_updated: nullable(datetime),
});
export type SatelliteMetrics = z.output<typeof satelliteMetricsSchema>;

// GeoJSON (RFC 7946) for boundaries
const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const ring = z.array(position).min(4);
export const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) });
export const multiPolygonSchema = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) });
export const boundaryFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.discriminatedUnion('type', [polygonSchema, multiPolygonSchema]),
  properties: z.record(z.string(), z.unknown()).nullable(),
  id: z.union([z.string(), z.number()]).optional(),
});
export const boundarySchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(boundaryFeatureSchema),
  bbox: z.array(z.number()).optional(),
});
export type Boundary = z.output<typeof boundarySchema>;

// 2.14 country profile
const strings = list(z.string());
export const countryProfileSchema = z.object({
  country_code: z.string().length(2),
  country_name: nullable(z.string()),
  region: nullable(z.string()),
  subregion: nullable(z.string()),
  article6_status: nullable(z.string()),
  article6_host_loas: nullable(z.number().int()),
  article6_bilateral_partners: strings,
  article6_first_loa_date: nullable(date),
  article6_buyer_loas: nullable(z.number().int()),
  corsia_eligible: nullable(z.boolean()),
  corsia_phase: nullable(z.string()),
  corsia_commitment: nullable(z.string()),
  has_carbon_tax: nullable(z.boolean()),
  carbon_tax_rate_usd: nullable(z.number()),
  has_ets: nullable(z.boolean()),
  ets_name: nullable(z.string()),
  eu_eligible: nullable(z.boolean()),
  cbam_exposure: nullable(z.string()),
  vcm_regulatory_status: nullable(z.string()),
  export_restrictions: nullable(z.boolean()),
  domestic_retention_pct: nullable(z.number()),
  policy_summary: nullable(z.string()),
  recent_developments: nullable(z.string()),
  market_outlook: nullable(z.string()),
  key_risks: nullable(z.string()),
  key_opportunities: nullable(z.string()),
  last_ai_scan_date: nullable(date),
  updated_at: nullable(datetime),
  article6_host_signed: count,
  article6_host_mous: count,
  host_agreements: list(z.record(z.string(), z.unknown())),
  is_buyer_country: flag(false),
  buyer_host_partners: strings,
  buyer_agreements: list(z.record(z.string(), z.unknown())),
  has_initial_report: flag(false),
  initial_report_date: nullable(date),
  cooperative_approach_ids: strings,
  has_dna: flag(false),
  dna_authority_name: nullable(z.string()),
  has_participation_requirements: flag(false),
  participation_requirements_date: nullable(date),
  jcm_project_count: count,
  jcm_total_reductions_ktco2e: nullable(z.number()),
  ca_policy: nullable(z.string()),
  ca_for_vcm: nullable(z.boolean()),
  ca_first_transfer_date: nullable(date),
  country_risk_score: nullable(z.number()),
  country_risk_factors: strings,
  ndc_target_year: nullable(z.number().int()),
  ndc_base_year: nullable(z.number().int()),
  ndc_reduction_pct: nullable(z.number()),
  ndc_conditional: nullable(z.boolean()),
  ndc_last_updated: nullable(date),
  total_projects: nullable(z.number().int()),
  total_credits_issued: amount,
  total_credits_retired: amount,
  active_registries: strings,
});
export type CountryProfile = z.output<typeof countryProfileSchema>;

/** Country policy update (shape not shown in the spec; ours, documented in the README). */
export const countryUpdateSchema = z.object({
  id: z.number().int(),
  country_code: z.string().length(2),
  date: nullable(date),
  headline: nullable(z.string()),
  description: nullable(z.string()),
  market_impact: nullable(z.string()),
  source_url: nullable(z.string()),
  week: nullable(z.number().int()),
  year: nullable(z.number().int()),
});
export type CountryUpdate = z.output<typeof countryUpdateSchema>;

// 2.15 chart points
export const timeBinPointSchema = z.object({ start: date, end: date, value: z.number() });
export type TimeBinPoint = z.output<typeof timeBinPointSchema>;
export const categoryPointSchema = z.object({ category: z.string(), retired: z.number(), issued: z.number() });
export type CategoryPoint = z.output<typeof categoryPointSchema>;
export const listingPointSchema = z.object({ start: date, end: date, category: z.string(), value: z.number() });
export type ListingPoint = z.output<typeof listingPointSchema>;
export const supplyDemandSchema = z.object({
  data: z.array(z.object({ period: z.string(), issuances: z.number(), retirements: z.number() })),
  totals: z.object({ issuances: z.number(), retirements: z.number() }),
});
export type SupplyDemand = z.output<typeof supplyDemandSchema>;

// 2.16 and the other error bodies
export const validationErrorSchema = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
});
export type ValidationErrorBody = z.output<typeof validationErrorSchema>;
/** Non-validation error body of the reference service: { detail: { code, message } }; FastAPI's { detail: "text" } is accepted too. */
export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.object({ code: z.string(), message: z.string() }).passthrough()]),
});

/**
 * Fields of an item that Carbon Desk does not model, or could not read, keyed by their wire name and
 * kept as they came (the client's item intake puts them aside; the cache stores them as JSON).
 */
export type ExtraFields = Record<string, unknown>;
/** An item as taken in from a server: the schema's output plus the fields kept aside (null when none). */
export type WithExtra<T> = T & { extra?: ExtraFields | null };
