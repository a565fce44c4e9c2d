/**
 * What the news says about a project or a country: press clips, forensic news events and policy
 * updates, drawn from what the project's kind (land, renewable power, household energy, industrial
 * gas, removals) and country make plausible, each with a market impact that agrees with the event
 * (a fire is negative for supply, an offtake agreement a demand signal).
 */
import { demoLink } from './links';
import type { Rng } from './rng';

export type ProjectKind = 'land' | 'renewable' | 'household' | 'industrial-gas' | 'removal' | 'other';

export interface StoryProject {
  project_id: string;
  name: string | null;
  category: string | null;
  project_type: string | null;
  country: string | null;
  proponent: string | null;
}

const KIND_OF_CATEGORY: Record<string, ProjectKind> = {
  forest: 'land', 'land-use': 'land', agriculture: 'land', 'blue-carbon': 'land',
  'renewable-energy': 'renewable',
  'energy-efficiency': 'household', 'fuel-switching': 'household',
  'ghg-management': 'industrial-gas',
  'biomass-cdr': 'removal', 'carbon-capture': 'removal', 'air-capture': 'removal', 'alkalinity-cdr': 'removal', mineralization: 'removal',
};
export const projectKind = (category: string | null): ProjectKind => (category ? KIND_OF_CATEGORY[category] ?? 'other' : 'other');

/** Kinds of land projects whose area can burn. */
const BURNABLE_TYPES = new Set(['REDD+', 'Jurisdictional REDD+', 'Improved Forest Management', 'Afforestation/Reforestation', 'Grassland Conservation', 'Sustainable Land Management']);

function fill(rng: Rng, template: string, p: StoryProject): string {
  return template
    .replaceAll('{name}', p.name ?? p.project_id)
    .replaceAll('{country}', p.country ?? 'the host country')
    .replaceAll('{proponent}', p.proponent ?? 'The developer')
    .replaceAll('{type}', (p.project_type ?? 'project').toLowerCase())
    .replaceAll('{n}', (rng.int(5, 900) * 1000).toLocaleString('en-US'))
    .replaceAll('{k}', (rng.int(2, 60) * 500).toLocaleString('en-US'))
    .replaceAll('{m}', `${rng.int(2, 80)} million`)
    .replaceAll('{y}', String(rng.int(2016, 2025)));
}

// ---- forensic news events ------------------------------------------------------------------------

export const IMPACT = {
  quality: 'Positive for credit quality',
  demand: 'Positive: demand signal',
  neutral: 'Neutral',
  supply: 'Negative: supply risk',
  reputation: 'Negative: reputational risk',
} as const;

interface EventTemplate {
  category: string;
  text: string;
  impact: string;
  kinds?: readonly ProjectKind[];
  /** Only for these project types. */
  types?: ReadonlySet<string>;
}

