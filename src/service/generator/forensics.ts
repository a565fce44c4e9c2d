/**
 * Forensic data: v2 news entries, memos and weekly diffs (some for the current ISO week), and
 * legacy v1 analyses, for a share of the projects. Events come from `stories.ts` (plausible for the
 * project's kind, with an impact that agrees with the event); everything is seen before today.
 */
import { addDays, daysBetween, isoDateTime, isoWeek, isoWeekMonday, toDayNumber } from '../calendar';
import { demoLink } from './links';
import type { ProjectSummary } from './project-summary';
import type { Rng } from './rng';
import { forensicEvent, projectKind, type ProjectKind, type StoryProject } from './stories';

export interface ForensicEntryRow {
  id: number;
  project_id: string;
  entry_hash: string;
  date: string;
  category: string | null;
  source: string | null;
  key_event: string | null;
  market_impact: string | null;
  url: string | null;
  first_seen_date: string;
  first_seen_week: number;
  first_seen_year: number;
  is_new_this_week: number;
}
export interface ForensicDiffRow {
  project_id: string;
  year: number;
  week_number: number;
  week_date: string;
  new_entries_count: number;
  memo_changed: number;
  headline: string;
  week_summary: string;
  new_entry_ids: string;
}
export interface LegacyForensicRow {
  id: number;
  project_id: string;
  project_name: string | null;
  proponent: string | null;
  registry: string | null;
  country: string | null;
  issued: number | null;
  run_date: string;
  status: string | null;
  raw_json: string | null;
  news_entries_json: string | null;
  num_findings: number;
  price_narrative: string | null;
  primary_risk: string | null;
  value_proposition: string | null;
  error_type: string | null;
  error_message: string | null;
}
export interface ForensicsData {
  entries: ForensicEntryRow[];
  memos: { project_id: string; memo: string }[];
  diffs: ForensicDiffRow[];
  legacy: LegacyForensicRow[];
}

/** What a memo may say of a project of each kind: a forest is not a removal with durable storage, a wind farm has no reversal risk. */
const MEMO_WORDS: Record<ProjectKind, { risks: readonly string[]; values: readonly string[]; legacyValues: readonly string[] }> = {
  land: {
    risks: ['Baseline over-crediting', 'Permanence and reversal risk', 'Leakage', 'Community consent', 'Registry suspension', 'Low demand'],
    values: ['Co-benefits and CCB label', 'Avoided deforestation at scale', 'Large verified supply', 'Strong buyer demand'],
    legacyValues: ['Co-benefits', 'Scale'],
  },
  removal: {
    risks: ['Storage monitoring', 'Permanence and reversal risk', 'Registry suspension', 'Low demand'],
    values: ['Removal credits with durable storage', 'Strong buyer demand'],
    legacyValues: ['Durability', 'Scale'],
  },
  renewable: {
    risks: ['Additionality', 'Baseline over-crediting', 'Registry suspension', 'Low demand'],
    values: ['Large verified supply', 'Low-cost avoided emissions', 'Strong buyer demand'],
    legacyValues: ['Scale', 'Price'],
  },
  household: {
    risks: ['Baseline over-crediting', 'Usage monitoring', 'Community consent', 'Low demand'],
    values: ['Health co-benefits for households', 'Large verified supply', 'Strong buyer demand'],
    legacyValues: ['Co-benefits', 'Scale'],
  },
  'industrial-gas': {
    risks: ['Additionality', 'Baseline over-crediting', 'Registry suspension', 'Low demand'],
    values: ['Measured gas destruction', 'Large verified supply'],
    legacyValues: ['Scale', 'Price'],
  },
  other: {
    risks: ['Baseline over-crediting', 'Registry suspension', 'Low demand'],
    values: ['Large verified supply', 'Strong buyer demand'],
    legacyValues: ['Scale'],
  },
};

/** A news entry about project `p`, first seen on `seen` (not yet flagged new this week). */
export function newsEntry(rng: Rng, id: number, p: StoryProject, seen: string): ForensicEntryRow {
  const { week, year } = isoWeek(seen);
  const event = forensicEvent(rng, p);
  const date = addDays(seen, -rng.int(0, 20));
  return {
    id,
    project_id: p.project_id,
    entry_hash: rng.hex(16),
    date,
    category: event.category,
    source: event.source,
    key_event: event.key_event,
    market_impact: event.market_impact,
    url: demoLink(event.source, date.slice(0, 4), `${p.project_id}-${id}`),
    first_seen_date: seen,
    first_seen_week: week,
    first_seen_year: year,
    is_new_this_week: 0,
  };
}

