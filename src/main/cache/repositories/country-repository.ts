/** Country names of cached projects with their codes, policy profiles and policy updates. */
import type Database from 'better-sqlite3';
import type { CountryProfile, CountryUpdate } from '../../../shared/api';
import type { WithExtra } from '../../../shared/api';
import { extraJson, flag, json, nowIso } from './sql-values';

const JSON_FIELDS = new Set([
  'article6_bilateral_partners', 'host_agreements', 'buyer_host_partners', 'buyer_agreements', 'cooperative_approach_ids',
  'country_risk_factors', 'active_registries',
]);
const BOOLEAN_FIELDS = new Set([
  'corsia_eligible', 'has_carbon_tax', 'has_ets', 'eu_eligible', 'export_restrictions', 'is_buyer_country', 'has_initial_report',
  'has_dna', 'has_participation_requirements', 'ca_for_vcm', 'ndc_conditional',
]);

export class CountryRepository {
  private readonly clearNames: Database.Statement;
  private readonly insertName: Database.Statement;
  private readonly upsertProfile: Database.Statement | null = null;
  private readonly deleteProfile: Database.Statement;
  private readonly putCheck: Database.Statement;
  private readonly deleteUpdates: Database.Statement;
  private readonly insertUpdate: Database.Statement;
  private readonly profileColumns: string[];

  constructor(private readonly db: Database.Database) {
    this.clearNames = db.prepare('DELETE FROM project_countries');
    this.insertName = db.prepare('INSERT OR REPLACE INTO project_countries (country, country_code) VALUES (?, ?)');
    this.profileColumns = (db.prepare('PRAGMA table_info(country_profiles)').all() as Array<{ name: string }>).map((c) => c.name);
    const cols = this.profileColumns;
    this.upsertProfile = db.prepare(`INSERT OR REPLACE INTO country_profiles (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
    this.deleteProfile = db.prepare('DELETE FROM country_profiles WHERE country_code = ?');
    this.putCheck = db.prepare('INSERT OR REPLACE INTO country_profile_checks (country_code, found, synced_at) VALUES (?, ?, ?)');
    this.deleteUpdates = db.prepare('DELETE FROM country_updates WHERE country_code = ?');
    this.insertUpdate = db.prepare(`INSERT OR REPLACE INTO country_updates (id, country_code, position, date, headline, description,
      market_impact, source_url, week, year, extra) VALUES (@id, @country_code, @position, @date, @headline, @description, @market_impact,
      @source_url, @week, @year, @extra)`);
  }

  replaceProjectCountries(entries: Array<{ country: string; country_code: string | null }>): void {
    this.clearNames.run();
    for (const e of entries) this.insertName.run(e.country, e.country_code);
  }

  /** A profile as fetched for `code`; null records a 404 (code not recognised or no data). */
  putCountryProfile(code: string, profile: WithExtra<CountryProfile> | null): void {
    const upper = code.toUpperCase();
    this.putCheck.run(upper, profile ? 1 : 0, nowIso());
    if (!profile) {
      this.deleteProfile.run(upper);
      return;
    }
    const row: Record<string, unknown> = {};
    const source = profile as unknown as Record<string, unknown>;
    for (const c of this.profileColumns) {
      const v = source[c];
      row[c] = c === 'extra' ? extraJson(v) : JSON_FIELDS.has(c) ? json(v) : BOOLEAN_FIELDS.has(c) ? flag(v as boolean | null) : (v ?? null);
    }
    row.country_code = upper;
    this.upsertProfile!.run(row);
  }

  /** Replaces a country's updates with the ones just fetched (service order kept). */
  replaceCountryUpdates(code: string, updates: WithExtra<CountryUpdate>[]): number {
    const upper = code.toUpperCase();
    this.deleteUpdates.run(upper);
    updates.forEach((u, position) => this.insertUpdate.run({ ...u, country_code: upper, position, extra: extraJson(u.extra) }));
    return updates.length;
  }
}
