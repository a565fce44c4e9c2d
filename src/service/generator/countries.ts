/**
 * Country policy profiles for every project country with an ISO 3166-1 code (the world's own, or
 * i18n-iso-countries'), with totals taken from the projects, and dated policy updates. A profile
 * holds together (its Article 6 status, LoAs, bilateral partners and host agreements agree), and
 * its updates agree with it: a carbon tax update only where there is a carbon tax, one update per
 * bilateral agreement on the day it was signed, naming its partner; its recent developments are
 * its own latest update.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { addDays, daysBetween, isoDateTime, isoWeek, toDayNumber } from '../calendar';
import type { ProjectSummary } from './project-summary';
import type { Rng } from './rng';
import { bilateralStory, policyStory, type PolicyFacts } from './stories';
import { COUNTRIES } from './world';

countries.registerLocale(en);

const codes = new Map<string, string | undefined>();

const seedCodes = new Map(COUNTRIES.filter((c) => c.code).map((c) => [c.name, c.code]));

/**
 * The ISO 3166-1 alpha-2 code of a project country: the world's own code for the names it writes as
 * registries do ("DR Congo", "Viet Nam"), else i18n-iso-countries' for an English name (undefined
 * when there is none, as for "Global").
 */
export function alpha2(countryName: string): string | undefined {
  if (!codes.has(countryName)) codes.set(countryName, seedCodes.get(countryName) ?? countries.getAlpha2Code(countryName, 'en'));
  return codes.get(countryName);
}

export interface CountryUpdateRow {
  id: number;
  country_code: string;
  date: string;
  headline: string;
  description: string | null;
  market_impact: string | null;
  source_url: string | null;
  week: number;
  year: number;
}

export const ARTICLE6_STATUS = ['Bilateral agreements signed', 'Framework in development', 'LoAs issued', 'No engagement'];
const VCM_STATUS = ['Permitted', 'Permitted with authorization', 'Restricted', 'Under review'];

/** A country's totals over its projects (in project_id order): count, issued, retired, registries of active projects. */
export function countryTotals(list: readonly ProjectSummary[]): { total_projects: number; total_credits_issued: number; total_credits_retired: number; active_registries: string[] } {
  return {
    total_projects: list.length,
    total_credits_issued: list.reduce((s, p) => s + (p.issued ?? 0), 0),
    total_credits_retired: list.reduce((s, p) => s + (p.retired ?? 0), 0),
    active_registries: [...new Set(list.filter((p) => p.active && p.registry !== null).map((p) => p.registry!))].sort(),
  };
}

/** Projects grouped by country name (countries without an ISO code are left out: they get no profile). */
export function projectsByCountryCode(projects: readonly ProjectSummary[]): Map<string, { name: string; projects: ProjectSummary[] }> {
  const out = new Map<string, { name: string; projects: ProjectSummary[] }>();
  for (const p of projects) {
    const code = p.country ? alpha2(p.country) : undefined;
    if (!code || !p.country) continue;
    const entry = out.get(code) ?? { name: p.country, projects: [] };
    entry.projects.push(p);
    out.set(code, entry);
  }
  return out;
}

/** A policy update about a country, dated `date`, that its profile (`facts`) agrees with. */
export function countryUpdate(rng: Rng, id: number, code: string, name: string, date: string, facts: PolicyFacts): CountryUpdateRow {
  const { week, year } = isoWeek(date);
  return { id, country_code: code, date, ...policyStory(rng, name, code, date, facts), week, year };
}

/** The update of a bilateral agreement the country signed with `partner` on `date`. */
export function agreementUpdate(rng: Rng, id: number, code: string, name: string, date: string, partner: string): CountryUpdateRow {
  const { week, year } = isoWeek(date);
  return { id, country_code: code, date, ...bilateralStory(rng, name, code, date, partner), week, year };
}

