/**
 * Project records (spec 2.4) before their credit totals are known: identity, registry, place,
 * category and type, protocol, dates, certifications and labels.
 */
import { ARTICLE6_AUTHORIZATION_TYPES, REGISTRY_PREFIX, type Category, type Registry } from '../../shared/api/values';
import { addDays, fromDayNumber, toDayNumber } from '../calendar';
import { projectName } from './names';
import { weightedPicker } from './pick';
import type { Rng } from './rng';
import { CATEGORY_WEIGHTS, CERTIFICATION_LABELS, COUNTRIES, PROJECT_TYPES, REGISTRY_WEIGHTS, type CountrySeed } from './world';

export interface ProjectDraft {
  project_id: string;
  name: string;
  registry: Registry;
  proponent: string;
  category: Category;
  status: string;
  country: CountrySeed;
  listed_at: string | null;
  is_compliance: boolean;
  project_url: string;
  project_type: string | null;
  project_type_source: string | null;
  protocol: string[];
  protocol_version: (string | null)[];
  sdg_goals: number[];
  certifications: string[];
  article6_authorized: boolean;
  article6_countries: string[];
  article6_authorization_types: string[];
  corc_durability: string | null;
  /** Relative size of the project's credit activity; 0 for projects that never issued. */
  activity: number;
  /** Earliest possible issuance date. */
  earliest_issuance: string;
}

const ARTICLE6_BUYERS = ['Switzerland', 'Japan', 'Singapore', 'Sweden', 'Norway', 'South Korea'];

export function draftProjects(rng: Rng, count: number, today: string, proponents: readonly string[]): ProjectDraft[] {
  const pickCountry = weightedPicker(COUNTRIES, (c) => c.weight);
  const nextNumber = new Map<Registry, number>();
  const firstDay = toDayNumber('2005-01-01');
  const lastListDay = toDayNumber(today) - 60;
  const drafts: ProjectDraft[] = [];
  for (let i = 0; i < count; i++) {
    const registry = rng.weighted(REGISTRY_WEIGHTS);
    const n = (nextNumber.get(registry) ?? (registry === 'verra' ? 100 : registry === 'gold-standard' ? 1000 : 1)) + rng.int(1, 3);
    nextNumber.set(registry, n);
    const category = rng.weighted(CATEGORY_WEIGHTS[registry]);
    const typeSeed = rng.pick(PROJECT_TYPES[category]);
    const protocolCount = typeSeed.protocols.length > 1 && rng.chance(0.15) ? 2 : 1;
    const protocols = rng.sample(typeSeed.protocols, protocolCount);
    const country = registry === 'climate-action-reserve' || registry === 'american-carbon-registry'
      ? (rng.chance(0.85) ? COUNTRIES.find((c) => c.name === 'United States')! : rng.pick(COUNTRIES.filter((c) => c.name === 'Canada' || c.name === 'Mexico')))
      : pickCountry(rng);
    // Listing dates lean recent: the market grew fast after 2019.
    const listDay = Math.floor(firstDay + (lastListDay - firstDay) * Math.pow(rng.float(), 0.7));
    const listed = fromDayNumber(listDay);
    const active = rng.chance(0.76);
    const certifications = rng.chance(0.3)
      ? rng.sample(CERTIFICATION_LABELS, rng.int(1, 3)).sort()
      : [];
    const article6 = rng.chance(0.04);
    const sdgCount = registry === 'gold-standard' ? rng.int(2, 6) : rng.chance(0.4) ? rng.int(1, 4) : 0;
    const cdr = category === 'biomass-cdr' || category === 'carbon-capture' || category === 'air-capture' || category === 'alkalinity-cdr';
    drafts.push({
      project_id: `${REGISTRY_PREFIX[registry]}-${n}`,
      name: projectName(rng, typeSeed.type, country.name),
      registry,
      proponent: rng.pick(proponents),
      category,
      status: active ? rng.weighted([['registered', 70], ['completed', 15], ['unknown', 15]] as const) : rng.weighted([['listed', 70], ['registered', 20], ['unknown', 10]] as const),
      country,
      listed_at: rng.chance(0.02) ? null : listed,
      is_compliance: (registry === 'climate-action-reserve' || registry === 'american-carbon-registry') && rng.chance(0.35),
      project_url: `https://registry.example.invalid/${registry}/${n}`,
      project_type: category === 'unknown' && rng.chance(0.5) ? null : typeSeed.type,
      project_type_source: rng.pick(['carbonplan', 'berkeley', 'registry']),
      protocol: protocols.map(([p]) => p),
      protocol_version: protocols.map(([, v]) => (v === '' ? null : v)),
      sdg_goals: sdgCount ? rng.sample(Array.from({ length: 17 }, (_, k) => k + 1), sdgCount).sort((a, b) => a - b) : [],
      certifications,
      article6_authorized: article6,
      article6_countries: article6 ? [country.name, rng.pick(ARTICLE6_BUYERS)] : [],
      article6_authorization_types: article6 ? rng.sample(ARTICLE6_AUTHORIZATION_TYPES, rng.int(1, 2)) : [],
      corc_durability: cdr ? (category === 'biomass-cdr' ? '100+' : '1000+') : null,
      activity: active ? rng.logNormal(1, 1.3) * (cdr ? 0.3 : 1) : 0,
      earliest_issuance: addDays(listed, rng.int(60, 700)),
    });
  }
  // Ids are assigned in project_id order (binary order of the upper-case ids), see credits.ts.
  drafts.sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0));
  return drafts;
}
