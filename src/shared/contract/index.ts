/**
 * THE contract: every capability of the back end, declared once. src/main/rpc implements it as one
 * handler map; the Electron host (ipcMain), the web host (HTTP) and the CLI serve that map; the
 * preload and the renderer's HTTP bridge expose one typed function per method.
 */
import { z } from 'zod';
import * as api from '../api';
import type {
  ApiKey,
  ApiKeyUsage,
  Boundary,
  Buyer,
  BuyerAnalytics,
  CategoryPoint,
  CountryProfile,
  CountryUpdate,
  CreditTransaction,
  ForensicDiff,
  LatestForensicFeed,
  LegacyForensic,
  ListingPoint,
  Page,
  Project,
  ProjectForensics,
  ProjectTypes,
  SatelliteMetrics,
  SupplyDemand,
  TimeBinPoint,
} from '../api';
import { claimsSignalsMethods } from './claims-signals';
import { method, query } from './define';
import type { AppInfo, ForensicCounts, ProjectRefresh, CacheInfo, CategoryYearPoint, ChangeEntry, ChangeSummary, Connection, CreditTotals, DataIssue, ProjectFacets, ProjectTotals, ConnectionStatus, MirrorPlan, SkippedItemRecord, SyncStatus, UpdateCheck, WatchItem } from './app-types';
import { CHANGE_KINDS, DATA_ISSUE_KINDS, SYNC_JOBS } from './app-types';

/** Where a change period starts: the last sync, a date, or a sync run. */
const changesSince = z.union([
  z.literal('last_sync'),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'a real date'),
  z.number().int().min(1),
]);
import { type ExportJob, exportStartInput } from './export-types';
import { HOLDING_FIELDS, REPORT_FORMATS, type PortfolioDetail, type PortfolioImport, type PortfolioSummary, type ReportFile } from './portfolio-types';

export * from './app-types';
export * from './export-types';
export * from './portfolio-types';
export * from './claims-signals';
export type { MethodSource, MethodSpec } from './define';

const none = z.object({}).strict();
/** The query inputs: open value sets (any registry, category, type…), both spellings of beneficiary fields. */
const q = api.contractQueries;
const project_id = z.string().min(1).max(64);
const buyer_name = z.string().min(1).max(300);
const country_code = z.string().regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 code');

export interface CountryIndexEntry {
  country: string;
  country_code: string | null;
  projects: number;
  issued: number;
  retired: number;
  has_profile: boolean;
  /** The profile's country risk score as the service sends it (null without a profile or a score). */
  country_risk_score: number | null;
}

/** A row of the app's satellite table: the project's metrics with its name and country (null when the project is not cached). */
export type SatelliteTableRow = SatelliteMetrics & { project_name: string | null; country: string | null };

export interface PaletteHit {
  kind: 'project' | 'buyer' | 'country';
  id: string;
  label: string;
  /** A line under the label, ready to show (buyers, countries); projects leave it null and give their facts below. */
  detail: string | null;
  /** A project's registry and country as stored (the palette shows the registry by its display name). */
  registry?: string | null;
  country?: string | null;
}

/** The palette's answer: the best hits, and how many projects, buyers and countries match in all. */
export interface PaletteSearch {
  hits: PaletteHit[];
  matches: { projects: number; buyers: number; countries: number };
}

