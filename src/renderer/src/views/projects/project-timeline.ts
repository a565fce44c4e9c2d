/** The project's timeline: its news clips merged with listing, first issuance and first retirement. */
import type { Project } from '../../../../shared/api';

export interface TimelineEvent {
  key: string;
  date: string | null;
  kind: 'milestone' | 'clip';
  title: string;
  source: string | null;
  url: string | null;
  tags: string[];
  notes: string | null;
  type: string | null;
}

/** Newest first; events without a date last. */
export function projectTimeline(p: Project): TimelineEvent[] {
  const milestones: TimelineEvent[] = [
    { date: p.listed_at, title: 'Listed on the registry' },
    { date: p.first_issuance_at, title: 'First issuance' },
    { date: p.first_retirement_at, title: 'First retirement' },
  ]
    .filter((m) => m.date)
    .map((m) => ({ key: `m:${m.title}`, date: m.date, kind: 'milestone', title: m.title, source: null, url: null, tags: [], notes: null, type: null }));
  const clips: TimelineEvent[] = p.clips.map((c) => ({
    key: `c:${c.id}`,
    date: c.date,
    kind: 'clip',
    title: c.title ?? 'Untitled clip',
    source: c.source,
    url: c.url,
    tags: c.tags,
    notes: c.notes,
    type: c.type,
  }));
  return [...milestones, ...clips].sort((a, b) => {
    if (a.date === b.date) return a.kind === b.kind ? 0 : a.kind === 'milestone' ? -1 : 1;
    if (!a.date) return 1;
    if (!b.date) return -1;
    return a.date < b.date ? 1 : -1;
  });
}
