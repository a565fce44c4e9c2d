/**
 * One advanced day of the market's news and monitoring: forensic news entries (with their weekly
 * diff and the project's memo), satellite alerts, fires and risk-level changes, country policy
 * updates (some changing the country's Article 6 or CORSIA fields) and press clips.
 */
import { isoDateTime, isoWeek, isoWeekMonday, toDayNumber } from '../calendar';
import { messyCountryUpdates, messyForensics } from '../messy/messy-market';
import type { Db } from '../store/open-store';
import type { AdvanceWorld } from './advance-world';
import { countAround } from './advance-world';
import { countryUpdate, recentDevelopments } from './countries';
import { newsEntry } from './forensics';
import { INSERT_CLIP_SQL, INSERT_DIFF_SQL, INSERT_ENTRY_SQL, INSERT_UPDATE_SQL, clipRowValues } from './index';
import type { Rng } from './rng';
import { riskLevel, round } from './satellite';
import type { StoryProject } from './stories';

const storyOf = (db: Db, projectId: string): StoryProject | undefined =>
  db.prepare('SELECT project_id, name, category, project_type, country, proponent FROM projects WHERE project_id = ?').get(projectId) as StoryProject | undefined;

const timeOn = (rng: Rng, day: string) => isoDateTime(toDayNumber(day) * 86_400_000 + rng.int(6 * 3600, 20 * 3600) * 1000);

function forensicEntries(db: Db, world: AdvanceWorld, rng: Rng, day: string, messyRng?: Rng): void {
  const n = countAround(rng, world.rates.entries);
  if (!n) return;
  const watched = db.prepare('SELECT project_id FROM forensic_memos ORDER BY project_id').pluck().all() as string[];
  if (!watched.length) return;
  let nextId = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM forensic_entries').get() as { n: number }).n;
  const { week, year } = isoWeek(day);
  for (let i = 0; i < n; i++) {
    const project = storyOf(db, rng.pick(watched));
    if (!project) continue;
    const entry = newsEntry(rng, ++nextId, project, day);
    if (messyRng) messyForensics(messyRng, { entries: [entry], memos: [], diffs: [], legacy: [] });
    db.prepare(INSERT_ENTRY_SQL).run(entry);
    const diff = db.prepare('SELECT new_entry_ids FROM forensic_diffs WHERE project_id = ? AND year = ? AND week_number = ?').get(project.project_id, year, week) as { new_entry_ids: string } | undefined;
    if (diff) {
      const ids = [...(JSON.parse(diff.new_entry_ids) as number[]), entry.id];
      db.prepare(`UPDATE forensic_diffs SET new_entries_count = ?, new_entry_ids = ?,
          week_summary = ? || ' new findings for ' || project_id || ' after deduplication against earlier scans.' WHERE project_id = ? AND year = ? AND week_number = ?`)
        .run(ids.length, JSON.stringify(ids), String(ids.length), project.project_id, year, week);
    } else {
      db.prepare(INSERT_DIFF_SQL).run({
        project_id: project.project_id, year, week_number: week, week_date: isoWeekMonday(year, week), new_entries_count: 1, memo_changed: rng.chance(0.4) ? 1 : 0,
        headline: `${project.name ?? project.project_id}: ${entry.key_event ?? 'new finding'}`,
        week_summary: `1 new finding for ${project.project_id} after deduplication against earlier scans.`, new_entry_ids: JSON.stringify([entry.id]),
      });
    }
    db.prepare(`UPDATE forensic_memos SET memo = json_set(memo, '$.last_updated', ?, '$.total_entries', coalesce(json_extract(memo, '$.total_entries'), 0) + 1)
      WHERE project_id = ?`).run(day, project.project_id);
  }
}

