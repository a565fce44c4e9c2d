/**
 * Offline coverage: per resource, how much the cache holds against what the service has, when it was
 * last fetched, the bytes it takes, and for the mirror what is still due and how long that takes at
 * the key's allowance. Answered with `cache.info`.
 */
import type Database from 'better-sqlite3';
import type { MirrorPlan, MirrorResource, MirrorScope, ResourceCoverage, SyncJobName } from '../../shared/contract';
import type { MirrorRepository } from './repositories/mirror-repository';
import { currentIsoWeek } from '../market-today';

interface ListResource {
  resource: string;
  job: SyncJobName;
  label: string;
  tables: string[];
  /** Rows held; for countries the profiles found. */
  cachedSql: string;
  /** What the service has, when the cache can know it (else the job's reported total is used). */
  knownSql?: string;
  noneSql?: string;
}

const LIST_RESOURCES: ListResource[] = [
  { resource: 'projects', job: 'projects', label: 'Projects', tables: ['projects', 'project_clips'], cachedSql: 'SELECT count(*) FROM projects' },
  { resource: 'credits', job: 'credits', label: 'Credit transactions', tables: ['credit_transactions'], cachedSql: 'SELECT count(*) FROM credit_transactions' },
  { resource: 'satellite', job: 'satellite', label: 'Satellite metrics', tables: ['satellite_metrics'], cachedSql: 'SELECT count(*) FROM satellite_metrics' },
  { resource: 'forensicsLatest', job: 'forensicsLatest', label: 'Latest forensic feed', tables: ['forensic_latest_feed', 'forensic_latest_entries'], cachedSql: 'SELECT count(*) FROM forensic_latest_entries' },
  { resource: 'forensicsLegacy', job: 'forensicsLegacy', label: 'Legacy forensic analyses', tables: ['legacy_forensics'], cachedSql: 'SELECT count(*) FROM legacy_forensics' },
  {
    resource: 'countries', job: 'countries', label: 'Country profiles', tables: ['country_profiles', 'country_profile_checks', 'project_countries'],
    cachedSql: 'SELECT count(*) FROM country_profiles',
    knownSql: 'SELECT count(DISTINCT country_code) FROM project_countries WHERE country_code IS NOT NULL',
    noneSql: 'SELECT count(*) FROM country_profile_checks WHERE found = 0',
  },
];

interface MirrorResourceInfo {
  job: SyncJobName;
  label: string;
  tables: string[];
  /** Requests one item takes. */
  requests: number;
  /** Bytes per item assumed before any is cached. */
  bytesPerItem: number;
}

export const MIRROR_INFO: Record<MirrorResource, MirrorResourceInfo> = {
  boundary: { job: 'boundaries', label: 'Project boundaries', tables: ['project_boundaries'], requests: 1, bytesPerItem: 8_000 },
  dossier: {
    job: 'projectForensics', label: 'Forensic dossiers', tables: ['project_forensics', 'forensic_memos', 'project_forensic_entries', 'forensic_weekly_diffs'],
    requests: 2, bytesPerItem: 6_000,
  },
  detail: { job: 'projectDetails', label: 'Project details', tables: [], requests: 1, bytesPerItem: 2_000 },
  countryUpdates: { job: 'countryUpdates', label: 'Country policy updates', tables: ['country_updates'], requests: 1, bytesPerItem: 20_000 },
};

/** Bytes per table are read at most this often (dbstat walks every page of the file). */
const BYTES_TTL_MS = 60_000;
const bytesRead = new WeakMap<Database.Database, { at: number; bytes: Map<string, number> | null }>();

/** Bytes per table name (its indexes and FTS shadow tables included); null when dbstat is not compiled in. */
function tableBytes(db: Database.Database): Map<string, number> | null {
  const last = bytesRead.get(db);
  if (last && Date.now() - last.at < BYTES_TTL_MS) return last.bytes;
  const bytes = readTableBytes(db);
  bytesRead.set(db, { at: Date.now(), bytes });
  return bytes;
}

