import { describe, expect, it } from 'vitest';
import type { ForensicMemo } from '../../../../shared/api/resources';
import { MEMO_SECTIONS, feedCategories, isoWeekOf, memoSections, shiftWeek, sortByFirstSeen } from './forensic-entries';

describe('forensic entries', () => {
  it('sorts by first seen (newest first), then date, then id', () => {
    const e = (id: number, first: string | null, date: string | null) => ({ id, first_seen_date: first, date });
    const sorted = sortByFirstSeen([e(1, '2026-01-01', '2025-12-01'), e(2, '2026-02-01', null), e(3, null, '2026-03-01'), e(4, '2026-01-01', '2025-12-05'), e(5, '2026-01-01', '2025-12-05')]);
    expect(sorted.map((x) => x.id)).toEqual([2, 5, 4, 1, 3]);
  });

  it('offers the feed\'s categories plus the selected one', () => {
    expect(feedCategories([{ category: 'regulatory' }, { category: null }, { category: 'market' }, { category: 'market' }], 'legal')).toEqual(['legal', 'market', 'regulatory']);
  });

  it('lays every memo text field out once, skipping empty ones', () => {
    const fields = MEMO_SECTIONS.flatMap((s) => s.fields.map((f) => f.field));
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).toHaveLength(12);
    const memo = { project_id: 'VCS1', primary_risk: 'Reversal', investment_thesis: '  ', price_narrative: 'Premium' } as unknown as ForensicMemo;
    expect(memoSections(memo)).toEqual([
      { title: 'Investment view', items: [{ label: 'Price narrative', text: 'Premium' }] },
      { title: 'Risk', items: [{ label: 'Primary risk', text: 'Reversal' }] },
    ]);
  });

  it('numbers weeks the ISO way and steps across years', () => {
    expect(isoWeekOf(new Date(2026, 0, 1))).toEqual({ week: 1, year: 2026 });
    expect(isoWeekOf(new Date(2021, 0, 3))).toEqual({ week: 53, year: 2020 });
    expect(shiftWeek(1, 2026, -1)).toEqual({ week: 52, year: 2025 });
    expect(shiftWeek(53, 2020, 1)).toEqual({ week: 1, year: 2021 });
    expect(shiftWeek(10, 2026, 1)).toEqual({ week: 11, year: 2026 });
  });
});