const EVENTS: readonly EventTemplate[] = [
  { category: 'issuance', text: 'Registry issues {n} credits for the {y} monitoring period', impact: IMPACT.neutral },
  { category: 'issuance', text: 'Verification of the {y} monitoring report approved without major findings', impact: IMPACT.quality },
  { category: 'issuance', text: 'Issuance delayed after the verifier requested corrections', impact: IMPACT.supply },
  { category: 'retirement', text: 'Corporate buyer retires {n} credits from the project', impact: IMPACT.demand },
  { category: 'retirement', text: 'Airline retires credits for the first CORSIA compliance period', impact: IMPACT.demand },
  { category: 'regulatory', text: '{country} publishes its Article 6 authorization framework', impact: IMPACT.demand },
  { category: 'regulatory', text: 'Registry places the project under review', impact: IMPACT.reputation },
  { category: 'regulatory', text: '{country} proposes a levy on carbon credit exports', impact: IMPACT.supply },
  { category: 'controversy', text: 'Investigation questions the deforestation baseline', impact: IMPACT.reputation, kinds: ['land'] },
  { category: 'controversy', text: 'Community group files a grievance over benefit sharing', impact: IMPACT.reputation, kinds: ['land', 'household'] },
  { category: 'controversy', text: 'Field study finds device use below the monitored rate', impact: IMPACT.reputation, kinds: ['household'] },
  { category: 'controversy', text: 'Analysts question the additionality of grid-connected {type} credits', impact: IMPACT.reputation, kinds: ['renewable'] },
  { category: 'controversy', text: 'Report questions the monitored gas destruction volumes', impact: IMPACT.reputation, kinds: ['industrial-gas'] },
  { category: 'methodology', text: 'Project moves to the updated version of its methodology', impact: IMPACT.neutral },
  { category: 'methodology', text: 'ICVCM approves the methodology for the Core Carbon Principles label', impact: IMPACT.quality },
  { category: 'methodology', text: 'Standard stops new registrations of grid-connected renewables', impact: IMPACT.supply, kinds: ['renewable'] },
  { category: 'partnership', text: 'Developer signs an offtake agreement for {n} credits', impact: IMPACT.demand },
  { category: 'partnership', text: 'New partnership with local communities announced', impact: IMPACT.quality, kinds: ['land', 'household'] },
  { category: 'financing', text: 'Project secures {m} USD in pre-purchase financing', impact: IMPACT.demand },
  { category: 'financing', text: 'Carbon streaming deal announced for future issuances', impact: IMPACT.demand },
  { category: 'operational', text: 'Annual monitoring campaign completed', impact: IMPACT.neutral },
  { category: 'operational', text: 'Fire season impacts part of the project area', impact: IMPACT.supply, kinds: ['land'], types: BURNABLE_TYPES },
  { category: 'operational', text: 'Satellite data shows forest loss below the baseline', impact: IMPACT.quality, kinds: ['land'], types: BURNABLE_TYPES },
  { category: 'operational', text: 'Output below plan after grid curtailment', impact: IMPACT.supply, kinds: ['renewable'] },
  { category: 'operational', text: 'Distribution of {k} new devices completed', impact: IMPACT.neutral, kinds: ['household'] },
  { category: 'operational', text: 'Gas collection system upgraded', impact: IMPACT.quality, kinds: ['industrial-gas'] },
  { category: 'operational', text: 'Facility reaches its nameplate removal capacity', impact: IMPACT.quality, kinds: ['removal'] },
  { category: 'legal', text: 'Court ruling on land tenure affects the project area', impact: IMPACT.supply, kinds: ['land'] },
  { category: 'legal', text: 'Developer responds to a legal challenge', impact: IMPACT.neutral },
];

export const EVENT_CATEGORIES = [...new Set(EVENTS.map((e) => e.category))];

const fits = (t: { kinds?: readonly ProjectKind[]; types?: ReadonlySet<string> }, p: StoryProject) =>
  (!t.kinds || t.kinds.includes(projectKind(p.category))) && (!t.types || (p.project_type !== null && t.types.has(p.project_type)));

export const NEWS_SOURCES = ['Reuters', 'Carbon Pulse', 'Mongabay', 'Bloomberg Green', 'Quantum Commodity Intelligence', 'Climate Home News', 'The Guardian', 'Registry notice', 'Sylvera', 'BeZero'];

/** A news event plausible for the project, its impact following from the event. */
export function forensicEvent(rng: Rng, p: StoryProject): { category: string; key_event: string; market_impact: string; source: string } {
  const t = rng.pick(EVENTS.filter((e) => fits(e, p)));
  return { category: t.category, key_event: fill(rng, t.text, p), market_impact: t.impact, source: rng.pick(NEWS_SOURCES) };
}

// ---- press clips ---------------------------------------------------------------------------------

interface ClipTemplate {
  title: string;
  notes: string;
  tags: readonly string[];
  kinds?: readonly ProjectKind[];
  types?: ReadonlySet<string>;
}

