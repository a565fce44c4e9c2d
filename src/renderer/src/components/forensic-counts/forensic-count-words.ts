/**
 * The counts of forensic entries (forensics.counts) in words, the same on every screen: what the
 * service has, what of it the cache holds in the latest feed, and in projects' dossiers; and the
 * label of an entry's "new" flag, which names its week when that is not the current one.
 */
import { getISOWeek, getISOWeekYear } from 'date-fns';
import type { ForensicCounts } from '../../../../shared/contract';
import { formatNumber } from '../format';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export interface ForensicCountWords {
  /** "6,913 forensic entries at the service", or that it is not known yet. */
  service: string;
  /** "the 200 newest cached in the feed". */
  feed: string;
  /** "5,594 in the cached dossiers of 412 projects (70 of them from legacy analyses)". */
  dossiers: string;
  /** "356 of them new in week 49 of 2026", or null before the feed was fetched. */
  newThisWeek: string | null;
  /** "356 of the service's 6,913 entries are new in week 49 of 2026", or null before the feed was fetched. */
  newAtService: string | null;
}

export function forensicCountWords(c: ForensicCounts): ForensicCountWords {
  const service = c.service ? `${plural(c.service.entries, 'forensic entry', 'forensic entries')} at the service` : 'The service\'s forensic entries are not counted yet (its feed was not fetched)';
  const all = c.service !== null && c.feed.category === null && c.feed.entries >= c.service.entries;
  const feed = c.feed.entries === 0
    ? 'none cached in the feed'
    : all ? `all ${formatNumber(c.feed.entries)} cached in the feed` : `the ${formatNumber(c.feed.entries)} newest${c.feed.category ? ` of “${c.feed.category}”` : ''} cached in the feed`;
  const legacy = c.dossiers.from_legacy.entries ? ` (${formatNumber(c.dossiers.from_legacy.entries)} of them from legacy analyses)` : '';
  const dossiers = c.dossiers.projects === 0
    ? 'no project dossier cached'
    : `${formatNumber(c.dossiers.entries)} in the cached dossiers of ${plural(c.dossiers.projects, 'project')}${legacy}`;
  const newThisWeek = c.service ? `${formatNumber(c.service.new_this_week)} of them new in week ${c.service.week} of ${c.service.year}` : null;
  const newAtService = c.service
    ? `${formatNumber(c.service.new_this_week)} of the service's ${formatNumber(c.service.entries)} ${c.service.entries === 1 ? 'entry' : 'entries'} ${c.service.new_this_week === 1 ? 'is' : 'are'} new in week ${c.service.week} of ${c.service.year}`
    : null;
  return { service, feed, dossiers, newThisWeek, newAtService };
}

/**
 * The label of an entry's `is_new_this_week` flag: the flag says "new in the week the service
 * answered", so it reads "New this week" only while that week is the current one.
 */
export function newFlagLabel(week: { week: number | null; year: number | null } | null, current: { week: number; year: number }): string {
  if (!week || week.week === null || week.year === null) return 'New this week';
  if (week.week === current.week && week.year === current.year) return 'New this week';
  return `New in week ${week.week}${week.year === current.year ? '' : ` of ${week.year}`}`;
}

/** The current ISO week (the forensic feed's week numbering). */
export function isoWeekNow(now: Date = new Date()): { week: number; year: number } {
  return { week: getISOWeek(now), year: getISOWeekYear(now) };
}
