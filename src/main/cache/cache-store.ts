/**
 * The ops the cache itself answers (see cache-protocol.ts for the whole protocol): the sync engine's
 * writes (`write:*`, `sync:*`) and the app's reads of cache state (`read:*`). A sync step
 * (`sync:step`) applies its writes AND advances the job's cursor in ONE transaction. What the layers
 * above need of the writes (each commit's ReadModelChange, for the reader's analytical copy; the
 * credit pages' reading) comes through hooks given by the worker's composition root, so the cache
 * knows nothing of the layers that read it.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { CacheInfo } from '../../shared/contract';
import { recomputeSignals } from './integrity-signals';
import { watchItems } from './watch-items';
import { ContractError } from '../../shared/errors';
import type { CacheOpHandlers, CacheStoreOps, CacheWrite, CacheWriteOp, CacheWrites, CreditsPageRead, ReadModelChange, SyncStepArgs } from './cache-protocol';
import { ChangeDetector } from './change-detector';
import { offlineCoverage } from './coverage';
import { saveAndScreen } from '../portfolios/portfolio-import';
import { holdingsPage, listPortfolios, portfolioSummary, removePortfolio } from '../portfolios/portfolio-store';
import { rescreenAfterRun } from '../portfolios/rescreen';
import { PUBLISHING_SORTS, checkpointNow, deferCheckpoints, withSortSettings, type SortSettings } from './database';
import { AccountRepository } from './repositories/account-repository';
import { CountryRepository } from './repositories/country-repository';
import { CreditTransactionRepository } from './repositories/credit-transaction-repository';
import type { CreditRow } from './repositories/credit-rows';
import { HeldPages } from './held-pages';
import { ReadModelLog } from './read-model-log';
import { ForensicRepository } from './repositories/forensic-repository';
import { MirrorRepository } from './repositories/mirror-repository';
import { ProjectRepository } from './repositories/project-repository';
import { SatelliteRepository } from './repositories/satellite-repository';
import { SyncStateRepository } from './repositories/sync-state-repository';
import { SkippedItemRepository } from './repositories/skipped-item-repository';

/** What the layers above the cache give the writer: where its commits' changes go, and how it reads a credit page. */
export interface CacheHooks {
  /**
   * After a transaction committed that changed what the read model mirrors: what it changed (the
   * worker passes it to the reader's analytical copy).
   */
  readModelChanged?(change: ReadModelChange): void;
  /**
   * Reads a credit transactions page's body (parsed, checked, its items taken in, encoded as rows) for
   * `pages:readCredits`: null when the body is not JSON. Without it, this cache reads no pages.
   */
  readCreditsPage?(body: Uint8Array, page: number, what: string): { facts: Omit<CreditsPageRead, 'held'>; rows: CreditRow[] } | null;
}

/**
 * A credit page read ahead of its step: its rows, or, once staged as it was read, the ones the
 * change log is to record when the step comes.
 */
type HeldCredits = { staged: false; rows: CreditRow[] } | { staged: true; newRows: CreditRow[] };

/** Tables whose rows of older passes a complete pass removes, per job. */
const RECONCILERS: Record<string, (r: Repositories) => (pass: number) => number> = {
  projects: (r) => (pass) => {
    r.changes.projectsGone(pass);
    return r.projects.removeProjectsBefore(pass);
  },
  // A full pass wrote beside the live rows: publishing it replaces them (see staged-table.ts).
  credits: (r) => () => r.credits.publishStagedPass(),
  forensicsLegacy: (r) => (pass) => r.forensics.removeLegacyForensicsBefore(pass),
  satellite: (r) => (pass) => r.satellite.removeSatelliteMetricsBefore(pass),
};

/** What a write answers when its rows went to a staging table no reader sees yet. */
const STAGED = Symbol('staged');

/** Tables kept by cache.clear: the user's own choices, and the schema record. */
const KEPT_ON_CLEAR = new Set(['schema_migrations', 'watched_items', 'cache_facts']);

