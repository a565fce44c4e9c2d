/** Forensic entries and memos laid out for reading: order, categories, memo sections, weeks. */
import { getISOWeek, getISOWeekYear } from 'date-fns';
import type { ForensicEntry, ForensicMemo } from '../../../../shared/api/resources';

/** Most recently first-seen first; then by event date, then id (stable). */
export function sortByFirstSeen<T extends Pick<ForensicEntry, 'first_seen_date' | 'date' | 'id'>>(entries: readonly T[]): T[] {
  const key = (s: string | null) => s ?? '';
  return [...entries].sort(
    (a, b) => key(b.first_seen_date).localeCompare(key(a.first_seen_date)) || key(b.date).localeCompare(key(a.date)) || b.id - a.id,
  );
}

/** Categories to offer: those in the feed, plus the selected one even when the feed has none of it. */
export function feedCategories(entries: readonly Pick<ForensicEntry, 'category'>[], selected?: string): string[] {
  const set = new Set<string>();
  for (const e of entries) if (e.category) set.add(e.category);
  if (selected) set.add(selected);
  return [...set].sort((a, b) => a.localeCompare(b));
}

type MemoField = Exclude<keyof ForensicMemo, 'project_id' | 'last_updated' | 'total_entries' | 'scan_type'>;

/** The memo's fields grouped by the question an analyst asks. Every text field of the memo is here once. */
export const MEMO_SECTIONS: ReadonlyArray<{ title: string; fields: ReadonlyArray<{ field: MemoField; label: string }> }> = [
  {
    title: 'Investment view',
    fields: [
      { field: 'investment_thesis', label: 'Investment thesis' },
      { field: 'value_proposition', label: 'Value proposition' },
      { field: 'price_narrative', label: 'Price narrative' },
      { field: 'deal_flow_signals', label: 'Deal-flow signals' },
    ],
  },
  {
    title: 'Risk',
    fields: [
      { field: 'primary_risk', label: 'Primary risk' },
      { field: 'methodology_risk', label: 'Methodology risk' },
      { field: 'quality_tier_estimate', label: 'Quality tier (estimate)' },
      { field: 'proponent_assessment', label: 'Proponent assessment' },
    ],
  },
  {
    title: 'Status and issuance',
    fields: [
      { field: 'project_operational_status', label: 'Operational status' },
      { field: 'development_status', label: 'Development status' },
      { field: 'future_issuance_assessment', label: 'Future issuance' },
      { field: 'estimated_issuance_timeline', label: 'Issuance timeline' },
    ],
  },
];

/** Sections with their filled fields only (an empty section is left out). */
export function memoSections(memo: ForensicMemo): Array<{ title: string; items: Array<{ label: string; text: string }> }> {
  return MEMO_SECTIONS.map((s) => ({
    title: s.title,
    items: s.fields.flatMap(({ field, label }) => {
      const text = memo[field];
      return typeof text === 'string' && text.trim() ? [{ label, text }] : [];
    }),
  })).filter((s) => s.items.length > 0);
}

/** ISO week and week-year of a date (the forensic feed's week numbering). */
export function isoWeekOf(date: Date): { week: number; year: number } {
  return { week: getISOWeek(date), year: getISOWeekYear(date) };
}

/** The week before / after (wrapping years at week 1 and 52/53). */
export function shiftWeek(week: number, year: number, by: 1 | -1): { week: number; year: number } {
  // Thursday of the ISO week, then move 7 days
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86400_000 + (week - 1) * 7 * 86400_000);
  const moved = new Date(monday.getTime() + 3 * 86400_000 + by * 7 * 86400_000);
  return isoWeekOf(new Date(moved.getUTCFullYear(), moved.getUTCMonth(), moved.getUTCDate()));
}