/** The line of a profile's recent developments: its latest update's headline. */
export function recentDevelopments(latest: Pick<CountryUpdateRow, 'headline' | 'date'> | undefined): string {
  // (a messy market may have blanked the headline)
  return latest && typeof latest.headline === 'string' ? `Latest: ${latest.headline.toLowerCase()} (${latest.date}).` : 'No recent policy updates.';
}

/** Buyer countries that sign Article 6.2 agreements with host countries. */
export const ARTICLE6_PARTNERS = ['Switzerland', 'Japan', 'Singapore', 'Sweden', 'Norway', 'South Korea'];

/** The policy profile of a country (`list`: its projects, in project_id order), as of `today`. */
/** A country profile as generated: any field, with the ones its updates are drawn from typed. */
export type GeneratedProfile = Record<string, unknown> & PolicyFacts & {
  host_agreements: Array<{ partner: string; type: string; signed: string }>;
  recent_developments: string;
};

export function countryProfile(rng: Rng, code: string, name: string, list: readonly ProjectSummary[], today: string): GeneratedProfile {
  const seed = COUNTRIES.find((c) => c.name === name);
  // Article 6: the partners it signed with, one agreement each; LoAs only under an agreement.
  const partners = rng.sample(ARTICLE6_PARTNERS.filter((p) => p !== name), rng.int(0, 3));
  const agreements = partners
    .map((partner) => ({ partner, type: 'Bilateral agreement', signed: addDays(today, -rng.int(30, 1500)) }))
    .sort((a, b) => (a.signed < b.signed ? -1 : a.signed > b.signed ? 1 : 0));
  const hostLoas = agreements.length ? rng.int(0, 12) : 0;
  const firstSigned = agreements[0]?.signed ?? null;
  const article6Status = agreements.length ? (hostLoas > 0 ? 'LoAs issued' : 'Bilateral agreements signed') : rng.pick(['Framework in development', 'No engagement']);
  const hasTax = rng.chance(0.3);
  const hasEts = rng.chance(0.25);
  const isBuyer = rng.chance(0.15);
  const lastScan = addDays(today, -rng.int(1, 30));
  const profile = {
    country_code: code,
    country_name: name,
    region: seed?.region ?? null,
    subregion: seed?.subregion ?? null,
    article6_status: article6Status,
    article6_host_loas: hostLoas,
    article6_bilateral_partners: agreements.map((a) => a.partner),
    article6_first_loa_date: hostLoas > 0 && firstSigned ? addDays(firstSigned, rng.int(0, Math.max(0, daysBetween(firstSigned, today) - 1))) : null,
    article6_buyer_loas: isBuyer ? rng.int(1, 8) : 0,
    corsia_eligible: rng.chance(0.6),
    corsia_phase: rng.pick(['Pilot phase', 'First phase', 'Second phase']),
    corsia_commitment: rng.pick(['Volunteered', 'Not volunteered']),
    has_carbon_tax: hasTax,
    carbon_tax_rate_usd: hasTax ? Math.round(rng.float() * 9000) / 100 : null,
    has_ets: hasEts,
    ets_name: hasEts ? `${name} ETS` : null,
    eu_eligible: rng.chance(0.2),
    cbam_exposure: rng.pick(['Low', 'Medium', 'High']),
    vcm_regulatory_status: rng.pick(VCM_STATUS),
    export_restrictions: rng.chance(0.15),
    domestic_retention_pct: rng.chance(0.2) ? rng.int(5, 50) : null,
    policy_summary: `${name} ${rng.pick(['supports', 'regulates', 'is developing rules for'])} voluntary carbon market activity.`,
    // its own latest update (set once its updates are drawn)
    recent_developments: recentDevelopments(undefined),
    market_outlook: rng.pick(['Growing supply expected', 'Stable', 'Uncertain pending regulation']),
    key_risks: rng.pick(['Policy uncertainty', 'Export restrictions', 'Double counting', 'Land tenure']),
    key_opportunities: rng.pick(['Article 6 demand', 'Nature-based removals', 'Clean cooking scale-up', 'CDR investment']),
    last_ai_scan_date: lastScan,
    updated_at: isoDateTime(toDayNumber(lastScan) * 86_400_000 + rng.int(0, 86_399) * 1000),
    article6_host_signed: agreements.length,
    article6_host_mous: agreements.length + rng.int(0, 3),
    host_agreements: agreements,
    is_buyer_country: isBuyer,
    buyer_host_partners: isBuyer ? rng.sample(['Ghana', 'Peru', 'Kenya', 'Thailand'], rng.int(1, 3)) : [],
    buyer_agreements: [],
    has_initial_report: rng.chance(0.3),
    initial_report_date: null as string | null,
    cooperative_approach_ids: rng.chance(0.2) ? [`CA-${code}-${rng.int(1, 9)}`] : [],
    has_dna: rng.chance(0.7),
    dna_authority_name: null as string | null,
    has_participation_requirements: rng.chance(0.3),
    participation_requirements_date: null as string | null,
    jcm_project_count: rng.chance(0.2) ? rng.int(1, 40) : 0,
    jcm_total_reductions_ktco2e: rng.chance(0.2) ? Math.round(rng.float() * 50000) / 10 : null,
    ca_policy: rng.pick(['Case by case', 'Required for exports', 'Not applied']),
    ca_for_vcm: rng.chance(0.3),
    ca_first_transfer_date: rng.chance(0.1) ? addDays(today, -rng.int(30, 700)) : null,
    country_risk_score: Math.round(rng.float() * 1000) / 10,
    country_risk_factors: rng.sample(['Political instability', 'Weak land tenure', 'Currency risk', 'Regulatory change', 'Corruption'], rng.int(0, 3)),
    ndc_target_year: rng.pick([2030, 2035]),
    ndc_base_year: rng.pick([2005, 2010, 2015, null]),
    ndc_reduction_pct: Math.round(rng.float() * 600) / 10,
    ndc_conditional: rng.chance(0.5),
    ndc_last_updated: addDays(today, -rng.int(30, 1200)),
    ...countryTotals(list),
  };
  if (profile.has_initial_report) profile.initial_report_date = addDays(today, -rng.int(30, 900));
  if (profile.has_dna) profile.dna_authority_name = `${name} Designated National Authority`;
  if (profile.has_participation_requirements) profile.participation_requirements_date = addDays(today, -rng.int(30, 900));
  return profile;
}

