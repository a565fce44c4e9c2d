/**
 * `npm run cli -- sync --base-url URL --data-dir DIR [--only projects,credits,...] [--full]`
 * The API key comes from CARBON_API_KEY (never a flag, never printed). Records the connection in
 * DIR and selects it, so later `call` / `export` with the same --data-dir read its cache. Progress
 * lines on stderr; one JSON summary line on stdout; exit 0 only when every chosen job completed.
 */
import { SYNC_JOBS, type SyncJobName, type SyncStatus } from '../../../shared/contract';
import { ContractError } from '../../../shared/errors';
import { etaWords } from '../../../shared/eta-words';
import { createAppContext } from '../../app-context';
import { defaultDataDir } from '../../data-dir';
import { redactKey } from '../../api/redact';
import { readFlags, userPath } from '../args';
import { cliHostPorts } from './cli-ports';

export const SYNC_USAGE = 'carbon-desk sync --base-url URL [--data-dir DIR] [--only projects,credits,...] [--full] [--name NAME]   (key from CARBON_API_KEY)';

function parseJobs(only: string | undefined): SyncJobName[] | undefined {
  if (!only) return undefined;
  const names = only.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(SYNC_JOBS as readonly string[]).includes(n));
  if (unknown.length) throw new ContractError('invalid_input', `Unknown job(s) ${unknown.join(', ')}; jobs: ${SYNC_JOBS.join(', ')}`);
  return names as SyncJobName[];
}

/** One line of a running sync's progress, as the CLI prints it while it waits. */
export function progressLine(s: SyncStatus): string {
  const running = s.jobs.filter((j) => j.state === 'running' || j.state === 'paused');
  const parts = running.map((j) => {
    const pages = j.totalPages !== null ? `${j.pages}/${j.totalPages}` : `${j.pages}`;
    const eta = j.state !== 'running' ? '' : j.etaSeconds !== null ? `, ${etaWords(j.etaSeconds)} left` : ', sizing';
    return `${j.job}: ${j.rows} rows, page ${pages}, ${j.requestsPerMinute} req/min${eta}`;
  });
  const done = s.jobs.filter((j) => j.state === 'done').map((j) => j.job);
  const failed = s.jobs.filter((j) => j.state === 'failed').map((j) => `${j.job} (${j.lastError?.code ?? 'error'})`);
  const issues = [
    s.skippedItems ? `${s.skippedItems} ${s.skippedItems === 1 ? 'item' : 'items'} skipped (no usable identity)` : '',
    s.unfitValues ? `${s.unfitValues} ${s.unfitValues === 1 ? 'value did not fit its field' : 'values did not fit their field'} (kept as sent)` : '',
  ].filter(Boolean);
  const skipped = issues.length ? `${issues.join(', ')}: call sync.dataIssues to see them` : '';
  const notOffered = s.jobs.filter((j) => j.state === 'unsupported').map((j) => j.job);
  const summary = [
    done.length ? `done: ${done.join(', ')}` : '',
    failed.length ? `failed: ${failed.join(', ')}` : '',
    notOffered.length ? `not offered by this service: ${notOffered.join(', ')}` : '',
    skipped,
  ].filter(Boolean).join('; ');
  const notCounting = s.etaLeavesOut.length ? `, not counting ${s.etaLeavesOut.join(', ')}: sizing` : '';
  const left = s.state === 'running' ? (s.etaSeconds !== null ? ` (whole sync: ${etaWords(s.etaSeconds)} left${notCounting})` : ' (whole sync: estimating)') : '';
  return `[sync ${s.state}] ${parts.join('; ') || summary}${left}`;
}

export async function runSyncCommand(argv: string[]): Promise<number> {
  const { values } = readFlags(argv, {
    'base-url': { type: 'string' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    full: { type: 'boolean' },
    name: { type: 'string' },
    quiet: { type: 'boolean' },
  });
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new ContractError('invalid_input', `sync needs --base-url\nusage: ${SYNC_USAGE}`);
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ContractError('invalid_input', `--base-url must be an http(s) URL, got '${baseUrl}'`);
  }
  const apiKey = process.env.CARBON_API_KEY?.trim();
  if (!apiKey) throw new ContractError('missing_api_key', 'Set CARBON_API_KEY to the API key of the service');
  const jobs = parseJobs(values.only);
  const dataDir = values['data-dir'] ? userPath(values['data-dir']) : defaultDataDir();
  const ctx = createAppContext({ dataDir, ports: cliHostPorts(dataDir) });
  const say = (line: string) => {
    if (!values.quiet) process.stderr.write(`${redactKey(line, apiKey)}\n`);
  };
  const started = Date.now();
  let onSigint: (() => void) | null = null;
  try {
    const connection = ctx.connections.add({ name: values.name ?? `Service at ${new URL(baseUrl).host}`, baseUrl, keyStorage: ctx.secrets.kind });
    await ctx.secrets.set(connection.id, apiKey);
    ctx.connections.select(connection.id);
    const engine = await ctx.syncs.engineFor(connection.id, say);
    let lastLine = 0;
    ctx.events.on('sync.progress', (s) => {
      if (Date.now() - lastLine < 1000 && s.state === 'running') return;
      lastLine = Date.now();
      say(progressLine(s));
    });
    onSigint = () => {
      say('interrupted: cancelling after the page in flight');
      engine.cancel();
    };
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigint);
    engine.start({ jobs, full: values.full ?? false });
    const status = await engine.whenDone();
    const cache = ctx.caches.of(connection.id);
    // The analytical copy follows what the sync wrote before the process ends, so the next launch answers from it at once.
    const copy = await cache.call('copy:settled');
    const info = await cache.call('read:cacheInfo');
    const summary = {
      state: status.state,
      connectionId: connection.id,
      cache: info.path,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      rateLimitPerMinute: status.rateLimitPerMinute,
      requests: engine.requestStats,
      jobs: Object.fromEntries(
        status.jobs.filter((j) => !jobs || jobs.includes(j.job)).map((j) => [j.job, {
          state: j.state, rows: j.rows, pages: j.pages, skippedItems: j.skippedItems, unfitValues: j.unfitValues, error: j.lastError && j.state === 'failed' ? j.lastError : null,
        }]),
      ),
      /** Items the service sent that could not be stored (no usable identity); `npm run cli -- call sync.dataIssues '{}'` lists them. */
      skippedItems: status.skippedItems,
      /** Values the service sent that did not fit their field (stored as null, kept as sent); listed by the same call. */
      unfitValues: status.unfitValues,
      /** Jobs whose resource this service does not offer (not failures: the sync is done without them). */
      notOffered: status.jobs.filter((j) => j.state === 'unsupported' && (!jobs || jobs.includes(j.job))).map((j) => j.job),
      tables: info.tables,
      /** Whether the analytical copy (the read model's DuckDB file beside the cache) mirrors the cache now. */
      analyticalCopy: copy ? { current: copy.current } : null,
      lastError: status.lastError,
    };
    process.stdout.write(`${redactKey(JSON.stringify(summary), apiKey)}\n`);
    return status.state === 'done' ? 0 : 1;
  } finally {
    if (onSigint) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    }
    await ctx.dispose();
  }
}
