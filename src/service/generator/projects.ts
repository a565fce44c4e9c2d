/**
 * Project records before their credit totals are known: identity, registry, place, category and
 * type, protocol, dates, certifications and labels.
 */
import { ARTICLE6_AUTHORIZATION_TYPES, REGISTRY_PREFIX, type Category } from '../../shared/api/values';
import { addDays, fromDayNumber, toDayNumber } from '../calendar';
import { demoLink } from './links';
import { projectName } from './names';
import { weightedPicker } from './pick';
import type { Rng } from './rng';
import {
  CATEGORY_WEIGHTS, CERTIFICATION_LABELS, COUNTRIES, PROJECT_TYPES, REGISTRY_WEIGHTS, type CountrySeed, type GeneratedRegistry, type TypeSeed,
} from './world';

/**
 * A project as written to the database. The clean generator fills every field; a messy market
 * (`../messy/messy-market.ts`) blanks some, renames some and uses values no client knows.
 */
export interface ProjectDraft {
  project_id: string;
  name: string | null;
  registry: string | null;
  proponent: string | null;
  category: string | null;
  status: string | null;
  country: string | null;
  listed_at: string | null;
  is_compliance: boolean | null;
  project_url: string | null;
  project_type: string | null;
  project_type_source: string | null;
  protocol: string[] | null;
  protocol_version: (string | null)[] | null;
  sdg_goals: number[] | null;
  certifications: string[] | null;
  /** The has_* label flags are unknown (null) rather than derived from the certifications. */
  labels_unknown?: boolean;
  article6_authorized: boolean | null;
  article6_countries: string[] | null;
  article6_authorization_types: string[] | null;
  corc_durability: string | null;
  /** Relative size of the project's credit activity; 0 for projects that never issued. */
  activity: number;
  /** Earliest possible issuance date. */
  earliest_issuance: string;
}

const ARTICLE6_BUYERS = ['Switzerland', 'Japan', 'Singapore', 'Sweden', 'Norway', 'South Korea'];
const NORTH_AMERICA = ['Canada', 'Mexico'];
const US = COUNTRIES.find((c) => c.name === 'United States')!;

const plausible = (t: TypeSeed, c: CountrySeed) => !t.where || t.where.some((tag) => c.tags.includes(tag));

/** Per project type, a weighted picker over the countries where that type is plausible. */
const countryPickers = new Map<string, (rng: Rng) => CountrySeed>();
function pickCountryFor(rng: Rng, type: TypeSeed): CountrySeed {
  let pick = countryPickers.get(type.type);
  if (!pick) {
    pick = weightedPicker(COUNTRIES.filter((c) => plausible(type, c)), (c) => c.weight);
    countryPickers.set(type.type, pick);
  }
  return pick(rng);
}

/**
 * Where a project of this registry is and what it does: the category from the registry's mix; the
 * North American registries (CAR, ACR) place projects in the United States (mostly), Canada or
 * Mexico and pick a type plausible there; the others pick a type and then a country where it is.
 */
export function placeProject(rng: Rng, registry: GeneratedRegistry): { category: Category; type: TypeSeed; country: CountrySeed } {
  const category = rng.weighted(CATEGORY_WEIGHTS[registry]);
  const types = PROJECT_TYPES[category];
  if (registry === 'climate-action-reserve' || registry === 'american-carbon-registry') {
    const country = rng.chance(0.85) ? US : rng.pick(COUNTRIES.filter((c) => NORTH_AMERICA.includes(c.name)));
    const fitting = types.filter((t) => plausible(t, country));
    return { category, type: rng.pick(fitting.length ? fitting : types), country };
  }
  const type = rng.pick(types);
  return { category, type, country: pickCountryFor(rng, type) };
}

/** The first project number of each registry, and how project ids are written. */
export const firstProjectNumber = (registry: GeneratedRegistry): number => (registry === 'verra' ? 100 : registry === 'gold-standard' ? 1000 : 1);
export const projectIdOf = (registry: GeneratedRegistry, n: number): string => `${REGISTRY_PREFIX[registry]}-${n}`;

/**
 * One project listed on `listed` (null: listing date unknown). It can have credit activity only when
 * its earliest possible issuance is a month or more before `today`.
 */
export function draftProject(rng: Rng, registry: GeneratedRegistry, n: number, listed: string, today: string, proponents: readonly string[]): ProjectDraft {
  const { category, type: typeSeed, country } = placeProject(rng, registry);
  const protocolCount = typeSeed.protocols.length > 1 && rng.chance(0.15) ? 2 : 1;
  const protocols = rng.sample(typeSeed.protocols, protocolCount);
  const earliest = addDays(listed, rng.int(60, 700));
  const active = rng.chance(0.8) && earliest <= addDays(today, -30);
  const certifications = rng.chance(0.3) ? rng.sample(CERTIFICATION_LABELS, rng.int(1, 3)).sort() : [];
  const article6 = rng.chance(0.04);
  const sdgCount = registry === 'gold-standard' ? rng.int(2, 6) : rng.chance(0.4) ? rng.int(1, 4) : 0;
  const cdr = category === 'biomass-cdr' || category === 'carbon-capture' || category === 'air-capture' || category === 'alkalinity-cdr';
  return {
    project_id: projectIdOf(registry, n),
    name: projectName(rng, typeSeed.type, country),
    registry,
    proponent: rng.pick(proponents),
    category,
    status: active ? rng.weighted([['registered', 70], ['completed', 15], ['unknown', 15]] as const) : rng.weighted([['listed', 70], ['registered', 20], ['unknown', 10]] as const),
    country: country.name,
    listed_at: rng.chance(0.02) ? null : listed,
    is_compliance: (registry === 'climate-action-reserve' || registry === 'american-carbon-registry') && rng.chance(0.35),
    project_url: demoLink(`${registry}-registry`, 'projects', n),
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
    earliest_issuance: earliest,
  };
}

export function draftProjects(rng: Rng, count: number, today: string, proponents: readonly string[]): ProjectDraft[] {
  const nextNumber = new Map<GeneratedRegistry, number>();
  const firstDay = toDayNumber('2005-01-01');
  const lastListDay = toDayNumber(today) - 60;
  const drafts: ProjectDraft[] = [];
  for (let i = 0; i < count; i++) {
    const registry = rng.weighted(REGISTRY_WEIGHTS);
    const n = (nextNumber.get(registry) ?? firstProjectNumber(registry)) + rng.int(1, 3);
    nextNumber.set(registry, n);
    // Listing dates lean recent: the market grew fast after 2019.
    const listed = fromDayNumber(Math.floor(firstDay + (lastListDay - firstDay) * Math.pow(rng.float(), 0.7)));
    drafts.push(draftProject(rng, registry, n, listed, today, proponents));
  }
  // Ids are assigned in project_id order (binary order of the upper-case ids), see credits.ts.
  drafts.sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0));
  return drafts;
}