export function generateForensics(rng: Rng, projects: readonly ProjectSummary[], today: string): ForensicsData {
  const current = isoWeek(today);
  const currentMonday = isoWeekMonday(current.year, current.week);
  const active = projects.filter((p) => p.active);
  const v2Projects = rng.sample(active, Math.max(3, Math.round(active.length * 0.06)));
  const entries: ForensicEntryRow[] = [];
  const memos: ForensicsData['memos'] = [];
  const diffs: ForensicDiffRow[] = [];
  let entryId = 1;

  // Nothing is seen on today itself: on a Monday the current week has no entries yet.
  const lastSeen = addDays(today, -1);
  v2Projects.forEach((p, index) => {
    const hasCurrentWeek = currentMonday <= lastSeen && index < Math.max(2, Math.round(v2Projects.length * 0.35));
    const weeks = new Set<string>();
    const count = rng.int(3, 14);
    for (let i = 0; i < count; i++) weeks.add(addDays(currentMonday, -7 * rng.int(1, 104)));
    const weekList = [...weeks];
    if (hasCurrentWeek) weekList.push(currentMonday);
    const byWeek = new Map<string, ForensicEntryRow[]>();
    for (const weekDate of weekList) {
      const n = weekDate === currentMonday ? rng.int(1, 3) : rng.int(1, 2);
      for (let k = 0; k < n; k++) {
        // Seen on one of the week's first days, and always before today.
        const seen = weekDate === currentMonday ? addDays(currentMonday, rng.int(0, daysBetween(currentMonday, lastSeen))) : addDays(weekDate, rng.int(0, 2));
        const row = newsEntry(rng, entryId++, p, seen);
        row.is_new_this_week = weekDate === currentMonday ? 1 : 0;
        entries.push(row);
        byWeek.set(weekDate, [...(byWeek.get(weekDate) ?? []), row]);
      }
    }
    const sortedWeeks = [...byWeek.keys()].sort();
    for (const weekDate of sortedWeeks) {
      const rows = byWeek.get(weekDate)!;
      const { week, year } = isoWeek(weekDate);
      diffs.push({
        project_id: p.project_id,
        year,
        week_number: week,
        week_date: weekDate,
        new_entries_count: rows.length,
        memo_changed: rng.chance(0.4) ? 1 : 0,
        headline: `${p.name ?? p.project_id}: ${rows[0]!.key_event}`,
        week_summary: `${rows.length} new finding${rows.length > 1 ? 's' : ''} for ${p.project_id} after deduplication against earlier scans.`,
        new_entry_ids: JSON.stringify(rows.map((r) => r.id)),
      });
    }
    const lastScan = [...byWeek.values()].flat().reduce((m, r) => (r.first_seen_date > m ? r.first_seen_date : m), '');
    memos.push({
      project_id: p.project_id,
      memo: JSON.stringify({
        project_id: p.project_id,
        price_narrative: `Credits from ${p.project_id} trade ${rng.pick(['at a premium to', 'in line with', 'at a discount to'])} comparable ${(p.project_type ?? 'market').toLowerCase()} credits.`,
        primary_risk: rng.pick(MEMO_WORDS[projectKind(p.category)].risks),
        value_proposition: rng.pick(MEMO_WORDS[projectKind(p.category)].values),
        last_updated: lastScan,
        total_entries: [...byWeek.values()].reduce((s, r) => s + r.length, 0),
        future_issuance_assessment: rng.pick(['Steady issuance expected', 'Issuance likely to slow', 'Large issuance pending verification']),
        project_operational_status: rng.pick(['Operational', 'Under review', 'Crediting period renewal pending']),
        development_status: rng.pick(['Mature', 'Scaling', 'Early stage']),
        estimated_issuance_timeline: rng.pick(['Next 6 months', '6 to 12 months', 'Over 12 months']),
        methodology_risk: rng.pick(['Low', 'Medium', 'High']),
        quality_tier_estimate: rng.pick(['Tier 1', 'Tier 2', 'Tier 3']),
        proponent_assessment: `${p.proponent ?? 'The developer'} ${rng.pick(['has a long track record', 'is a new entrant', 'faced past controversies'])}.`,
        deal_flow_signals: rng.pick(['Active offtake talks', 'No recent deals', 'Forward sales reported']),
        investment_thesis: rng.pick(['Hold', 'Accumulate', 'Avoid', 'Watch']),
        scan_type: rng.pick(['full', 'incremental']),
      }),
    });
  });

  // Legacy v1 analyses: half of the v2 projects plus projects that only have legacy data.
  const legacyProjects = [...rng.sample(v2Projects, Math.ceil(v2Projects.length / 2)), ...rng.sample(active.filter((p) => !v2Projects.includes(p)), Math.max(2, Math.round(active.length * 0.05)))];
  const todayMs = toDayNumber(today) * 86_400_000;
  const legacy: LegacyForensicRow[] = legacyProjects.map((p, i) => {
    const status = rng.weighted([['success', 75], ['partial', 15], ['failed', 10]] as const);
    const news = status === 'failed' ? [] : Array.from({ length: rng.int(1, 6) }, () => {
      const date = addDays(today, -rng.int(200, 1000));
      const event = forensicEvent(rng, p);
      return { date, category: event.category, source: event.source, key_event: event.key_event, market_impact: event.market_impact, url: demoLink(event.source, date.slice(0, 4), `${p.project_id}-${rng.hex(8)}`) };
    });
    return {
      id: i + 1,
      project_id: p.project_id,
      project_name: p.name,
      proponent: p.proponent,
      registry: p.project_id.split('-')[0]!,
      country: p.country,
      issued: p.issued,
      run_date: isoDateTime(todayMs - rng.int(200, 1100) * 86_400_000 - rng.int(0, 86_399) * 1000),
      status,
      raw_json: status === 'failed' ? null : JSON.stringify({ model: 'forensic-v1', findings: news.length }),
      news_entries_json: status === 'failed' ? null : JSON.stringify(news),
      num_findings: news.length,
      price_narrative: status === 'failed' ? null : `Legacy view: ${(p.project_type ?? 'these').toLowerCase()} credits ${rng.pick(['priced above', 'priced near', 'priced below'])} the market average.`,
      primary_risk: status === 'failed' ? null : rng.pick(MEMO_WORDS[projectKind(p.category)].risks),
      value_proposition: status === 'success' ? rng.pick(MEMO_WORDS[projectKind(p.category)].legacyValues) : null,
      error_type: status === 'success' ? null : rng.pick(['TimeoutError', 'ParseError', 'RateLimitError']),
      error_message: status === 'success' ? null : rng.pick(['Model call timed out after 120s', 'Could not parse model output', 'Upstream rate limit reached']),
    };
  });
  return { entries, memos, diffs, legacy };
}
