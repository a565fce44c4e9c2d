/**
 * Why an item the offline mirror holds one by one is not in the cache, in words that are true:
 * - `none_at_service`: the service answered "not found" for it (or its own lists say it has none), with the date;
 * - `not_downloaded`: it was not fetched yet; `details.scheduled` says whether the next sync's mirror
 *   fetches it (the mirror covers everything, or the item is watched), else the user can fetch it now.
 * ("This service does not offer it" is decided above, from the sync jobs' state: rpc/query.ts.)
 */
import type Database from 'better-sqlite3';
import type { MirrorResource } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { formatDay } from '../../shared/format-day';
import { statement } from './query-memo';

export interface Unavailable {
  availability: 'none_at_service' | 'not_downloaded';
  resource: MirrorResource | 'countryProfile' | 'satellite';
  id: string;
  /** none_at_service: when the service said so. */
  checkedAt?: string | null;
  /** not_downloaded: whether the next sync fetches it. */
  scheduled?: boolean;
}

const day = (iso: string | null | undefined) => (iso ? formatDay(iso) : 'an earlier sync');

export function noneAtService(what: string, details: Omit<Unavailable, 'availability'>, why?: string): ContractError {
  return new ContractError('none_at_service', why ?? `The service has no ${what} (it answered "not found" on ${day(details.checkedAt)}).`, {
    availability: 'none_at_service', ...details,
  } satisfies Unavailable);
}

export function notDownloaded(what: string, details: Omit<Unavailable, 'availability'>, why?: string): ContractError {
  const when = why ?? (details.scheduled ? 'The next sync fetches it.' : 'It is not scheduled: offline copies are kept for the watchlist only (Sync, Offline coverage). Watch it, or fetch it now.');
  return new ContractError('not_downloaded', `${what[0]!.toUpperCase()}${what.slice(1)} is not downloaded yet. ${when}`, {
    availability: 'not_downloaded', ...details,
  } satisfies Unavailable);
}

/** A project the cache does not hold at all: its items are unknown, not merely not fetched. */
export function unknownProject(db: Database.Database, projectId: string): ContractError | null {
  if (statement(db, 'SELECT 1 FROM projects WHERE project_id = ? COLLATE NOCASE').get(projectId)) return null;
  return new ContractError('not_found', `Project ${projectId} is not in the cache: the service did not list it when the cache last synced.`);
}

/** The mirror's record of an item: its outcome and when. */
export function mirrorRecord(db: Database.Database, resource: MirrorResource, id: string): { outcome: 'found' | 'none'; fetched_at: string } | undefined {
  return statement(db, 'SELECT outcome, fetched_at FROM mirror_items WHERE resource = ? AND item_id = ? COLLATE NOCASE').get(resource, id) as
    | { outcome: 'found' | 'none'; fetched_at: string }
    | undefined;
}

/** Whether the next sync's mirror fetches a project's items: the mirror covers everything, or the project is watched. */
export function projectScheduled(db: Database.Database, projectId: string): boolean {
  const scope = (statement(db, "SELECT value FROM cache_facts WHERE key = 'mirror_scope'").get() as { value: string } | undefined)?.value ?? 'everything';
  if (scope !== 'watchlist') return true;
  return Boolean(statement(db, "SELECT 1 FROM watched_items WHERE kind = 'project' AND item_id = ? COLLATE NOCASE").get(projectId));
}

/** When a list job last completed (the date its "has none" is true of). */
export function jobSucceededAt(db: Database.Database, job: string): string | null {
  return (statement(db, 'SELECT last_success_at FROM sync_state WHERE job = ?').get(job) as { last_success_at: string | null } | undefined)?.last_success_at ?? null;
}