export function generateCountries(rng: Rng, projects: readonly ProjectSummary[], today: string): { profiles: { country_code: string; profile: string }[]; updates: CountryUpdateRow[] } {
  const byCode = projectsByCountryCode(projects);
  const profiles: { country_code: string; profile: string }[] = [];
  const updates: CountryUpdateRow[] = [];
  let updateId = 1;
  for (const [code, { name, projects: list }] of [...byCode].sort((a, b) => (a[1].name < b[1].name ? -1 : a[1].name > b[1].name ? 1 : 0))) {
    const profile = countryProfile(rng, code, name, list, today);
    const own: CountryUpdateRow[] = [];
    const n = rng.int(2, 8);
    for (let i = 0; i < n; i++) own.push(countryUpdate(rng, updateId++, code, name, addDays(today, -rng.int(1, 720)), profile));
    // every agreement of the last two years was news the day it was signed
    for (const a of profile.host_agreements) if (daysBetween(a.signed, today) <= 720) own.push(agreementUpdate(rng, updateId++, code, name, a.signed, a.partner));
    const latest = own.reduce<CountryUpdateRow | undefined>((m, u) => (!m || u.date > m.date || (u.date === m.date && u.id > m.id) ? u : m), undefined);
    profile.recent_developments = recentDevelopments(latest);
    profiles.push({ country_code: code, profile: JSON.stringify(profile) });
    updates.push(...own);
  }
  return { profiles, updates };
}
