/**
 * forensics.counts, the one definition of every count of forensic entries, and the one order of
 * entries. Forensics are read from the cache's own tables (not the read model), through the query
 * table with a SQLite context, as the cache worker calls them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { forensicEntrySchema, forensicMemoSchema, type ForensicEntry } from '../../shared/api';
import { ForensicRepository } from '../cache/repositories/forensic-repository';
import { sqliteContext, type ReadContext } from './read-engine';
import { ask } from './testing/engines';
import { tinyMarket } from './testing/tiny-market';

let db: Database.Database;
let ctx: ReadContext;
let forensics: ForensicRepository;
beforeEach(() => {
  process.env.CARBON_TODAY = '2026-06-30';
  db = tinyMarket();
  ctx = sqliteContext(db);
  forensics = new ForensicRepository(db);
});
afterEach(() => db.close());

const entry = (id: number, project_id: string, first_seen_date: string, extra: Partial<ForensicEntry> = {}): ForensicEntry =>
  forensicEntrySchema.parse({
    id, project_id, entry_hash: `h${id}`, date: first_seen_date, category: 'Registry', source: 'Wire', key_event: `event ${id}`, market_impact: null, url: null,
    first_seen_date, first_seen_week: 26, first_seen_year: 2026, is_new_this_week: false, project_name: project_id, project_country: null,
    project_proponent: null, project_registry: null, ...extra,
  });
const memo = (project_id: string, scan_type: string) => forensicMemoSchema.parse({ project_id, scan_type, last_updated: '2026-06-29', total_entries: 1 });
const dossier = (project_id: string, entries: ForensicEntry[], scanType = 'full') => ({
  project_id, entries, memo: memo(project_id, scanType),
  stats: { total_entries: entries.length, new_this_week: entries.filter((e) => e.is_new_this_week).length, last_scan_date: '2026-06-29', week_number: 27, year: 2026 },
});

describe('forensics.counts', () => {
  it('before any forensics: the service is not counted yet, nothing is cached', async () => {
    expect(await ask(ctx, 'forensics.counts', {})).toEqual({
      service: null,
      feed: { entries: 0, new_this_week: 0, projects: 0, category: null },
      dossiers: { projects: 0, entries: 0, new_this_week: 0, from_legacy: { projects: 0, entries: 0 } },
    });
  });

  it('counts the service (as its feed said), the cached feed and the cached dossiers apart, each as what it is', async () => {
    // The service has 6 entries, 2 new this week; its feed was fetched with a limit of 3.
    const feedEntries = [
      entry(6, 'VCS-1', '2026-06-29', { is_new_this_week: true, category: 'Registry' }),
      entry(5, 'VCS-2', '2026-06-29', { is_new_this_week: true, category: 'Press' }),
      entry(4, 'VCS-1', '2026-06-20'),
    ];
    forensics.replaceLatestFeed({ entries: feedEntries, total_count: 6, new_this_week_count: 2, week: 27, year: 2026 }, 3);
    forensics.replaceProjectForensics('VCS-1', dossier('VCS-1', [feedEntries[0]!, feedEntries[2]!, entry(1, 'VCS-1', '2026-01-10')]));
    forensics.replaceProjectForensics('VCS-2', dossier('VCS-2', [feedEntries[1]!]));
    // a dossier the service built from a legacy analysis, and one it has none of
    forensics.replaceProjectForensics('GLD-3', dossier('GLD-3', [entry(3001, 'GLD-3', '2025-05-01'), entry(3000, 'GLD-3', '2025-05-01')], 'legacy'));
    forensics.replaceProjectForensics('ACR-4', null);

    const counts = await ask(ctx, 'forensics.counts', {});
    expect(counts.service).toMatchObject({ entries: 6, new_this_week: 2, week: 27, year: 2026 });
    expect(counts.feed).toEqual({ entries: 3, new_this_week: 2, projects: 2, category: null });
    expect(counts.dossiers).toEqual({ projects: 3, entries: 6, new_this_week: 2, from_legacy: { projects: 1, entries: 2 } });
    // a category: the cached feed's entries of it; the service's own counters stay the whole feed's
    const press = await ask(ctx, 'forensics.counts', { category: 'press' });
    expect(press.feed).toEqual({ entries: 1, new_this_week: 1, projects: 1, category: 'press' });
    expect(press.service?.entries).toBe(6);
    // the feed's page count follows the same count: paging through it reaches every cached entry once
    const seen: number[] = [];
    for (let offset = 0; offset < counts.feed.entries; offset += 2) seen.push(...(await ask(ctx, 'forensics.latest', { limit: 2, offset })).entries.map((e) => e.id));
    expect(seen).toEqual([6, 5, 4]);
  });

  it('answers entries in one order everywhere: newest first seen first, then the newest event, then the highest id', async () => {
    const sent = [
      entry(1, 'VCS-1', '2026-06-01', { date: '2026-05-20' }),
      entry(2, 'VCS-1', '2026-06-29', { date: '2026-06-10' }),
      entry(3, 'VCS-1', '2026-06-29', { date: '2026-06-28' }),
      entry(4, 'VCS-1', '2026-06-01', { date: '2026-05-20' }),
    ];
    // sent oldest first, as a service may
    forensics.replaceLatestFeed({ entries: sent, total_count: 4, new_this_week_count: 0, week: 27, year: 2026 }, 200);
    forensics.replaceProjectForensics('VCS-1', dossier('VCS-1', sent));
    const order = [3, 2, 4, 1];
    expect((await ask(ctx, 'forensics.latest', {})).entries.map((e) => e.id)).toEqual(order);
    expect((await ask(ctx, 'forensics.project', { project_id: 'VCS-1' })).entries.map((e) => e.id)).toEqual(order);
  });
});
