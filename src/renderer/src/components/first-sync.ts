/**
 * What an empty view says while its data has never been synced: the demo market being prepared,
 * the first sync bringing the rows in (or coming to them), paused, failed, or not started. Once the
 * sync jobs that fill a view have completed a pass, an empty view is truly empty (or filtered) and
 * this says nothing.
 */
import type { Connection, ConnectionStatus, SyncJobName, SyncStatus } from '../../../shared/contract';

export interface FirstSyncNotice {
  state: 'preparing' | 'fetching' | 'queued' | 'paused' | 'failed' | 'not-started';
  title: string;
  detail: string;
}

const nf = new Intl.NumberFormat('en-US');

/** Seconds as "about 40 s", "about 3 min". */
export function aboutTime(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min`;
  return `about ${Math.round(seconds / 360) / 10} h`;
}

export function firstSyncNotice(input: {
  connection: Connection | null | undefined;
  status: ConnectionStatus | null | undefined;
  sync: SyncStatus | null | undefined;
  /** The sync jobs that fill the view. */
  jobs: readonly SyncJobName[];
  /** What the view lists, plural ("projects", "credit transactions"). */
  what: string;
}): FirstSyncNotice | null {
  const { connection, status, sync, jobs, what } = input;
  const mine = (sync?.jobs ?? []).filter((j) => jobs.includes(j.job));
  // filled once (or not offered at all): an empty view is not waiting for a first sync
  if (mine.some((j) => j.lastSuccessAt !== null || j.state === 'unsupported')) return null;
  if (!sync && status?.state !== 'starting') return null;
  if (status?.state === 'starting') {
    return connection?.kind === 'demo'
      ? {
          state: 'preparing',
          title: 'The built-in demo market is being prepared',
          detail: `Its first start generates the market (about a minute at full size). The first sync then starts by itself, and ${what} appear here as it brings them in.`,
        }
      : { state: 'preparing', title: `Connecting to ${connection?.name ?? 'the service'}`, detail: `The first sync starts once it answers; ${what} appear here as it brings them in.` };
  }
  if (!sync) return null;
  if (sync.state === 'running') {
    const running = mine.find((j) => j.state === 'running');
    if (running) {
      const sofar = running.rows ? `${nf.format(running.rows)}${running.totalRows ? ` of ${nf.format(running.totalRows)}` : ''} so far` : 'the first page is on its way';
      const left = aboutTime(running.etaSeconds);
      return {
        state: 'fetching',
        title: `The first sync is bringing in ${what}`,
        detail: `${sofar[0]!.toUpperCase()}${sofar.slice(1)}${left ? `, ${left} left` : ''}. Rows appear here page by page.`,
      };
    }
    const left = aboutTime(sync.etaSeconds);
    return {
      state: 'queued',
      title: `The first sync is running; ${what} come later in it`,
      detail: `It fetches the smaller lists first. ${what[0]!.toUpperCase()}${what.slice(1)} appear here as soon as their turn comes${left ? ` (the whole sync: ${left} left)` : ''}.`,
    };
  }
  if (sync.state === 'paused') return { state: 'paused', title: 'The first sync is paused', detail: `Resume it in the Sync view; ${what} appear here as it brings them in.` };
  if (sync.state === 'failed') {
    return { state: 'failed', title: 'The first sync did not finish', detail: `${sync.lastError?.message ?? 'It stopped with an error.'} Start it again from the Sync view.` };
  }
  return { state: 'not-started', title: `No ${what} synced yet`, detail: `Nothing was synced for this connection yet: start a sync in the Sync view, and ${what} appear here as it brings them in.` };
}