function readTableBytes(db: Database.Database): Map<string, number> | null {
  try {
    const rows = db.prepare(`SELECT m.tbl_name AS name, sum(d.pgsize) AS bytes FROM dbstat('main', 1) d
      JOIN sqlite_master m ON m.name = d.name GROUP BY m.tbl_name`).all() as Array<{ name: string; bytes: number }>;
    const bytes = new Map<string, number>();
    for (const r of rows) {
      // FTS shadow tables (<name>_data, _idx, …) count for their virtual table.
      const owner = r.name.replace(/_(data|idx|content|docsize|config)$/, '');
      bytes.set(owner, (bytes.get(owner) ?? 0) + r.bytes);
    }
    return bytes;
  } catch {
    return null;
  }
}

const count = (db: Database.Database, sql: string): number => (db.prepare(sql).pluck().get() as number | null) ?? 0;

export function offlineCoverage(db: Database.Database, mirror: MirrorRepository): { coverage: ResourceCoverage[]; mirror: MirrorPlan } {
  const bytes = tableBytes(db);
  const sum = (tables: string[]) => (bytes ? tables.reduce((n, t) => n + (bytes.get(t) ?? 0), 0) : null);
  const jobs = new Map(
    (db.prepare('SELECT job, state, total_rows, last_success_at FROM sync_state').all() as Array<{ job: string; state: string; total_rows: number | null; last_success_at: string | null }>)
      .map((r) => [r.job, r]),
  );
  const rate = (db.prepare('SELECT rate_limit_per_minute FROM api_key_info WHERE is_current = 1').pluck().get() as number | null | undefined) ?? null;
  const coverage: ResourceCoverage[] = LIST_RESOURCES.map((l) => {
    const job = jobs.get(l.job);
    return {
      resource: l.resource, job: l.job, label: l.label,
      cached: count(db, l.cachedSql),
      known: l.knownSql ? count(db, l.knownSql) : job?.total_rows ?? null,
      none: l.noneSql ? count(db, l.noneSql) : 0,
      notOffered: job?.state === 'unsupported', lastSuccessAt: job?.last_success_at ?? null, bytes: sum(l.tables), etaSeconds: null,
    };
  });
  const scope = mirror.scope();
  const week = currentIsoWeek();
  const estimates = {} as MirrorPlan['estimates'];
  for (const s of ['everything', 'watchlist'] as MirrorScope[]) estimates[s] = { items: 0, due: 0, requests: 0, seconds: null, bytes: 0 };
  for (const [resource, info] of Object.entries(MIRROR_INFO) as Array<[MirrorResource, MirrorResourceInfo]>) {
    const job = jobs.get(info.job);
    const held = mirror.counts(resource, scope);
    const resourceBytes = resource === 'detail' ? null : sum(info.tables);
    const perItem = held.found > 0 && resourceBytes ? resourceBytes / held.found : info.bytesPerItem;
    for (const s of ['everything', 'watchlist'] as MirrorScope[]) {
      const c = s === scope ? held : mirror.counts(resource, s);
      const due = s === scope && resource === 'dossier' ? mirror.targets(resource, s, week).length : c.known - c.current;
      const e = estimates[s];
      e.items += c.known;
      e.due += due;
      e.requests += due * info.requests;
      e.bytes += Math.round(c.known * perItem);
    }
    const dueRequests = (held.known - held.current) * info.requests;
    coverage.push({
      resource, job: info.job, label: info.label, cached: held.current, known: held.known, none: held.none,
      notOffered: job?.state === 'unsupported', lastSuccessAt: job?.last_success_at ?? mirror.lastFetchedAt(resource), bytes: resourceBytes,
      etaSeconds: rate && dueRequests > 0 ? Math.ceil((dueRequests * 60) / (rate * 0.97)) : null,
    });
  }
  for (const s of ['everything', 'watchlist'] as MirrorScope[]) {
    estimates[s].seconds = rate ? Math.ceil((estimates[s].requests * 60) / (rate * 0.97)) : null;
  }
  return { coverage, mirror: { scope, rateLimitPerMinute: rate, estimates } };
}
