/**
 * Every operation the cache worker answers, by name: the sync engine's writes (`write:*`, `sync:*`),
 * the app's reads of cache state (`read:*`), and the query layer's functions (`query:<name>`).
 * A sync step (`sync:step`) applies its writes AND advances the job's cursor in ONE transaction.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type {
  ApiKey, Boundary, CountryProfile, CountryUpdate, CreditTransaction, ForensicDiff, LatestForensicFeed, LegacyForensic,
  Project, ProjectForensics, ProjectTypes, SatelliteMetrics,
} from '../../shared/api';
import type { CacheInfo } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { refreshAggregates } from '../analytics/aggregates';
import { analyticsQueries } from '../analytics/index';
import { AccountRepository } from './repositories/account-repository';
import { CountryRepository } from './repositories/country-repository';
import { CreditTransactionRepository } from './repositories/credit-transaction-repository';
import { ForensicRepository } from './repositories/forensic-repository';
import { ProjectRepository } from './repositories/project-repository';
import { SatelliteRepository } from './repositories/satellite-repository';
import { SyncStateRepository, type SyncCheckpoint, type SyncCursor } from './repositories/sync-state-repository';

export type CacheOp = (args: any) => unknown;

export interface SyncStepArgs {
  job: string;
  writes: Array<{ op: string; args: unknown }>;
  /** The cursor after this step; null/omitted = every page written. */
  cursor: SyncCursor | null;
  rows: number;
  totals?: { rows?: number | null; pages?: number | null };
  /** Pages this step holds (default 1). */
  pages?: number;
}

/** Tables whose rows of older passes a complete pass removes, per job. */
const RECONCILERS: Record<string, (r: Repositories) => (pass: number) => number> = {
  projects: (r) => (pass) => r.projects.removeProjectsBefore(pass),
  credits: (r) => (pass) => r.credits.removeCreditTransactionsBefore(pass),
  forensicsLegacy: (r) => (pass) => r.forensics.removeLegacyForensicsBefore(pass),
  satellite: (r) => (pass) => r.satellite.removeSatelliteMetricsBefore(pass),
};

/** Tables kept by cache.clear: the user's own choices, and the schema record. */
const KEPT_ON_CLEAR = new Set(['schema_migrations', 'watchlist']);

interface Repositories {
  projects: ProjectRepository;
  credits: CreditTransactionRepository;
  forensics: ForensicRepository;
  satellite: SatelliteRepository;
  countries: CountryRepository;
  account: AccountRepository;
  syncState: SyncStateRepository;
}

