/**
 * The change log's detector: before a sync write lands, it compares what is about to be written
 * with what the cache holds and records what moved (in the same transaction as the write, so a crash
 * loses neither or both). A resource logs changes only once its job has completed a pass: the first
 * sync is the baseline, not millions of "new" rows. Re-written rows (a resumed page, the overlap of
 * an incremental credits pass) are not new, so a resume gives the same log as an uninterrupted run.
 */
import type Database from 'better-sqlite3';
import type { CountryProfile, CountryUpdate, LatestForensicFeed, Project, ProjectForensics, SatelliteMetrics } from '../../shared/api';
import type { ChangeKind } from '../../shared/contract';
import { cleanText } from '../../shared/case-folding';
import { AT, type CreditRow } from './repositories/credit-rows';
import { nowIso } from './repositories/sql-values';

/** A transaction's buyer as the Buyers view names it: the harmonized name, else the beneficiary as written. */
const buyerOf = (row: CreditRow): string =>
  cleanText(row[AT.retirement_beneficiary_harmonized] as string | null) ?? cleanText(row[AT.retirement_beneficiary] as string | null) ?? '';

/** Project fields whose changes are logged (old and new values). */
const PROJECT_FIELDS = [
  'name', 'status', 'registry', 'proponent', 'category', 'project_type', 'country', 'issued', 'retired',
  'certifications', 'has_ccb', 'has_icvcm_ccp', 'has_corsia', 'has_sdvista', 'has_social_carbon', 'article6_authorized', 'corc_durability',
] as const;
const SATELLITE_FIELDS = ['risk_level', 'alert_count_12m', 'fire_count_12m', 'total_loss_ha'] as const;
const COUNTRY_FIELDS = ['article6_status', 'article6_host_loas', 'article6_buyer_loas', 'corsia_eligible', 'corsia_phase', 'corsia_commitment'] as const;
const RISK_ORDER = ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH'];