const CLIPS: readonly ClipTemplate[] = [
  { title: '{name} issues {n} credits', notes: 'The registry issued credits for the monitoring period ending in {y}, after verification by an accredited body.', tags: ['issuance'] },
  { title: 'Corporate buyers retire credits from {name}', notes: 'Retirement records show purchases by companies offsetting {y} emissions; volumes were not disclosed by price.', tags: ['retirement'] },
  { title: '{proponent} signs offtake for credits from {name}', notes: 'The agreement covers future vintages; the buyer takes a share of issuances over five years.', tags: ['offtake'] },
  { title: '{name} verification confirms lower forest loss than its reference region', notes: 'Verifiers reviewed the monitoring period ending in {y}; observed deforestation stayed below the modelled baseline.', tags: ['verification', 'deforestation'], kinds: ['land'], types: BURNABLE_TYPES },
  { title: 'Satellite study questions the baseline of {name}', notes: 'Researchers compared the reference region with observed forest loss in {country} and found the baseline overstated.', tags: ['controversy', 'methodology'], kinds: ['land'], types: BURNABLE_TYPES },
  { title: 'Fire season burns part of the {name} area', notes: 'Dry-season fires reached part of the project area; the registry buffer pool would cover a confirmed reversal.', tags: ['fire', 'permanence'], kinds: ['land'], types: BURNABLE_TYPES },
  { title: 'Benefit-sharing payments reach {k} households around {name}', notes: 'Revenue from credit sales was paid to community committees in {country}, according to the developer.', tags: ['community'], kinds: ['land'] },
  { title: '{name} reaches full commercial operation', notes: 'The {type} plant in {country} now supplies the grid; its credits cover power that displaces fossil generation.', tags: ['operations'], kinds: ['renewable'] },
  { title: 'Buyers turn away from grid-connected {type} credits', notes: 'Rating agencies question whether large renewable plants in {country} still need carbon finance.', tags: ['additionality', 'controversy'], kinds: ['renewable'] },
  { title: 'Field survey checks device use in {name}', notes: 'An independent survey in {country} measured how often households use the distributed devices.', tags: ['monitoring'], kinds: ['household'] },
  { title: '{name} distributes {k} new units', notes: 'The new distribution round covers rural districts of {country}; usage is monitored by sampled surveys.', tags: ['community'], kinds: ['household'] },
  { title: '{name} upgrades its gas collection system', notes: 'New wells and a second flare raise the share of methane captured and destroyed.', tags: ['operations'], kinds: ['industrial-gas'] },
  { title: 'Tighter methane rules in {country} raise questions for {name}', notes: 'If capture becomes mandatory, later credits may no longer count as additional.', tags: ['regulation', 'additionality'], kinds: ['industrial-gas'] },
  { title: '{name} delivers its first verified removals', notes: 'The first delivery was verified against the methodology; durable storage is monitored for decades.', tags: ['removals', 'issuance'], kinds: ['removal'] },
  { title: 'Buyer coalition pre-purchases removals from {proponent}', notes: 'The advance market commitment funds the next phase of {name}.', tags: ['removals', 'offtake'], kinds: ['removal'] },
];

const CLIP_SOURCES: readonly (readonly [string, string])[] = [
  ['Carbon Pulse', 'news'], ['Reuters', 'news'], ['Mongabay', 'news'], ['Bloomberg', 'news'], ['The Guardian', 'news'],
  ['Quantum Commodity Intelligence', 'news'], ['Climate Home News', 'news'], ['Sylvera', 'report'], ['BeZero', 'report'],
];

export interface ClipStory {
  title: string;
  notes: string;
  tags: string[];
  source: string;
  type: string;
  url: string;
}

/** A press clip about the project, published on `date`. */
export function clipStory(rng: Rng, p: StoryProject, date: string, id: number): ClipStory {
  const t = rng.pick(CLIPS.filter((c) => fits(c, p)));
  const press = rng.chance(0.15);
  const [source, type] = press ? [p.proponent ?? 'Developer', 'press'] : rng.pick(CLIP_SOURCES);
  const title = fill(rng, t.title, p);
  return { title, notes: fill(rng, t.notes, p), tags: [...t.tags], source, type, url: demoLink(source, date.slice(0, 4), `${p.project_id}-${id}`) };
}

