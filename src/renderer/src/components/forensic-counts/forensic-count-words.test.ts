import { describe, expect, it } from 'vitest';
import type { ForensicCounts } from '../../../../shared/contract';
import { forensicCountWords, isoWeekNow, newFlagLabel } from './forensic-count-words';

const counts = (over: Partial<ForensicCounts> = {}): ForensicCounts => ({
  service: { entries: 6913, new_this_week: 356, week: 49, year: 2026, fetched_at: '2026-12-02T10:00:00Z' },
  feed: { entries: 200, new_this_week: 200, projects: 120, category: null },
  dossiers: { projects: 412, entries: 5594, new_this_week: 300, from_legacy: { projects: 15, entries: 70 } },
  ...over,
});

describe('forensicCountWords', () => {
  it('says what each count counts', () => {
    expect(forensicCountWords(counts())).toEqual({
      service: '6,913 forensic entries at the service',
      feed: 'the 200 newest cached in the feed',
      dossiers: '5,594 in the cached dossiers of 412 projects (70 of them from legacy analyses)',
      newThisWeek: '356 of them new in week 49 of 2026',
      newAtService: "356 of the service's 6,913 entries are new in week 49 of 2026",
    });
  });

  it('says "all" when the feed holds every entry, names a category, and says when nothing is known or held', () => {
    expect(forensicCountWords(counts({ feed: { entries: 365, new_this_week: 18, projects: 40, category: null }, service: { entries: 365, new_this_week: 18, week: 49, year: 2026, fetched_at: '' } })).feed).toBe('all 365 cached in the feed');
    expect(forensicCountWords(counts({ feed: { entries: 12, new_this_week: 1, projects: 9, category: 'Registry' } })).feed).toBe('the 12 newest of “Registry” cached in the feed');
    const none = forensicCountWords({ service: null, feed: { entries: 0, new_this_week: 0, projects: 0, category: null }, dossiers: { projects: 0, entries: 0, new_this_week: 0, from_legacy: { projects: 0, entries: 0 } } });
    expect(none.service).toMatch(/not counted yet/);
    expect(none.feed).toBe('none cached in the feed');
    expect(none.dossiers).toBe('no project dossier cached');
    expect(none.newAtService).toBeNull();
  });
});

describe('newFlagLabel', () => {
  it('reads "New this week" only while the flag\'s week is the current one', () => {
    expect(newFlagLabel({ week: 49, year: 2026 }, { week: 49, year: 2026 })).toBe('New this week');
    expect(newFlagLabel({ week: 45, year: 2026 }, { week: 49, year: 2026 })).toBe('New in week 45');
    expect(newFlagLabel({ week: 52, year: 2025 }, { week: 2, year: 2026 })).toBe('New in week 52 of 2025');
    expect(newFlagLabel(null, { week: 2, year: 2026 })).toBe('New this week');
  });

  it('numbers weeks as ISO does', () => {
    expect(isoWeekNow(new Date(2026, 11, 2))).toEqual({ week: 49, year: 2026 });
    expect(isoWeekNow(new Date(2021, 0, 3))).toEqual({ week: 53, year: 2020 });
  });
});
