/**
 * Country policy profiles (spec 2.14) for every project country, with totals taken from the
 * generated projects, and policy update events. Codes come from i18n-iso-countries.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { addDays, isoDateTime, isoWeek, toDayNumber } from '../calendar';
import type { ProjectSummary } from './project-summary';
import type { Rng } from './rng';
import { COUNTRIES } from './world';

countries.registerLocale(en);

export function alpha2(countryName: string): string | undefined {
  return countries.getAlpha2Code(countryName, 'en');
}

export interface CountryUpdateRow {
  id: number;
  country_code: string;
  date: string;
  headline: string;
  description: string;
  market_impact: string;
  source_url: string;
  week: number;
  year: number;
}

const ARTICLE6_STATUS = ['Bilateral agreements signed', 'Framework in development', 'LoAs issued', 'No engagement'];
const VCM_STATUS = ['Permitted', 'Permitted with authorization', 'Restricted', 'Under review'];
const UPDATE_HEADLINES = [
  'Ministry publishes Article 6 authorization guidelines', 'Carbon tax rate revised', 'New bilateral agreement signed under Article 6.2',
  'Domestic retention requirement announced', 'Emissions trading system consultation opened', 'Designated National Authority appointed',
  'Corresponding adjustment policy clarified', 'Updated NDC submitted', 'Registry moratorium on new forest projects lifted',
];

export function generateCountries(rng: Rng, projects: readonly ProjectSummary[], today: string): { profiles: { country_code: string; profile: string }[]; updates: CountryUpdateRow[] } {
  const byCountry = new Map<string, ProjectSummary[]>();
  for (const p of projects) byCountry.set(p.country, [...(byCountry.get(p.country) ?? []), p]);
  const profiles: { country_code: string; profile: string }[] = [];
  const updates: CountryUpdateRow[] = [];
  let updateId = 1;
  for (const name of [...byCountry.keys()].sort()) {
    const code = alpha2(name);
    if (!code) throw new Error(`no ISO 3166-1 code for project country '${name}'`);
    const seed = COUNTRIES.find((c) => c.name === name);
    const list = byCountry.get(name)!;
    const hostLoas = rng.int(0, 12);
    const hasTax = rng.chance(0.3);
    const hasEts = rng.chance(0.25);
    const isBuyer = rng.chance(0.15);
    const lastScan = addDays(today, -rng.int(1, 30));
    const profile = {
      country_code: code,
      country_name: name,
      region: seed?.region ?? null,
      subregion: seed?.subregion ?? null,
      article6_status: rng.pick(ARTICLE6_STATUS),
      article6_host_loas: hostLoas,
      article6_bilateral_partners: rng.sample(['Switzerland', 'Japan', 'Singapore', 'Sweden', 'Norway', 'South Korea'], rng.int(0, 3)),
      article6_first_loa_date: hostLoas > 0 ? addDays(today, -rng.int(100, 1500)) : null,
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
      recent_developments: `Recent activity includes ${rng.pick(UPDATE_HEADLINES).toLowerCase()}.`,
      market_outlook: rng.pick(['Growing supply expected', 'Stable', 'Uncertain pending regulation']),
      key_risks: rng.pick(['Policy uncertainty', 'Export restrictions', 'Double counting', 'Land tenure']),
      key_opportunities: rng.pick(['Article 6 demand', 'Nature-based removals', 'Clean cooking scale-up', 'CDR investment']),
      last_ai_scan_date: lastScan,
      updated_at: isoDateTime(toDayNumber(lastScan) * 86_400_000 + rng.int(0, 86_399) * 1000),
      article6_host_signed: rng.int(0, 5),
      article6_host_mous: rng.int(0, 6),
      host_agreements: hostLoas > 0 ? [{ partner: rng.pick(['Switzerland', 'Japan', 'Singapore']), type: 'Bilateral agreement', signed: addDays(today, -rng.int(100, 1500)) }] : [],
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
      total_projects: list.length,
      total_credits_issued: list.reduce((s, p) => s + p.issued, 0),
      total_credits_retired: list.reduce((s, p) => s + p.retired, 0),
      active_registries: [...new Set(list.filter((p) => p.active).map((p) => p.registry))].sort(),
    };
    if (profile.has_initial_report) profile.initial_report_date = addDays(today, -rng.int(30, 900));
    if (profile.has_dna) profile.dna_authority_name = `${name} Designated National Authority`;
    if (profile.has_participation_requirements) profile.participation_requirements_date = addDays(today, -rng.int(30, 900));
    profiles.push({ country_code: code, profile: JSON.stringify(profile) });
    const n = rng.int(2, 8);
    for (let i = 0; i < n; i++) {
      const date = addDays(today, -rng.int(0, 720));
      const { week, year } = isoWeek(date);
      updates.push({
        id: updateId++,
        country_code: code,
        date,
        headline: rng.pick(UPDATE_HEADLINES),
        description: `${name}: ${rng.pick(['officials confirmed', 'a draft decree proposes', 'the regulator announced'])} a change affecting carbon credit projects.`,
        market_impact: rng.pick(['Positive', 'Neutral', 'Negative', 'Unclear']),
        source_url: `https://policy.example.invalid/${code.toLowerCase()}/${rng.hex(8)}`,
        week,
        year,
      });
    }
  }
  return { profiles, updates };
}
