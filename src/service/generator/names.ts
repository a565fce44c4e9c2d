/**
 * Fictional names: project names (a region of the project's country, as written there, and words of
 * its type), developers (proponents) and buyers. Each buyer has one canonical
 * (harmonized) name and several raw beneficiary spellings, as registries record them. A few raw
 * spellings look like spreadsheet formulas or carry quotes, percent signs, underscores and
 * backslashes, so exports and literal matching get exercised; names carry accents and letters
 * outside ASCII as real-world companies write them (Produções, Société, Ñuble, Łódź, Ōsaka), and a
 * buyer whose name has them is also written in capitals and in lower case, as registries do.
 *
 * Every list keeps its length when a name is replaced: each draw picks an index, so a market drawn
 * from the same seed changes only in the names.
 */
import type { Rng } from './rng';
import type { CountrySeed } from './world';

const PLACE_SUFFIX = ['', '', '', ' I', ' II', ' III', ' Phase 2', ' Bundle', ' Grouped', ' Cluster'];
const TYPE_WORDS: Record<string, string> = {
  'REDD+': 'Forest Conservation', 'Improved Forest Management': 'Forest Carbon', 'Afforestation/Reforestation': 'Reforestation',
  'Jurisdictional REDD+': 'Jurisdictional Forest', Wind: 'Wind Farm', Solar: 'Solar Park', Hydropower: 'Hydro Power Plant',
  Geothermal: 'Geothermal Plant', 'Biomass Power': 'Biomass Cogeneration', 'Landfill Gas': 'Landfill Gas Capture',
  'Ozone Depleting Substances': 'ODS Destruction', 'Mine Methane Capture': 'Coal Mine Methane', 'Wastewater Methane': 'Wastewater Treatment',
  Cookstoves: 'Improved Cookstoves', 'Water Filters': 'Safe Water', 'Efficient Lighting': 'Efficient Lighting',
  'Building Efficiency': 'Building Retrofit', 'Fuel Switching': 'Fuel Switch', Biodigesters: 'Household Biogas',
  'Livestock Methane': 'Dairy Digester', 'Rice Cultivation': 'Rice Methane Reduction', 'Soil Carbon': 'Regenerative Soils',
  'Grassland Conservation': 'Grassland Protection', 'Wetland Restoration': 'Wetland Restoration',
  'Sustainable Land Management': 'Land Management', Biochar: 'Biochar Facility', 'Bio-oil Sequestration': 'Bio-oil Injection',
  'Wood Vaulting': 'Wood Vault', 'Carbon Capture and Storage': 'CCS Hub', 'Direct Air Capture': 'DAC Plant',
  'Enhanced Weathering': 'Rock Weathering', 'Ocean Alkalinity Enhancement': 'Ocean Alkalinity', Other: 'Emission Reduction',
};

/**
 * A project name from the project's type and a region of its own country ("Rajasthan Wind Farm
 * Project II", "Kasigau Forest Conservation"); now and then the country's name instead of a region.
 */
export function projectName(rng: Rng, projectType: string, country: CountrySeed): string {
  if (rng.chance(0.004)) return rng.pick(SPECIAL_PROJECT_NAMES);
  const words = TYPE_WORDS[projectType] ?? 'Carbon';
  const where = rng.chance(0.2) ? country.name : rng.pick(country.places)[0];
  return `${where} ${words}${rng.chance(0.6) ? ' Project' : ''}${rng.pick(PLACE_SUFFIX)}`;
}

/** Names with characters that LIKE patterns and CSV exports treat specially. */
const SPECIAL_PROJECT_NAMES = [
  '100% Renewable_Wind Bundle', "O'Higgins \"Green\" Forest", 'Back\\Slash Hydro Project', 'Solar_Park 50% Phase',
];