export const contract = {
  // app and connections -------------------------------------------------------------------------
  'app.info': method(none, 'Version, data folder, host and the selected connection').returns<AppInfo>(),
  'app.checkForUpdates': method(none, 'Check the update feed now (the desktop app, when built with a feed); a newer version downloads and installs on restart').returns<UpdateCheck>(),
  'connections.list': method(none, 'Every configured connection').returns<Connection[]>(),
  'connections.add': method(
    z.object({
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().url().refine((u) => /^https?:\/\//.test(u), 'base URL must be http(s)'),
      apiKey: z.string().min(8).max(512),
    }).strict(),
    'Add a service connection; the API key goes to the OS keychain and is never returned',
  ).returns<Connection>(),
  'connections.remove': method(
    z.object({ id: z.string().min(1).max(100) }).strict(),
    'Remove a connection, its stored key and its cache file',
  ).returns<Connection[]>(),
  'connections.select': method(
    z.object({ id: z.string().min(1).max(100) }).strict(),
    'Make a connection the current one',
  ).returns<AppInfo>(),
  'connections.status': method(none, 'Whether the service of the current connection answers').returns<ConnectionStatus>(),

  // sync ------------------------------------------------------------------------------------------
  'sync.start': method(
    z.object({ jobs: z.array(z.enum(SYNC_JOBS)).min(1).optional(), full: z.boolean().optional() }).strict(),
    'Start (or resume) syncing the current connection into its cache',
  ).returns<SyncStatus>(),
  'sync.pause': method(none, 'Pause the running sync after the page in flight').returns<SyncStatus>(),
  'sync.resume': method(none, 'Resume a paused sync').returns<SyncStatus>(),
  'sync.cancel': method(none, 'Cancel the running sync (written pages stay)').returns<SyncStatus>(),
  'sync.status': method(none, 'Per-job progress of the current sync').returns<SyncStatus>(),
  'sync.skippedItems': method(
    z.object({ job: z.enum(SYNC_JOBS).optional(), limit: z.number().int().min(1).max(10_000).optional() }).strict(),
    'Items the latest passes could not store (no usable identity): job, page, position, field, reason, an excerpt',
  ).returns<SkippedItemRecord[]>(),
  'sync.dataIssues': method(
    z.object({ job: z.enum(SYNC_JOBS).optional(), kind: z.enum(DATA_ISSUE_KINDS).optional(), limit: z.number().int().min(1).max(10_000).optional() }).strict(),
    'What the latest passes met that was not as it should be: items skipped (no usable identity) and values that did not fit their field (stored as null, kept as sent): kind, job, page, item, field, reason, an excerpt',
  ).returns<DataIssue[]>(),
  'watchlist.list': method(none, 'Watched projects, buyers and countries with their names and freshness').returns<WatchItem[]>(),
  'watchlist.set': method(
    z.object({
      kind: z.enum(['project', 'buyer', 'country']).default('project'),
      id: z.string().trim().min(1).max(300),
      watched: z.boolean(),
    }).strict(),
    'Watch or unwatch a project, buyer (harmonized name) or country (ISO code): watched items are synced first, and kept when the mirror is set to the watchlist only',
  ).returns<WatchItem[]>(),
  'sync.mirror': method(
    z.object({ scope: z.enum(['everything', 'watchlist']).optional() }).strict(),
    'The offline mirror\'s scope (set it with `scope`) and the items, requests, time and disk each scope takes at the key\'s allowance',
  ).returns<MirrorPlan>(),
  'projects.refresh': method(
    z.object({ project_id }).strict(),
    'Fetch one project\'s detail, boundary, forensics and country updates now (on demand); `errors` are `part: code: reason`, `message` says the outcome in words',
  ).returns<ProjectRefresh>(),

  // projects --------------------------------------------------------------------------------------
  'projects.list': query(
    q.projectListQuery.strict(),
    'Projects: group P filters, search, sort, paging (as GET /v1/projects/)',
  ).returns<Page<Project>>(),
  'projects.get': query(
    z.object({ project_id }).strict(),
    'One project with clips and unretired (as GET /v1/projects/{id})',
  ).returns<Project>(),
  'projects.types': query(none, 'Project type taxonomy').returns<ProjectTypes>(),
  'projects.totals': query(
    q.projectListQuery.omit({ current_page: true, per_page: true, sort: true }).strict(),
    'App-only: totals of the projects projects.list would list with these filters (count, issued, retired, unretired, countries, registries)',
  ).returns<ProjectTotals>(),
  'projects.facets': query(
    q.projectListQuery.omit({ current_page: true, per_page: true, sort: true }).strict(),
    'App-only: the registries, categories, countries, project types and certifications present in the cache, each with the projects it would list given the other filters',
  ).returns<ProjectFacets>(),

  // credits ---------------------------------------------------------------------------------------
  'credits.list': query(
    q.creditListAppQuery.strict(),
    'Credit transactions: project ids, groups P, C, B, sort, paging (as GET /v1/credits/); app-only: buyer (exact harmonized name)',
  ).returns<Page<CreditTransaction>>(),

  'credits.totals': query(
    q.creditListAppQuery.omit({ current_page: true, per_page: true, sort: true }).strict(),
    'App-only: totals of the transactions credits.list would list with these filters (count, distinct projects and buyers, volume, per type)',
  ).returns<CreditTotals>(),

  // charts ----------------------------------------------------------------------------------------
  'charts.retirementsByVintage': query(q.retirementsByVintageQuery.extend({ project_id }).strict(), 'Retirements per vintage for one project').returns<Page<TimeBinPoint>>(),
  'charts.creditsByTransactionDate': query(q.creditsByTransactionDateQuery.extend({ project_id }).strict(), 'Credits per transaction-date bin for one project').returns<Page<TimeBinPoint>>(),
  'charts.creditsByTransactionDateAll': query(
    q.globalCreditsByTransactionDateQuery.strict(),
    'Credits per transaction-date bin over all (filtered) projects',
  ).returns<Page<TimeBinPoint>>(),
  'charts.creditsByCategory': query(
    q.creditsByCategoryQuery.strict(),
    'Issued and retired per category',
  ).returns<Page<CategoryPoint>>(),
  'charts.projectsByListingDate': query(
    q.projectsByListingDateQuery.strict(),
    'Projects per listing-date bin and category',
  ).returns<Page<ListingPoint>>(),
  'charts.categoryByYear': query(
    q.projectListQuery.omit({ current_page: true, per_page: true, sort: true }).strict(),
    'App-only: credits issued and retired per year of the transaction dates and per category of the parent project, over the projects these filters list (year null: undated transactions)',
  ).returns<Page<CategoryYearPoint>>(),
  'charts.supplyDemand': query(
    q.supplyDemandQuery.strict(),
    'Issuances vs retirements per period (the current incomplete period left out)',
  ).returns<SupplyDemand>(),

  // buyers ----------------------------------------------------------------------------------------
  'buyers.list': query(
    q.buyerListQuery.strict(),
    'Buyers aggregated from retirements: P and C before, buyer filters after',
  ).returns<Page<Buyer>>(),
  'buyers.get': query(
    z.object({ buyer_name }).strict(),
    'One buyer (harmonized name, case-insensitive)',
  ).returns<Buyer>(),
  'buyers.analytics': query(
    z.object({ buyer_name }).strict(),
    'A buyer\'s vintages, monthly series and portfolio by category',
  ).returns<BuyerAnalytics>(),

  // forensics -------------------------------------------------------------------------------------
  'forensics.latest': query(
    api.latestFeedQuery.extend({ offset: z.number().int().min(0).max(100_000).optional() }).strict(),
    'The latest AI forensic news feed, newest first (app-only `offset`: the cached entries from that position, to page through them)',
  ).returns<LatestForensicFeed>(),
  'forensics.counts': query(
    z.object({ category: z.string().max(200).optional() }).strict(),
    'App-only: every count of forensic entries, from one definition: the service\'s (as its feed said), the cached feed\'s (of `category`), the cached dossiers\'',
  ).returns<ForensicCounts>(),
  'forensics.project': query(
    z.object({ project_id }).strict(),
    'A project\'s forensic entries, memo and stats (v2, v1 fallback)',
  ).returns<ProjectForensics>(),
  'forensics.diff': query(
    api.forensicDiffQuery.extend({ project_id }).strict(),
    'A project\'s weekly forensic diff (null when none that week)',
  ).returns<ForensicDiff | null>(),
  'forensics.legacy': query(
    q.legacyForensicsQuery.strict(),
    'Legacy v1 forensic analyses (deprecated)',
  ).returns<Page<LegacyForensic>>(),

  // satellite ------------------------------------------------------------------------------------
  'satellite.list': query(
    q.satelliteListAppQuery.strict(),
    'Satellite metrics (limit/offset, plain array); app-only: search by project id or name, sort, boundary_cached',
  ).returns<SatelliteMetrics[]>(),
  'satellite.table': query(
    q.satelliteTableQuery.strict(),
    'Satellite metrics as the app\'s table pages them (pagination envelope), with the same filters, search and sort',
  ).returns<Page<SatelliteTableRow>>(),
  'satellite.project': query(
    z.object({ project_id }).strict(),
    'One project\'s satellite metrics (or why the cache holds none)',
  ).returns<SatelliteMetrics>(),
  'satellite.boundary': query(
    z.object({ project_id }).strict(),
    'A project\'s boundary as an RFC 7946 FeatureCollection',
  ).returns<Boundary>(),
  'satellite.boundaries': query(
    z.object({ risk_level: api.openValue().optional() }).strict(),
    'Every cached boundary (optionally by risk level) as one FeatureCollection with metrics as properties',
  ).returns<Boundary>(),

  // countries -------------------------------------------------------------------------------------
  'countries.index': query(none, 'Countries of cached projects with their totals').returns<CountryIndexEntry[]>(),
  'countries.get': query(
    z.object({ country_code }).strict(),
    'A country policy profile',
  ).returns<CountryProfile>(),
  'countries.updates': query(
    api.countryUpdatesQuery.extend({ country_code }).strict(),
    'A country\'s policy updates, most recent first',
  ).returns<CountryUpdate[]>(),

  // change log -----------------------------------------------------------------------------------
  'changes.list': query(
    z.object({
      since: changesSince.optional(),
      kinds: z.array(z.enum(CHANGE_KINDS)).max(CHANGE_KINDS.length).optional(),
      watched_only: z.boolean().optional(),
      project_id: z.string().trim().min(1).max(100).optional(),
      buyer: z.string().trim().min(1).max(300).optional(),
      country: z.string().trim().min(1).max(100).optional(),
      current_page: z.number().int().min(1).max(1_000_000).optional(),
      per_page: z.number().int().min(1).max(1000).optional(),
    }).strict(),
    'What the syncs found that moved (since the last sync by default, a date YYYY-MM-DD or a run id): watched items first, then by kind',
  ).returns<Page<ChangeEntry>>(),
  'changes.summary': query(
    z.object({ since: changesSince.optional() }).strict(),
    'Changes per kind since the last sync (or a date or run id), with the new credit volume and the changes of watched items',
  ).returns<ChangeSummary>(),

  // claims and integrity signals (claims-signals.ts) ---------------------------------------------
  ...claimsSignalsMethods,

  // search ----------------------------------------------------------------------------------------
  'palette.search': query(
    z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(50).optional() }).strict(),
    'Projects, buyers and countries by name or id (command palette), with how many of each match in all',
  ).returns<PaletteSearch>(),

  // API keys on the connected account (remote) -----------------------------------------------------
  'keys.list': method(none, 'Keys of the connected account (prefixes only)').returns<ApiKey[]>(),
  'keys.create': method(
    z.object({ name: z.string().trim().min(1).max(100) }).strict(),
    'Create a key; the full value is in this one response only',
  ).returns<ApiKey>(),
  'keys.revoke': method(
    z.object({ id: z.string().min(1).max(100) }).strict(),
    'Revoke a key of the connected account',
  ).returns<ApiKey[]>(),
  'keys.usage': method(none, 'Usage statistics of the connected account').returns<ApiKeyUsage>(),

  // export -------------------------------------------------------------------------------------------
  'export.start': method(
    exportStartInput,
    'Export a table (CSV) or boundaries (GeoJSON) from the cache with the list\'s filters and sort; progress as export.progress events',
  ).returns<ExportJob>(),
  'export.status': method(z.object({ exportId: z.string().min(1).max(100) }).strict(), 'An export\'s state, rows and where its file is').returns<ExportJob>(),
  'export.cancel': method(z.object({ exportId: z.string().min(1).max(100) }).strict(), 'Cancel a running export (its partial file is removed)').returns<ExportJob>(),

  // portfolios ------------------------------------------------------------------------------------
  'portfolios.import': method(
    z.object({
      name: z.string().trim().min(1).max(200),
      file_name: z.string().max(500).optional(),
      /** The file's bytes, base64 (at most 50 MB decoded). */
      content_base64: z.string().min(1).max(70_000_000),
      sheet: z.string().max(200).optional(),
      /** Per field, the header (as written in the file) to read it from: the mapping dialog's answer. */
      mapping: z.partialRecord(z.enum(HOLDING_FIELDS), z.string().max(500)).optional(),
    }).strict(),
    'Import a holdings file (CSV or XLSX) as a portfolio of the current connection and screen it; without the columns it needs, nothing is saved and the headers found are returned',
  ).returns<PortfolioImport>(),
  'portfolios.list': method(none, 'The portfolios of the current connection with their totals per rule').returns<PortfolioSummary[]>(),
  'portfolios.get': method(
    z.object({
      id: z.number().int().min(1),
      rule: z.string().max(100).optional(),
      current_page: z.number().int().min(1).max(1_000_000).optional(),
      per_page: z.number().int().min(1).max(1000).optional(),
    }).strict(),
    'A portfolio: its totals, the rules\' definitions and a page of holdings with their flags (optionally those one rule flags)',
  ).returns<PortfolioDetail>(),
  'portfolios.report': method(
    z.object({ id: z.number().int().min(1), format: z.enum(REPORT_FORMATS) }).strict(),
    'A portfolio\'s due-diligence report (PDF, HTML or Markdown) from the cache, offline: summary, holdings with flags, evidence per flagged holding, provenance',
  ).returns<ReportFile>(),
  'portfolios.remove': method(z.object({ id: z.number().int().min(1) }).strict(), 'Remove a portfolio and its holdings').returns<PortfolioSummary[]>(),

  // cache -----------------------------------------------------------------------------------------
  'cache.info': method(none, 'Cache file location, size and row counts').returns<CacheInfo>(),
  'cache.clear': method(none, 'Delete every cached row of the current connection').returns<CacheInfo>(),
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodInput<K extends MethodName> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends MethodName> = z.output<Contract[K]['input']>;
export type MethodOutput<K extends MethodName> = Contract[K]['output'];
export const METHOD_NAMES = Object.keys(contract) as MethodName[];
/** The methods the query layer answers from the local cache (declared with `query(...)` above). */
export type QueryMethod = { [K in MethodName]: Contract[K]['source'] extends 'cache' ? K : never }[MethodName];
export const QUERY_METHODS = METHOD_NAMES.filter((m): m is QueryMethod => contract[m].source === 'cache');

