/**
 * Countries from the cache: the countries of cached projects with their totals (ISO 3166-1 alpha-2
 * codes from the cache's country table, else resolved from the name as the sync resolves it:
 * src/shared/country-names.ts), policy profiles and updates.
 */
import type Database from 'better-sqlite3';
import { statement } from './query-memo';
import { COUNTRY_UPDATES_DEFAULT_LIMIT, type CountryUpdatesQuery } from '../../shared/api/params';
import type { CountryProfile, CountryUpdate } from '../../shared/api/resources';
import { countryCodeOf } from '../../shared/country-names';
import type { CountryIndexEntry } from '../../shared/contract';
import { ContractError } from '../../shared/errors';
import { mirrorRecord, noneAtService, notDownloaded } from './availability';

export function countryIndex(db: Database.Database): CountryIndexEntry[] {
  const rows = statement(db, `SELECT p.country AS country, pc.country_code AS cached_code, count(*) AS projects, total(p.issued) AS issued, total(p.retired) AS retired
      FROM projects p LEFT JOIN project_countries pc ON pc.country = p.country
      WHERE p.country IS NOT NULL AND p.country <> '' GROUP BY p.country ORDER BY fold(p.country), p.country`)
    .all() as Array<{ country: string; cached_code: string | null; projects: number; issued: number; retired: number }>;
  const profiles = new Map(
    (statement(db, 'SELECT country_code, country_risk_score FROM country_profiles').all() as Array<{ country_code: string; country_risk_score: number | null }>).map((r) => [
      r.country_code.toUpperCase(),
      r.country_risk_score,
    ]),
  );
  return rows.map((r) => {
    const code = r.cached_code ?? countryCodeOf(r.country);
    const hasProfile = code !== null && profiles.has(code);
    return {
      country: r.country, country_code: code, projects: r.projects, issued: r.issued, retired: r.retired, has_profile: hasProfile,
      country_risk_score: hasProfile ? (profiles.get(code) ?? null) : null,
    };
  });
}

const BOOLEAN_FIELDS = [
  'corsia_eligible', 'has_carbon_tax', 'has_ets', 'eu_eligible', 'export_restrictions', 'is_buyer_country', 'has_initial_report', 'has_dna',
  'has_participation_requirements', 'ca_for_vcm', 'ndc_conditional',
] as const;
const JSON_FIELDS = [
  'article6_bilateral_partners', 'host_agreements', 'buyer_host_partners', 'buyer_agreements', 'cooperative_approach_ids', 'country_risk_factors',
  'active_registries',
] as const;

/** Why a country's profile is not in the cache: the service answered 404 for it, or it was not fetched. */
function profileUnavailable(db: Database.Database, code: string) {
  const check = statement(db, 'SELECT found, synced_at FROM country_profile_checks WHERE country_code = ?').get(code) as { found: number; synced_at: string } | undefined;
  if (check?.found === 0) return noneAtService(`policy profile for country ${code}`, { resource: 'countryProfile', id: code, checkedAt: check.synced_at });
  if (!statement(db, 'SELECT 1 FROM project_countries WHERE country_code = ?').get(code)) {
    return new ContractError('not_found', `Country ${code} is not in the cache: no cached project is in it, so the sync does not ask the service for its profile.`);
  }
  return notDownloaded(`the policy profile of country ${code}`, { resource: 'countryProfile', id: code, scheduled: true });
}

export function countryProfile(db: Database.Database, args: { country_code: string }): CountryProfile {
  const code = args.country_code.toUpperCase();
  const row = statement(db, 'SELECT * FROM country_profiles WHERE country_code = ?').get(code) as Record<string, unknown> | undefined;
  if (!row) throw profileUnavailable(db, code);
  // The fields kept aside from the server's answer (`extra`) are for exports, not part of the profile.
  const { extra: _extra, ...fields } = row;
  const out: Record<string, unknown> = { ...fields };
  for (const f of BOOLEAN_FIELDS) out[f] = row[f] === null || row[f] === undefined ? null : row[f] === 1;
  for (const f of ['is_buyer_country', 'has_initial_report', 'has_dna', 'has_participation_requirements'] as const) out[f] = row[f] === 1;
  for (const f of JSON_FIELDS) out[f] = JSON.parse((row[f] as string | null) ?? '[]') as unknown;
  return out as unknown as CountryProfile;
}

export function countryUpdates(db: Database.Database, q: CountryUpdatesQuery & { country_code: string }): CountryUpdate[] {
  const code = q.country_code.toUpperCase();
  if (!statement(db, 'SELECT 1 FROM country_profiles WHERE country_code = ?').get(code)) throw profileUnavailable(db, code);
  const record = mirrorRecord(db, 'countryUpdates', code);
  if (record?.outcome === 'none') throw noneAtService(`policy updates for country ${code}`, { resource: 'countryUpdates', id: code, checkedAt: record.fetched_at });
  if (!record) {
    const scope = (statement(db, "SELECT value FROM cache_facts WHERE key = 'mirror_scope'").get() as { value: string } | undefined)?.value ?? 'everything';
    const watched = statement(db, `SELECT 1 FROM watched_items w WHERE (w.kind = 'country' AND w.item_id = ?) OR (w.kind = 'project' AND w.item_id IN (
        SELECT p.project_id FROM projects p JOIN project_countries pc ON pc.country = p.country WHERE pc.country_code = ?))`).get(code, code);
    throw notDownloaded(`the policy updates of country ${code}`, { resource: 'countryUpdates', id: code, scheduled: scope !== 'watchlist' || Boolean(watched) });
  }
  return statement(db, `SELECT id, country_code, date, headline, description, market_impact, source_url, week, year FROM country_updates
      WHERE country_code = ? ORDER BY position LIMIT ?`)
    .all(code, q.limit ?? COUNTRY_UPDATES_DEFAULT_LIMIT) as CountryUpdate[];
}