interface Repositories {
  skipped: SkippedItemRepository;
  projects: ProjectRepository;
  credits: CreditTransactionRepository;
  forensics: ForensicRepository;
  satellite: SatelliteRepository;
  countries: CountryRepository;
  account: AccountRepository;
  mirror: MirrorRepository;
  changes: ChangeDetector;
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

export function createCacheStore(db: Database.Database, file: string, hooks: CacheHooks): CacheOpHandlers<keyof CacheStoreOps> {
  const r: Repositories = {
    projects: new ProjectRepository(db),
    credits: new CreditTransactionRepository(db),
    forensics: new ForensicRepository(db),
    satellite: new SatelliteRepository(db),
    countries: new CountryRepository(db),
    account: new AccountRepository(db),
    mirror: new MirrorRepository(db),
    changes: new ChangeDetector(db),
    syncState: new SyncStateRepository(db),
    skipped: new SkippedItemRepository(db),
  };
  const creditPages = new HeldPages<HeldCredits>();
  /** The credits pass whose pages go to its staging table, if one is running. */
  const stagingCredits = () => {
    const cp = r.syncState.get('credits');
    return cp.mode === 'full' && cp.cursor && cp.state === 'running' ? cp : null;
  };
  const log = new ReadModelLog(db, hooks.readModelChanged);
  /** A transaction whose changes to what the read model mirrors are told once it commits. */
  const transaction = <A extends unknown[], R>(fn: (...args: A) => R) => log.committing(db.transaction(fn));
  const stageNow = transaction((rows: CreditRow[], pass: number) => {
    r.credits.stageCreditRows(rows, pass);
    log.staged(pass, rows.map((row) => row[0]));
  });
  // A projects pass from empty cut off by a crash left its indexes aside: they come back before anything else.
  db.transaction(() => r.projects.restoreIndexes())();

  const writes: { [K in CacheWriteOp]: (a: CacheWrites[K]) => unknown } = {
    'write:projects': (a) => {
      r.changes.projects(a.items);
      r.projects.upsertProjects(a.items, a.pass, a.withClips);
      log.written('projects', a.items.map((p) => p.project_id));
      // Without clips in the list, each project's detail is mirrored one by one.
      if (a.items.length) r.mirror.setFact('projects_list_has_clips', a.withClips ? '1' : '0');
    },
    'write:projectDetail': (a) => {
      r.changes.projects([a.project]);
      r.projects.upsertProjectDetail(a.project, r.syncState.get('projects').pass);
      log.written('projects', [a.project.project_id]);
    },
    'write:projectTypes': (a) => r.projects.replaceProjectTypes(a.types),
    'write:creditTransactions': (a) => {
      const held = creditPages.take(a.held);
      if (held.staged) {
        r.changes.credits(held.newRows);
        return STAGED;
      }
      const rows = held.rows;
      r.changes.credits(rows);
      const staging = stagingCredits();
      if (staging) {
        r.credits.stageCreditRows(rows, a.pass);
        log.staged(staging.pass, rows.map((row) => row[0]));
        return STAGED;
      }
      r.credits.upsertCreditRows(rows, a.pass);
      log.written('credits', rows.map((row) => row[0]));
      return undefined;
    },
    'write:latestFeed': (a) => {
      r.changes.latestFeed(a.feed);
      r.forensics.replaceLatestFeed(a.feed, a.limit);
    },
    'write:projectForensics': (a) => {
      r.changes.dossier(a.projectId, a.forensics);
      r.forensics.replaceProjectForensics(a.projectId, a.forensics);
    },
    'write:forensicDiff': (a) => r.forensics.putForensicDiff(a.projectId, a.year, a.week, a.diff),
    'write:legacyForensics': (a) => r.forensics.upsertLegacyForensics(a.items, a.pass),
    'write:satelliteMetrics': (a) => {
      r.changes.satellite(a.items);
      r.satellite.upsertSatelliteMetrics(a.items, a.pass);
    },
    'write:boundary': (a) => r.satellite.putProjectBoundary(a.projectId, a.boundary),
    'write:projectCountries': (a) => r.countries.replaceProjectCountries(a.entries),
    'write:countryProfile': (a) => {
      r.changes.countryProfile(a.code.toUpperCase(), a.profile);
      r.countries.putCountryProfile(a.code, a.profile);
    },
    'write:countryUpdates': (a) => {
      r.changes.countryUpdates(a.code.toUpperCase(), a.updates);
      r.countries.replaceCountryUpdates(a.code, a.updates);
    },
    'write:apiKeys': (a) => r.account.replaceApiKeys(a.keys, a.currentKeyId),
    'write:skippedItems': (a) => r.skipped.record(a.job, a.items),
    'write:unfitValues': (a) => r.skipped.recordUnfit(a.job, a.items),
    'write:mirrorItem': (a) => r.mirror.record(a.resource, a.id, a.signal, a.outcome),
  };

  /**
   * The generation readers key their memos by (see the query layer's query-memo.ts): moved by every
   * transaction whose writes a reader can see, in that transaction; a staged pass's pages and the
   * record of skipped items and unfit values leave it alone, so a full resync does not make every view recompute.
   */
  const bumpGeneration = db.prepare(`INSERT INTO cache_facts (key, value) VALUES ('generation', '1')
    ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`);

  const runWrites = (list: CacheWrite[]) => {
    let visible = false;
    for (const w of list) {
      const fn = writes[w.op] as ((a: unknown) => unknown) | undefined;
      if (!fn) throw new ContractError('internal_error', `Unknown cache write '${String(w.op)}'`);
      if (fn(w.args) !== STAGED && w.op !== 'write:skippedItems' && w.op !== 'write:unfitValues') visible = true;
    }
    if (visible) bumpGeneration.run();
  };
  /** One write outside a sync step: its own transaction. */
  const writeOne = transaction((w: CacheWrite) => runWrites([w]));
  const singleWrites = Object.fromEntries(Object.keys(writes).map((op) => [op, (args: unknown) => writeOne({ op, args } as CacheWrite)])) as typeof writes;
  /** Other changes readers see (the watchlist, the mirror's scope, a cleared cache, the change log). */
  const visibly = <A, R>(fn: (a: A) => R) => transaction((a: A) => {
    const result = fn(a);
    bumpGeneration.run();
    return result;
  });

  const step = transaction((a: SyncStepArgs) => {
    runWrites(a.writes);
    r.syncState.advance(a.job, a.cursor, a.rows, a.totals, a.pages ?? 1);
  });
  const writeAll = transaction((list: CacheWrite[]) => runWrites(list));
  const finishRun = visibly((a: CacheStoreOps['sync:runFinish']['input']) => {
    // A projects pass from empty that did not complete in this run gets its indexes back all the same.
    r.projects.restoreIndexes();
    // The integrity signals follow what the run wrote, their changes logged under it.
    recomputeSignals(db, a.run);
    // Portfolios are screened again against what the run wrote, signals included.
    rescreenAfterRun(db, a.run, new Date().toISOString());
    return r.changes.finishRun(a.run);
  });

  /** A job's new pass starts its list of skipped items and unfit values afresh (a resumed pass keeps it). */
  const begin = transaction((a: CacheStoreOps['sync:begin']['input']) => {
    const current = r.syncState.get(a.job);
    const resumes = current.cursor !== null && !a.restart && current.mode === a.mode;
    // A full credits pass writes into its staging table; one begun without it (by an older version) starts over.
    const restart = (a.restart ?? false) || (a.job === 'credits' && resumes && a.mode === 'full' && !r.credits.hasStagedPass());
    const cp = r.syncState.begin(a.job, a.mode, a.cursor, a.windowFrom ?? null, restart);
    if (cp.pass !== current.pass) {
      r.skipped.clearJob(a.job);
      if (a.job === 'credits') {
        if (cp.mode === 'full') {
          r.credits.startStagedPass();
          log.staged(cp.pass, []);
        } else {
          r.credits.dropStagedPass();
          log.stagingDropped();
        }
      }
      if (a.job === 'projects' && cp.mode === 'full') r.projects.startPass();
    }
    return cp;
  });

  /** Whether completing `a` publishes a full credits pass (its table replaced whole, see staged-table.ts). */
  const publishes = (a: { job: string; reconcile: boolean }): boolean => a.job === 'credits' && a.reconcile && r.syncState.get(a.job).mode === 'full';

  /** A job's completion, its reconcile and what the layers above build from its rows: one transaction, so readers see all of it or none. */
  const succeed = transaction((a: { job: string; reconcile: boolean }, sorts: SortSettings) => {
    const cp = r.syncState.get(a.job);
    const rebuiltAt = performance.now();
    const rebuilt = a.job === 'projects' && r.projects.restoreIndexes() ? { rows: cp.rows, seconds: (performance.now() - rebuiltAt) / 1000 } : null;
    const reconciler = RECONCILERS[a.job];
    const reconciles = a.reconcile && cp.mode === 'full' && reconciler !== undefined;
    const published = publishes(a);
    const finish = () => {
      const removed = reconciles ? reconciler(r)(cp.pass) : 0;
      if (published) log.replaced('credits');
      else if (a.job === 'projects' && removed > 0) log.replaced('projects');
      const checkpoint = r.syncState.succeed(a.job);
      return { removed, checkpoint };
    };
    const { removed, checkpoint } = published ? withSortSettings(db, sorts, finish) : finish();
    bumpGeneration.run();
    return { removed, checkpoint, rebuilt };
  });

  const cacheInfo = (): CacheInfo => {
    const tables: Record<string, number> = {};
    for (const t of userTables(db)) {
      if (t.virtual || t.name === 'schema_migrations') continue;
      tables[t.name] = (db.prepare(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n;
    }
    const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    const last = db.prepare('SELECT max(last_success_at) AS at FROM sync_state').get() as { at: string | null };
    // The analytical copy beside the cache (the read model's DuckDB file) is part of what the cache takes on disk.
    return { path: file, sizeBytes: size(file) + size(`${file}-wal`) + size(`${file}.duckdb`) + size(`${file}.duckdb.wal`), tables, lastSyncAt: last.at, ...offlineCoverage(db, r.mirror) };
  };

  const clear = visibly(() => {
    r.projects.restoreIndexes();
    log.replaced('credits');
    log.replaced('projects');
    log.stagingDropped();
    const tables = userTables(db);
    for (const t of tables) if (!t.virtual && !KEPT_ON_CLEAR.has(t.name)) db.prepare(`DELETE FROM "${t.name}"`).run();
    for (const t of tables) if (t.virtual) db.prepare(`INSERT INTO "${t.name}" ("${t.name}") VALUES ('rebuild')`).run();
  });

  return {
    ...singleWrites,
    'write:many': (a) => writeAll(a.writes),
    'write:watch': visibly((a: CacheStoreOps['write:watch']['input']) => {
      r.mirror.setWatched(a.kind, a.id, a.watched);
      return watchItems(db, r.mirror);
    }),
    'write:mirrorScope': visibly((a: CacheStoreOps['write:mirrorScope']['input']) => r.mirror.setScope(a.scope)),
    'write:clear': () => {
      clear(undefined);
      checkpointNow(db);
      return cacheInfo();
    },
    'write:portfolioImport': visibly((a: CacheStoreOps['write:portfolioImport']['input']) => saveAndScreen(db, a, a.parsed, a.now)),
    'write:portfolioRemove': visibly((a: CacheStoreOps['write:portfolioRemove']['input']) => {
      removePortfolio(db, a.id);
      return listPortfolios(db);
    }),
    'read:portfolios': () => listPortfolios(db),
    'read:portfolio': (a) => {
      const portfolio = portfolioSummary(db, a.id);
      return portfolio ? { portfolio, holdings: holdingsPage(db, a.id, { rule: a.rule ?? undefined, offset: a.offset, limit: a.limit }) } : null;
    },
    'sync:runStart': visibly(() => r.changes.beginRun()),
    // What the run wrote moves into the file once it has said it is done (its last commits leave it in the WAL).
    'sync:runFinish': (a) => {
      deferCheckpoints(db);
      return finishRun(a);
    },
    // A run leaves no WAL behind: everything it wrote moves into the file, and the disk gets the rest back.
    'sync:tidy': () => checkpointNow(db),
    'sync:checkpoints': () => r.syncState.all(),
    'sync:lastPublish': () => r.syncState.lastPublish(),
    'sync:checkpoint': (a) => r.syncState.get(a.job),
    'sync:begin': (a) => begin(a),
    'sync:step': (a) => {
      const t0 = performance.now();
      step(a);
      return { ms: performance.now() - t0 };
    },
    'sync:succeed': (a) => {
      const publishing = publishes(a);
      const t0 = performance.now();
      // A publishing's commit leaves the pass in the WAL, and so do the run's later commits: the
      // checkpoint waits for the run's end (sync:tidy).
      if (publishing) deferCheckpoints(db);
      const done = succeed(a, PUBLISHING_SORTS);
      // How long this machine took to publish (the indexes and the commit: what the sync waits for), for the next full pass's ETA.
      if (publishing) r.syncState.rememberPublish(done.checkpoint.rows, (performance.now() - t0) / 1000);
      return done;
    },
    'sync:fail': (a) => r.syncState.fail(a.job, a.state, a.error),
    'read:countryNames': () => r.projects.countryNames(),
    'read:countryCodes': () =>
      (db.prepare('SELECT DISTINCT country_code FROM project_countries WHERE country_code IS NOT NULL ORDER BY country_code').all() as Array<{ country_code: string }>).map((x) => x.country_code),
    'read:watchItems': () => watchItems(db, r.mirror),
    'read:mirrorTargets': (a) => r.mirror.targets(a.resource, a.scope ?? r.mirror.scope(), a.week),
    'read:mirrorScope': () => r.mirror.scope(),
    'read:latestCreditDate': () =>
      (db.prepare('SELECT max(transaction_date) AS d FROM credit_transactions').get() as { d: string | null }).d,
    'read:rateLimit': () =>
      (db.prepare('SELECT rate_limit_per_minute AS r FROM api_key_info WHERE is_current = 1').get() as { r: number } | undefined)?.r ?? null,
    'read:projectCountry': (a) =>
      (db.prepare('SELECT pc.country_code AS code FROM projects p LEFT JOIN project_countries pc ON pc.country = p.country WHERE p.project_id = ?').get(a.projectId) as { code: string | null } | undefined)?.code ?? null,
    'read:cacheInfo': cacheInfo,
    'read:ready': () => true,
    'read:skippedItems': (a) => r.skipped.list(a.job, a.limit),
    'read:dataIssues': (a) => r.skipped.issues(a.job, a.kind, a.limit),
    'read:dataIssueCounts': () => r.skipped.counts(),
    /**
     * A page of a full pass read clean is staged at once, in a transaction of its own, and only the
     * rows the change log is to record wait for its step: held as JavaScript values until then,
     * each page's rows would outlive the writer's young-generation collections and raise the sync's
     * peak memory. A crash then leaves rows of pages past the pass's cursor in its staging table:
     * those pages are fetched again when the pass resumes and replace them (a staged pass keeps
     * every row it was listed, as it does for the pages before the cursor). A page whose items were
     * not all read as they should is held whole instead: the client may fetch it again to tell a
     * corrupted transfer from the server's data, and only the answer it keeps is stored.
     */
    'pages:readCredits': (a) => {
      if (!hooks.readCreditsPage) throw new ContractError('internal_error', 'This cache reads no pages');
      const read = hooks.readCreditsPage(a.body, a.page, a.what);
      if (read === null) return null;
      const pass = read.facts.trouble === null ? stagingCredits() : null;
      let held: HeldCredits;
      if (pass) {
        held = { staged: true, newRows: r.changes.newCredits(read.rows) };
        stageNow(read.rows, pass.pass);
      } else {
        held = { staged: false, rows: read.rows };
      }
      return { ...read.facts, held: creditPages.hold(held) };
    },
    'pages:dropCredits': () => creditPages.clear(),
  };
}