// ---- country policy updates ----------------------------------------------------------------------

/** What a policy update must agree with: the country profile it is about. */
export interface PolicyFacts {
  has_carbon_tax?: unknown;
  has_ets?: unknown;
  has_dna?: unknown;
  export_restrictions?: unknown;
  domestic_retention_pct?: unknown;
  article6_status?: unknown;
}

interface PolicyTemplate {
  headline: string;
  description: string;
  impact: readonly string[];
  /** Only for a country whose profile says so (an update never contradicts its profile). */
  when?: (facts: PolicyFacts) => boolean;
}

/** The update of a bilateral agreement: written for each agreement of the profile, on the day it was signed, naming its partner. */
export const BILATERAL_HEADLINE = 'New bilateral agreement signed under Article 6.2';

const POLICY: readonly PolicyTemplate[] = [
  { headline: 'Ministry publishes Article 6 authorization guidelines', description: '{country}: the guidelines set out how projects apply for authorization and corresponding adjustments.', impact: ['Positive'], when: (f) => f.article6_status !== 'No engagement' },
  { headline: 'Designated National Authority appointed', description: '{country} named the authority that will approve projects and issue letters of authorization.', impact: ['Positive', 'Neutral'], when: (f) => f.has_dna === true },
  { headline: 'Registry moratorium on new forest projects lifted', description: '{country} reopened registration of new forest projects after revising its national baseline.', impact: ['Positive'] },
  { headline: 'Carbon tax rate revised', description: '{country} changed its carbon tax rate; domestic offsets remain eligible to reduce the liability.', impact: ['Neutral', 'Positive'], when: (f) => f.has_carbon_tax === true },
  { headline: 'Updated NDC submitted', description: '{country} submitted an updated nationally determined contribution with a higher conditional target.', impact: ['Neutral'] },
  { headline: 'Emissions trading system consultation opened', description: '{country} opened a consultation on a domestic trading system and the role of offsets in it.', impact: ['Unclear', 'Neutral'], when: (f) => f.has_ets !== true },
  { headline: 'Corresponding adjustment policy clarified', description: '{country} clarified which project types may be authorized for international transfer.', impact: ['Positive', 'Unclear'], when: (f) => f.article6_status !== 'No engagement' },
  { headline: 'Domestic retention requirement announced', description: '{country} will require a share of issued credits to stay in the country toward its own target.', impact: ['Negative'], when: (f) => typeof f.domestic_retention_pct === 'number' },
  { headline: 'Export of carbon credits temporarily suspended', description: '{country} paused transfers of credits abroad while new rules are drafted.', impact: ['Negative'], when: (f) => f.export_restrictions === true },
];

export interface PolicyStory {
  headline: string;
  description: string;
  market_impact: string;
  source_url: string;
}

/** A policy update about `country` (alpha-2 `code`) dated `date`, one its profile (`facts`) agrees with. */
export function policyStory(rng: Rng, country: string, code: string, date: string, facts: PolicyFacts): PolicyStory {
  const t = rng.pick(POLICY.filter((p) => !p.when || p.when(facts)));
  return {
    headline: t.headline,
    description: t.description.replaceAll('{country}', country),
    market_impact: rng.pick(t.impact),
    source_url: demoLink('policy-watch', code, date, t.headline),
  };
}

/** The update of the bilateral agreement `country` signed with `partner` on `date`. */
export function bilateralStory(rng: Rng, country: string, code: string, date: string, partner: string): PolicyStory {
  return {
    headline: BILATERAL_HEADLINE,
    description: `${country} signed a cooperation agreement with ${partner} allowing transfers of mitigation outcomes to it.`,
    market_impact: rng.pick(['Positive', 'Positive', 'Neutral']),
    source_url: demoLink('policy-watch', code, date, BILATERAL_HEADLINE),
  };
}

export const POLICY_HEADLINES = [...POLICY.map((p) => p.headline), BILATERAL_HEADLINE];