function userTables(db: Database.Database): Array<{ name: string; virtual: boolean }> {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((r) => /CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  // FTS shadow tables (<name>_data, _idx, _content, _docsize, _config) belong to their virtual table.
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  return rows.filter((r) => !shadow(r.name)).map((r) => ({ name: r.name, virtual: virtual.includes(r.name) }));
}

export function createCacheOps(db: Database.Database, file: string): Record<string, CacheOp> {
  const r: Repositories = {
    projects: new ProjectRepository(db),
    credits: new CreditTransactionRepository(db),
    forensics: new ForensicRepository(db),
    satellite: new SatelliteRepository(db),
    countries: new CountryRepository(db),
    account: new AccountRepository(db),
    syncState: new SyncStateRepository(db),
  };

  const writes: Record<string, CacheOp> = {
    'write:projects': (a: { items: Project[]; pass: number; withClips: boolean }) => r.projects.upsertProjects(a.items, a.pass, a.withClips),
    'write:projectDetail': (a: { project: Project }) => r.projects.upsertProjectDetail(a.project, r.syncState.get('projects').pass),
    'write:projectTypes': (a: { types: ProjectTypes }) => r.projects.replaceProjectTypes(a.types),
    'write:creditTransactions': (a: { items: CreditTransaction[]; pass: number }) => r.credits.upsertCreditTransactions(a.items, a.pass),
    'write:latestFeed': (a: { feed: LatestForensicFeed; limit: number }) => r.forensics.replaceLatestFeed(a.feed, a.limit),
    'write:projectForensics': (a: { projectId: string; forensics: ProjectForensics | null }) =>
      r.forensics.replaceProjectForensics(a.projectId, a.forensics),
    'write:forensicDiff': (a: { projectId: string; year: number; week: number; diff: ForensicDiff | null }) =>
      r.forensics.putForensicDiff(a.projectId, a.year, a.week, a.diff),
    'write:legacyForensics': (a: { items: LegacyForensic[]; pass: number }) => r.forensics.upsertLegacyForensics(a.items, a.pass),
    'write:satelliteMetrics': (a: { items: SatelliteMetrics[]; pass: number }) => r.satellite.upsertSatelliteMetrics(a.items, a.pass),
    'write:boundary': (a: { projectId: string; boundary: Boundary | null }) => r.satellite.putProjectBoundary(a.projectId, a.boundary),
    'write:projectCountries': (a: { entries: Array<{ country: string; country_code: string | null }> }) =>
      r.countries.replaceProjectCountries(a.entries),
    'write:countryProfile': (a: { code: string; profile: CountryProfile | null }) => r.countries.putCountryProfile(a.code, a.profile),
    'write:countryUpdates': (a: { code: string; updates: CountryUpdate[] }) => r.countries.replaceCountryUpdates(a.code, a.updates),
    'write:apiKeys': (a: { keys: ApiKey[]; currentKeyId: string | null }) => r.account.replaceApiKeys(a.keys, a.currentKeyId),
    'write:watchlist': (a: { projectId: string; watched: boolean }) => r.account.setWatched(a.projectId, a.watched),
  };

  const runWrites = (list: Array<{ op: string; args: unknown }>) => {
    for (const w of list) {
      const fn = writes[w.op];
      if (!fn) throw new ContractError('internal_error', `Unknown cache write '${w.op}'`);
      fn(w.args);
    }
  };

  const step = db.transaction((a: SyncStepArgs) => {
    runWrites(a.writes);
    r.syncState.advance(a.job, a.cursor, a.rows, a.totals, a.pages ?? 1);
  });
  const writeAll = db.transaction((list: Array<{ op: string; args: unknown }>) => runWrites(list));

  const succeed = db.transaction((a: { job: string; reconcile: boolean }) => {
    const cp = r.syncState.get(a.job);
    const reconciler = RECONCILERS[a.job];
    const removed = a.reconcile && cp.mode === 'full' && reconciler ? reconciler(r)(cp.pass) : 0;
    return { removed, checkpoint: r.syncState.succeed(a.job) };
  });

  const cacheInfo = (): CacheInfo => {
    const tables: Record<string, number> = {};
    for (const t of userTables(db)) {
      if (t.virtual || t.name === 'schema_migrations') continue;
      tables[t.name] = (db.prepare(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n;
    }
    const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    const last = db.prepare('SELECT max(last_success_at) AS at FROM sync_state').get() as { at: string | null };
    return { path: file, sizeBytes: size(file) + size(`${file}-wal`), tables, lastSyncAt: last.at };
  };

  const clear = db.transaction(() => {
    const tables = userTables(db);
    for (const t of tables) if (!t.virtual && !KEPT_ON_CLEAR.has(t.name)) db.prepare(`DELETE FROM "${t.name}"`).run();
    for (const t of tables) if (t.virtual) db.prepare(`INSERT INTO "${t.name}" ("${t.name}") VALUES ('rebuild')`).run();
  });

  const ops: Record<string, CacheOp> = {
    ...writes,
    'write:many': (a: { writes: Array<{ op: string; args: unknown }> }) => writeAll(a.writes),
    'sync:checkpoints': (): SyncCheckpoint[] => r.syncState.all(),
    'sync:checkpoint': (a: { job: string }) => r.syncState.get(a.job),
    'sync:begin': (a: { job: string; mode: SyncCheckpoint['mode']; cursor: SyncCursor; windowFrom?: string | null; restart?: boolean }) =>
      r.syncState.begin(a.job, a.mode, a.cursor, a.windowFrom ?? null, a.restart ?? false),
    'sync:step': (a: SyncStepArgs) => {
      const t0 = performance.now();
      step(a);
      return { ms: performance.now() - t0 };
    },
    'sync:succeed': (a: { job: string; reconcile: boolean }) => {
      const result = succeed(a);
      refreshAggregates(db, a.job);
      return result;
    },
    'sync:fail': (a: { job: string; state: 'failed' | 'cancelled' | 'idle'; error: { code: string; message: string } | null }) =>
      r.syncState.fail(a.job, a.state, a.error),
    'sync:refreshAggregates': (a: { job: string }) => refreshAggregates(db, a.job),
    'read:countryNames': () => r.projects.countryNames(),
    'read:countryCodes': () =>
      (db.prepare('SELECT DISTINCT country_code FROM project_countries WHERE country_code IS NOT NULL ORDER BY country_code').all() as Array<{ country_code: string }>).map((x) => x.country_code),
    'read:watchlist': () => r.account.watchlist(),
    'read:latestCreditDate': () =>
      (db.prepare('SELECT max(transaction_date) AS d FROM credit_transactions').get() as { d: string | null }).d,
    'read:rateLimit': () =>
      (db.prepare('SELECT rate_limit_per_minute AS r FROM api_key_info WHERE is_current = 1').get() as { r: number } | undefined)?.r ?? null,
    'read:projectCountry': (a: { projectId: string }) =>
      (db.prepare('SELECT pc.country_code AS code FROM projects p LEFT JOIN project_countries pc ON pc.country = p.country WHERE p.project_id = ?').get(a.projectId) as { code: string | null } | undefined)?.code ?? null,
    'read:cacheInfo': cacheInfo,
    'write:clear': () => {
      clear();
      db.pragma('wal_checkpoint(TRUNCATE)');
      return cacheInfo();
    },
  };
  for (const [name, fn] of Object.entries(analyticsQueries)) ops[`query:${name}`] = (args) => fn(db, args);
  return ops;
}