const DEV_FIRST = [
  'Terra', 'Verde', 'Carbon', 'Green', 'Blue', 'Native', 'Wild', 'Earth', 'Climate', 'Forest', 'Sun', 'Wind', 'Société',
  'Ñuble', 'Pacific', 'Łódź', 'Ōsaka', 'Evergreen', 'Rainforest', 'São Paulo', 'Horizon', 'Meridian', 'Canopy', 'Solaris',
];
const DEV_SECOND = [
  'Ventures', 'Partners', 'Capital', 'Solutions', 'Produções', 'Power', 'Energy', 'Conservation', 'Trust', 'Énergies',
  'Holdings', 'Foundation', 'Labs', 'Carbon', 'Renewables', 'Resources',
];
const DEV_SUFFIX = ['Ltd', 'Inc.', 'S.A.', 'GmbH', 'Pvt. Ltd.', 'LLC', 'Ltda.', 'B.V.', 'PLC', ''];

export function proponentNames(rng: Rng, count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const name = `${rng.pick(DEV_FIRST)} ${rng.pick(DEV_SECOND)} ${rng.pick(DEV_SUFFIX)}`.trim();
    const unique = seen.has(name.toLowerCase()) ? `${name} ${out.length}` : name;
    seen.add(unique.toLowerCase());
    out.push(unique);
  }
  return out;
}

export interface BuyerSeed {
  canonical: string;
  /** Raw beneficiary spellings that harmonize to `canonical`. */
  variants: string[];
  weight: number;
}

const BUYER_FIRST = [
  'Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Wingtip', 'Litware', 'Proseware', 'Adatum', 'Woodgrove', 'Alpine',
  'Blue Yonder', 'Coho', 'Zürich', 'Margie', 'Trey', 'Fourth Coffee', 'Wide World', 'Graphic', 'Humongous', 'Southridge',
  'Lakeshore', 'Bellows', 'Relecloud', 'Munson', 'Datum', 'Nørrebro', 'Boreal', 'Kestrel', 'Ironbridge', 'Silverline',
  'Greyhawk', 'Oakmont', 'Brightwater', 'Redstone', 'Clearpath', 'Stonegate', 'Harbor', 'Cobalt', 'Orion', 'Juniper',
];
const BUYER_SECOND = [
  'Airlines', 'Logistics', 'Motors', 'Foods', 'Bank', 'Insurance', 'Telecom', 'Software', 'Retail', 'Energy', 'Shipping',
  'Pharma', 'Apparel', 'Brasserie', 'Cement', 'Steel', 'Hôtels', 'Media', 'Semiconductors', 'Consulting', 'Mining', 'Chemicals',
];
const BUYER_SUFFIX = ['Corporation', 'Group', 'AG', 'SE', 'Inc', 'Holdings', 'plc', 'Co', 'N.V.', 'Ltd'];

/** Canonical buyers whose names themselves carry quotes, percent signs, underscores or backslashes. */
const SPECIAL_BUYERS = [
  "O'Brien & \"Partners\" Ltd", '100% Green_Energy Co', 'Back\\Slash Holdings', 'Under_Score Logistics', 'Percent%Capital AG',
];

/**
 * Real-world names with accents and letters outside ASCII: the 1st, 11th, 21st… random buyer (the
 * first a heavy one) is named from this list, in order, instead of its drawn name, which is drawn
 * all the same so the draws that follow do not move.
 */
export const ACCENTED_BUYERS = [
  'Rubim Produções Ltda', 'Société Forestière du Bassin SA', 'Łódź Ciepłownia Sp. z o.o.', 'Ōsaka Gasu K.K.', 'Türk Çimento A.Ş.', 'Café Niño Ñandú S.A.',
];

/** Raw spellings that a spreadsheet would run as a formula. */
const FORMULA_SPELLINGS = (name: string) => [`=HYPERLINK("https://offsets.example","${name}")`, `+${name}`, `-${name}`, `@${name}`, `=SUM(1+1)*${name.length}`];