function satelliteChanges(db: Db, world: AdvanceWorld, rng: Rng, day: string): void {
  const n = countAround(rng, world.rates.satellite);
  if (!n) return;
  const ids = db.prepare('SELECT project_id FROM satellite_metrics ORDER BY project_id').pluck().all() as string[];
  for (let i = 0; i < n; i++) {
    const projectId = rng.pick(ids);
    const row = db.prepare('SELECT metrics FROM satellite_metrics WHERE project_id = ?').get(projectId) as { metrics: string };
    const m = JSON.parse(row.metrics) as Record<string, unknown>;
    const num = (k: string) => (typeof m[k] === 'number' ? (m[k] as number) : undefined);
    const alerts = rng.int(0, 30);
    if (num('alert_count_12m') !== undefined) m.alert_count_12m = num('alert_count_12m')! + alerts;
    if (num('alert_area_ha') !== undefined) m.alert_area_ha = round(num('alert_area_ha')! + alerts * rng.float() * 3, 2);
    if (num('fire_count_12m') !== undefined && rng.chance(0.3)) m.fire_count_12m = num('fire_count_12m')! + rng.int(1, 8);
    const score = num('integrity_score');
    if (score !== undefined) {
      const next = round(Math.min(99, Math.max(1, score + rng.normal() * 6)), 1);
      m.integrity_score = next;
      m.risk_level = riskLevel(next);
      m.risk_trajectory = next > score + 2 ? 'improving' : next < score - 2 ? 'worsening' : 'stable';
    }
    m.last_updated = timeOn(rng, day);
    db.prepare('UPDATE satellite_metrics SET metrics = ?, risk_level = ? WHERE project_id = ?').run(JSON.stringify(m), (m.risk_level as string | null) ?? null, projectId);
  }
}

/** Profile fields a policy update of this headline changes (an update is drawn only where its profile agrees with it: countries.ts). */
function policyEffect(rng: Rng, headline: string): Record<string, unknown> {
  if (headline.includes('Domestic retention')) return { domestic_retention_pct: rng.int(5, 40) };
  if (headline.includes('Export of carbon credits')) return { export_restrictions: true };
  if (headline.includes('Designated National Authority')) return { has_dna: true };
  if (headline.includes('NDC')) return { corsia_eligible: rng.chance(0.7) };
  return {};
}

function policyUpdates(db: Db, world: AdvanceWorld, rng: Rng, day: string, messyRng?: Rng): void {
  const n = countAround(rng, world.rates.updates);
  if (!n) return;
  const profiles = db.prepare('SELECT country_code, profile FROM country_profiles ORDER BY country_code').all() as { country_code: string; profile: string }[];
  if (!profiles.length) return;
  let nextId = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM country_updates').get() as { n: number }).n;
  for (let i = 0; i < n; i++) {
    const { country_code: code } = rng.pick(profiles);
    const current = db.prepare('SELECT profile FROM country_profiles WHERE country_code = ?').get(code) as { profile: string };
    const profile = JSON.parse(current.profile) as Record<string, unknown>;
    const update = countryUpdate(rng, ++nextId, code, String(profile.country_name ?? code), day, profile);
    if (messyRng) messyCountryUpdates(messyRng, [update]);
    db.prepare(INSERT_UPDATE_SQL).run(update);
    const changed = { ...profile, ...policyEffect(rng, update.headline), recent_developments: recentDevelopments(update), last_ai_scan_date: day, updated_at: timeOn(rng, day) };
    db.prepare('UPDATE country_profiles SET profile = ? WHERE country_code = ?').run(JSON.stringify(changed), code);
  }
}

function clips(db: Db, world: AdvanceWorld, rng: Rng, day: string, messyRng?: Rng): void {
  const n = countAround(rng, world.rates.clips);
  if (!n || !world.pickActiveProject) return;
  let nextId = (db.prepare('SELECT coalesce(max(id), 0) AS n FROM clips').get() as { n: number }).n;
  for (let i = 0; i < n; i++) {
    const project = storyOf(db, world.pickActiveProject(rng));
    if (project) db.prepare(INSERT_CLIP_SQL).run(...clipRowValues(rng, ++nextId, project, day, messyRng));
  }
}

export function advanceSignals(db: Db, world: AdvanceWorld, rng: Rng, day: string, messyRng?: Rng): void {
  forensicEntries(db, world, rng, day, messyRng);
  satelliteChanges(db, world, rng, day);
  policyUpdates(db, world, rng, day, messyRng);
  clips(db, world, rng, day, messyRng);
}
