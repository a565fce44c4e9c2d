/**
 * The query methods: every contract method declared with `query(...)` runs the query layer's
 * function of the same name in the current connection's cache worker (op `query:<method>`).
 * Something missing from the cache is explained truthfully: when the sync learnt that this service
 * does not offer the resource a method reads, the answer is `not_offered`, not "not in the cache yet".
 */
import { QUERY_METHODS, type QueryMethod, type SyncJobName } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { formatDay } from '../../shared/format-day';
import type { CacheOpArgs } from '../cache/cache-protocol';
import type { Handler, HandlerSlice } from './types';

/** The sync jobs that fill what a method reads, where a missing row can mean "not offered". */
const SOURCE_JOBS: Partial<Record<QueryMethod, { jobs: SyncJobName[]; what: string }>> = {
  'projects.get': { jobs: ['projects', 'projectDetails'], what: 'projects' },
  'forensics.latest': { jobs: ['forensicsLatest'], what: 'the forensic news feed' },
  'forensics.project': { jobs: ['projectForensics', 'forensicsLatest'], what: 'forensic dossiers' },
  'forensics.diff': { jobs: ['projectForensics', 'forensicsLatest'], what: 'weekly forensic diffs' },
  'satellite.boundary': { jobs: ['boundaries', 'satellite'], what: 'satellite data (project boundaries)' },
  'countries.get': { jobs: ['countries'], what: 'country policy profiles' },
  'satellite.list': { jobs: ['satellite'], what: 'satellite metrics' },
  'satellite.project': { jobs: ['satellite'], what: 'satellite metrics' },
  'countries.updates': { jobs: ['countries', 'countryUpdates'], what: 'country policy updates' },
};

/** Codes that say an item is not in the cache; when the job that fills it is unsupported, the truth is "not offered". */
const MISSING_CODES = new Set(['not_found', 'not_downloaded', 'none_at_service']);

const fromCache = <K extends QueryMethod>(method: K): Handler<K> =>
  async (input, ctx) => {
    const cache = ctx.currentCache();
    try {
      return (await cache.call(`query:${method}`, ...([input] as unknown as CacheOpArgs<`query:${K}`>))) as Awaited<ReturnType<Handler<K>>>;
    } catch (err) {
      const source = SOURCE_JOBS[method];
      if (!source || !(err instanceof ContractError) || !MISSING_CODES.has(err.code)) throw err;
      const checkpoints = await cache.call('sync:checkpoints').catch(() => []);
      const cp = checkpoints.find((c) => source.jobs.includes(c.job as SyncJobName) && c.state === 'unsupported');
      if (!cp) throw err;
      const when = cp.last_error?.at ? ` (learnt ${formatDay(cp.last_error.at)})` : '';
      throw new ContractError('not_offered', `This service does not offer ${source.what}${when}.`);
    }
  };

export const queryHandlers = Object.fromEntries(QUERY_METHODS.map((m) => [m, fromCache(m)])) as HandlerSlice<QueryMethod>;