function spellings(rng: Rng, canonical: string): string[] {
  const base = canonical.replace(/ (Corporation|Group|AG|SE|Inc|Holdings|plc|Co|N\.V\.|Ltd|Ltda|SA|S\.A\.|K\.K\.|A\.Ş\.|Sp\. z o\.o\.)$/, '');
  const variants = new Set<string>([canonical]);
  const options = [
    canonical.toUpperCase(),
    `${base} ${rng.pick(['Corp.', 'Inc.', 'Limited', 'GmbH', 'LLC'])}`,
    `Retired on behalf of ${canonical}`,
    `${canonical} (on behalf of its customers)`,
    `${base}, ${rng.pick(['Europe', 'North America', 'APAC', 'UK'])}`,
    canonical.toLowerCase(),
    `${canonical} - FY${rng.int(2018, 2025)} offsetting`,
    `  ${canonical}  `,
  ];
  const n = rng.int(1, 5);
  for (const v of rng.sample(options, n)) variants.add(v);
  if (rng.chance(0.03)) variants.add(rng.pick(FORMULA_SPELLINGS(base)));
  if (rng.chance(0.03)) variants.add(`${base} "${rng.pick(['Net Zero', 'Green', 'Climate'])}" program 100%_offset \\ ${rng.int(1, 9)}`);
  // A name outside ASCII is written as it is, in capitals and in lower case (as registries write it).
  if (/[^ -~]/.test(canonical)) for (const v of [canonical.toUpperCase(), canonical.toLowerCase()]) variants.add(v);
  return [...variants];
}

export function buyerSeeds(rng: Rng, count: number): BuyerSeed[] {
  const seen = new Set<string>();
  const out: BuyerSeed[] = [];
  const add = (canonical: string, weight: number) => {
    seen.add(canonical.toLowerCase());
    out.push({ canonical, variants: spellings(rng, canonical), weight });
  };
  let random = 0;
  for (const name of SPECIAL_BUYERS) add(name, 0.01 + rng.float() * 0.04);
  // Formula-looking raw strings are guaranteed to appear at least once.
  out[0]!.variants.push('=HYPERLINK("https://offsets.example","click")', '+1 Offset Ltd', "-Minus Corp 'quoted'", '@handle_buyer%');
  let attempts = 0;
  while (out.length < count && attempts < count * 20) {
    attempts++;
    const canonical = `${rng.pick(BUYER_FIRST)} ${rng.pick(BUYER_SECOND)} ${rng.pick(BUYER_SUFFIX)}`;
    if (seen.has(canonical.toLowerCase())) continue;
    seen.add(canonical.toLowerCase());
    const accented = random % 10 === 0 ? ACCENTED_BUYERS[random / 10] : undefined;
    random++;
    // Zipf-like popularity: a few buyers retire most of the volume.
    add(accented ?? canonical, 1 / Math.pow(out.length + 1, 0.9));
  }
  while (out.length < count) add(`Buyer ${out.length} Holdings`, 0.001);
  return out;
}

export const RETIREMENT_REASONS = [
  'Voluntary offsetting', 'Carbon neutral product', 'Corporate net zero target', 'CORSIA compliance', 'On behalf of customers',
  'Event offsetting', 'Scope 3 emissions', 'Employee travel', 'Carbon tax offset (Colombia)', 'Other',
];
export const ACCOUNT_HOLDERS = [
  'South Pole', 'ClimatePartner', 'Climate Impact Partners', 'ecosecurities', 'Carbon Direct', 'Patch', 'Compensação Brasil Ltda',
  'Terrapass', 'First Climate', 'Xpansiv CBL', 'ACX', 'Société Carbone Conseil', 'Viridios', 'Ōsaka Kōrei Trading',
];
export const NOTE_TEMPLATES = [
  'FY{y} emissions', 'Compensação de emissões {y}, escopo 1 e 2', 'Product line offset 100%', 'Batch_{n}', 'Réf. client n° {n}',
  'Client order {n} - see "terms"', 'Scope 1 & 2, {y}', 'Offset 50% of fleet_emissions', 'Path C:\\reports\\{y}',
];