/** Typed events pushed from the back end to every window. */
export interface ContractEvents {
  'sync.progress': SyncStatus;
  'connection.status': ConnectionStatus;
  'export.progress': { exportId: string; rows: number; totalRows: number | null; state: 'running' | 'done' | 'failed' | 'cancelled'; error: string | null };
  /** The back end asks the window to open a view (a clicked desktop notification). */
  'app.navigate': { path: string };
}
export type EventName = keyof ContractEvents;
export const EVENT_NAMES: EventName[] = ['sync.progress', 'connection.status', 'export.progress', 'app.navigate'];

/** The shape the renderer calls: `carbon.projects.list(input)`; one function per method. */
type Split<K extends string> = K extends `${infer NS}.${infer M}` ? [NS, M] : never;
type Namespaces = Split<MethodName>[0];
export type CarbonApi = {
  [NS in Namespaces]: {
    [K in MethodName as Split<K>[0] extends NS ? Split<K>[1] : never]: (input: MethodInput<K>) => Promise<MethodOutput<K>>;
  };
} & {
  on<E extends EventName>(event: E, listener: (payload: ContractEvents[E]) => void): () => void;
};

/** Splits 'projects.list' into its namespace and member. */
export function splitMethod(name: MethodName): [string, string] {
  const i = name.indexOf('.');
  return [name.slice(0, i), name.slice(i + 1)];
}