/** How a stored cell compares with an incoming value (flags as 0/1, lists as JSON). */
function cell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export class ChangeDetector {
  private run = 0;
  private readonly insert: Database.Statement;
  private readonly addCredits: Database.Statement;
  private readonly creditExists: Database.Statement;
  private readonly projectRow: Database.Statement;
  private readonly satelliteRow: Database.Statement;
  private readonly countryRow: Database.Statement;
  private readonly jobDone: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(`INSERT INTO change_log (run_id, detected_at, kind, project_id, country, field, old_value, new_value, ref, summary)
      VALUES (@run, @at, @kind, @project_id, @country, @field, @old_value, @new_value, @ref, @summary)`);
    this.addCredits = db.prepare(`INSERT INTO change_credit_groups (run_id, detected_at, project_id, buyer, transaction_type, transactions, quantity, first_date, last_date)
      VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
      ON CONFLICT (run_id, project_id, buyer, transaction_type) DO UPDATE SET transactions = transactions + 1, quantity = quantity + excluded.quantity,
        first_date = min(coalesce(first_date, excluded.first_date), coalesce(excluded.first_date, first_date)),
        last_date = max(coalesce(last_date, excluded.last_date), coalesce(excluded.last_date, last_date))`);
    this.creditExists = db.prepare('SELECT 1 FROM credit_transactions WHERE id = ?').pluck();
    this.projectRow = db.prepare(`SELECT ${PROJECT_FIELDS.join(', ')} FROM projects WHERE project_id = ?`);
    this.satelliteRow = db.prepare(`SELECT ${SATELLITE_FIELDS.join(', ')} FROM satellite_metrics WHERE project_id = ?`);
    this.countryRow = db.prepare(`SELECT country_name, ${COUNTRY_FIELDS.join(', ')} FROM country_profiles WHERE country_code = ?`);
    this.jobDone = db.prepare(`SELECT last_success_at IS NOT NULL AND coalesce((SELECT value FROM cache_facts WHERE key = 'change_log'), 'on') <> 'off'
      FROM sync_state WHERE job = ?`).pluck();
  }

  /** A sync run begins: its changes are logged under a new run id. */
  beginRun(): number {
    this.run = Number(this.db.prepare('INSERT INTO sync_runs (started_at) VALUES (?)').run(nowIso()).lastInsertRowid);
    return this.run;
  }

  finishRun(run: number): void {
    this.db.prepare('UPDATE sync_runs SET finished_at = ? WHERE run_id = ?').run(nowIso(), run);
  }

  /** The run changes are logged under: the current one, else the latest (writes outside a sync). */
  private runId(): number {
    if (!this.run) this.run = (this.db.prepare('SELECT max(run_id) FROM sync_runs').pluck().get() as number | null) ?? 0;
    return this.run;
  }

  /** Whether a job has completed a pass (its resource is past its baseline), and the log is on (`cache_facts.change_log`; off only for measuring its cost). */
  logs(job: string): boolean {
    return this.jobDone.get(job) === 1;
  }

  private log(kind: ChangeKind, c: { project_id?: string | null; country?: string | null; field?: string | null; old_value?: unknown; new_value?: unknown; ref?: string | null; summary: string }): void {
    this.insert.run({
      run: this.runId(), at: nowIso(), kind, project_id: c.project_id ?? null, country: c.country ?? null, field: c.field ?? null,
      old_value: cell(c.old_value), new_value: cell(c.new_value), ref: c.ref ?? null, summary: c.summary,
    });
  }

  projects(items: Project[]): void {
    if (!this.logs('projects')) return;
    for (const p of items) {
      const old = this.projectRow.get(p.project_id) as Record<string, unknown> | undefined;
      if (!old) {
        this.log('projects_new', { project_id: p.project_id, country: p.country, summary: `New project ${p.project_id}${p.name ? ` ${p.name}` : ''}` });
        continue;
      }
      for (const f of PROJECT_FIELDS) {
        const before = cell(old[f]);
        const incoming = (p as unknown as Record<string, unknown>)[f];
        // a list the service left out is stored as [] (sql-values `json`)
        const after = f === 'certifications' ? JSON.stringify(incoming ?? []) : cell(incoming);
        if (before === after) continue;
        this.log('projects_changed', { project_id: p.project_id, country: p.country, field: f, old_value: before, new_value: after, summary: `${p.project_id}: ${f} ${before ?? '—'} → ${after ?? '—'}` });
      }
    }
  }

  /** Before a complete pass removes projects it did not see. */
  projectsGone(pass: number): void {
    if (!this.logs('projects')) return;
    const gone = this.db.prepare('SELECT project_id, name, country FROM projects WHERE sync_pass < ?').all(pass) as Array<{ project_id: string; name: string | null; country: string | null }>;
    for (const p of gone) this.log('projects_gone', { project_id: p.project_id, country: p.country, summary: `${p.project_id}${p.name ? ` ${p.name}` : ''} is no longer listed` });
  }

  /** The transactions credits() would log: none unless the log is on, else those the live table does not hold. */
  newCredits(rows: readonly CreditRow[]): CreditRow[] {
    return this.logs('credits') ? rows.filter((row) => !this.creditExists.get(row[AT.id])) : [];
  }

  credits(rows: readonly CreditRow[]): void {
    const at = nowIso();
    for (const row of this.newCredits(rows)) {
      const date = row[AT.transaction_date];
      this.addCredits.run(this.runId(), at, row[AT.project_id] ?? '', buyerOf(row), row[AT.transaction_type] ?? '',
        row[AT.quantity] ?? 0, date, date);
    }
  }

  latestFeed(feed: LatestForensicFeed): void {
    if (!this.logs('forensicsLatest')) return;
    const known = new Set((this.db.prepare('SELECT id FROM forensic_latest_entries').pluck().all() as number[]));
    const oldest = this.db.prepare('SELECT min(first_seen_date) FROM forensic_latest_entries').pluck().get() as string | null;
    for (const e of feed.entries) {
      // New: not in the feed before, and not an older entry the shorter feed had left out.
      if (known.has(e.id) || (oldest && e.first_seen_date && e.first_seen_date < oldest)) continue;
      this.log('forensic_entries_new', { project_id: e.project_id, country: e.project_country, ref: String(e.id), new_value: e.market_impact, summary: `${e.project_id}: ${e.key_event ?? 'new forensic entry'}` });
    }
  }

  dossier(projectId: string, forensics: ProjectForensics | null): void {
    if (!forensics?.memo || !this.logs('projectForensics')) return;
    const old = this.db.prepare('SELECT * FROM forensic_memos WHERE project_id = ?').get(projectId) as Record<string, unknown> | undefined;
    if (!old) return;
    const fields = Object.keys(forensics.memo).filter((k) => k !== 'project_id' && k !== 'last_updated' && k !== 'total_entries' && k in old);
    const changed = fields.filter((k) => cell(old[k]) !== cell((forensics.memo as unknown as Record<string, unknown>)[k]));
    if (changed.length) this.log('memos_changed', { project_id: projectId, field: changed.join(', '), summary: `${projectId}: forensic memo changed (${changed.join(', ')})` });
  }

  satellite(items: SatelliteMetrics[]): void {
    if (!this.logs('satellite')) return;
    for (const m of items) {
      const old = this.satelliteRow.get(m.project_id) as Record<string, unknown> | undefined;
      if (!old) continue;
      for (const f of SATELLITE_FIELDS) {
        const before = cell(old[f]);
        const after = cell((m as unknown as Record<string, unknown>)[f]);
        if (before === after) continue;
        // Alerts and fires are logged when they grow (a rolling 12-month count also shrinks as time passes).
        if ((f === 'alert_count_12m' || f === 'fire_count_12m') && Number(after) <= Number(before)) continue;
        const direction = f === 'risk_level' ? (RISK_ORDER.indexOf(after ?? '') > RISK_ORDER.indexOf(before ?? '') ? 'up' : 'down') : null;
        this.log('satellite_changed', {
          project_id: m.project_id, field: f, old_value: before, new_value: after,
          summary: `${m.project_id}: ${f === 'risk_level' ? `risk ${direction} ${before ?? '—'} → ${after ?? '—'}` : `${f} ${before ?? '—'} → ${after ?? '—'}`}`,
        });
      }
    }
  }

  countryProfile(code: string, profile: CountryProfile | null): void {
    if (!profile || !this.logs('countries')) return;
    const old = this.countryRow.get(code) as Record<string, unknown> | undefined;
    if (!old) return;
    for (const f of COUNTRY_FIELDS) {
      const before = cell(old[f]);
      const after = cell((profile as unknown as Record<string, unknown>)[f]);
      if (before !== after) this.log('countries_changed', { country: code, field: f, old_value: before, new_value: after, summary: `${profile.country_name ?? code}: ${f} ${before ?? '—'} → ${after ?? '—'}` });
    }
  }

  countryUpdates(code: string, updates: CountryUpdate[]): void {
    // Logged once this country's updates were fetched before (else they are its baseline).
    if (this.db.prepare("SELECT value FROM cache_facts WHERE key = 'change_log'").pluck().get() === 'off') return;
    if (!this.db.prepare("SELECT 1 FROM mirror_items WHERE resource = 'countryUpdates' AND item_id = ?").get(code)) return;
    const known = new Set(this.db.prepare('SELECT id FROM country_updates WHERE country_code = ?').pluck().all(code) as number[]);
    for (const u of updates) {
      if (known.has(u.id)) continue;
      this.log('country_updates_new', { country: code, ref: String(u.id), new_value: u.market_impact, summary: `${code}: ${u.headline ?? 'new policy update'}` });
    }
  }
}
