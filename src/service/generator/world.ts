/**
 * The fixed world the generator draws from: project countries (named as registries and OffsetsDB
 * write them, "Türkiye", "Viet Nam", "DR Congo", "Congo Republic", "Côte d'Ivoire", "Lao PDR", each
 * with its ISO code where i18n-iso-countries does not know the name, a rough bounding box, regions
 * for project names, as written locally, and what kinds of projects are plausible there),
 * registries, categories, project types and protocols, in believable proportions. Registry "none" is
 * a value the API allows but the generator never uses.
 */
import type { Category, Registry } from '../../shared/api/values';

export type CountryTag = 'tropical' | 'developing' | 'industrial' | 'rice' | 'coal' | 'geothermal';

export interface CountrySeed {
  name: string;
  /** Its ISO 3166-1 alpha-2 code, where i18n-iso-countries does not resolve the name as written. */
  code?: string;
  /** [west, south, east, north] in degrees: a rough box around the country's land. */
  bbox: readonly [number, number, number, number];
  region: string;
  subregion: string;
  weight: number;
  /** Regions and landmarks that project names use. */
  places: readonly string[];
  /** What makes a project type plausible there (tropical forest, household energy, rice, coal, geothermal). */
  tags: readonly CountryTag[];
}

export const COUNTRIES: readonly CountrySeed[] = [
  { name: 'India', bbox: [68.2, 8.1, 97.4, 35.5], region: 'Asia', subregion: 'Southern Asia', weight: 14 , places: ['Rajasthan', 'Gujarat', 'Tamil Nadu', 'Karnataka', 'Maharashtra', 'Andhra Pradesh', 'Odisha', 'Madhya Pradesh', 'Himachal Pradesh', 'Assam'], tags: ['developing', 'rice', 'coal'] },
  { name: 'China', bbox: [73.5, 18.2, 134.8, 53.6], region: 'Asia', subregion: 'Eastern Asia', weight: 11 , places: ['Inner Mongolia', 'Yunnan', 'Sichuan', 'Gansu', 'Xinjiang', 'Hebei', 'Guangxi', 'Fujian', 'Heilongjiang', 'Shanxi'], tags: ['industrial', 'rice', 'coal'] },
  { name: 'United States', bbox: [-124.7, 24.5, -67.0, 49.4], region: 'Americas', subregion: 'Northern America', weight: 12 , places: ['Appalachian', 'Ozark', 'Great Plains', 'Pacific Northwest', 'Adirondack', 'Mississippi Delta', 'Sierra Nevada', 'Texas Panhandle', 'Great Lakes', 'Chesapeake'], tags: ['industrial', 'coal', 'geothermal'] },
  { name: 'Brazil', bbox: [-73.9, -33.7, -34.8, 5.3], region: 'Americas', subregion: 'South America', weight: 7 , places: ['Amazonas', 'Pará', 'Mato Grosso', 'Acre', 'Rondônia', 'Bahia', 'Minas Gerais', 'São Paulo', 'Maranhão'], tags: ['tropical', 'developing'] },
  { name: 'Türkiye', bbox: [26.0, 36.0, 44.8, 42.1], region: 'Asia', subregion: 'Western Asia', weight: 4 , places: ['Anatolia', 'Aegean', 'Marmara', 'Black Sea', 'İzmir', 'Konya'], tags: ['industrial', 'geothermal'] },
  { name: 'Indonesia', bbox: [95.0, -11.0, 141.0, 6.1], region: 'Asia', subregion: 'South-eastern Asia', weight: 3 , places: ['Katingan', 'Central Kalimantan', 'Sumatra', 'West Papua', 'Sulawesi', 'Rimba Raya', 'East Java', 'Riau'], tags: ['tropical', 'developing', 'rice', 'geothermal', 'coal'] },
  { name: 'Viet Nam', code: 'VN', bbox: [102.1, 8.6, 109.5, 23.4], region: 'Asia', subregion: 'South-eastern Asia', weight: 2.5 , places: ['Mekong Delta', 'Quảng Nam', 'Lâm Đồng', 'Ninh Thuận', 'Thanh Hóa', 'Đắk Lắk'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Kenya', bbox: [33.9, -4.7, 41.9, 5.0], region: 'Africa', subregion: 'Eastern Africa', weight: 3 , places: ['Kasigau', 'Chyulu Hills', 'Mikoko Pamoja', 'Rift Valley', 'Turkana', 'Kisumu', 'Laikipia'], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Uganda', bbox: [29.6, -1.5, 35.0, 4.2], region: 'Africa', subregion: 'Eastern Africa', weight: 2 , places: ['Mount Elgon', 'Gulu', 'Kasese', 'Lake Victoria', 'Mbale'], tags: ['tropical', 'developing'] },
  { name: 'Peru', bbox: [-81.3, -18.4, -68.7, -0.1], region: 'Americas', subregion: 'South America', weight: 2 , places: ['Madre de Dios', 'Ucayali', 'San Martín', 'Loreto', 'Cusco', 'Alto Mayo'], tags: ['tropical', 'developing'] },
  { name: 'Colombia', bbox: [-79.0, -4.2, -66.9, 12.5], region: 'Americas', subregion: 'South America', weight: 2.5 , places: ['Chocó', 'Antioquia', 'Meta', 'Magdalena', 'Caquetá', 'La Guajira'], tags: ['tropical', 'developing'] },
  { name: 'Mexico', bbox: [-117.1, 14.5, -86.7, 32.7], region: 'Americas', subregion: 'Central America', weight: 2.5 , places: ['Oaxaca', 'Chiapas', 'Yucatán', 'Sierra Gorda', 'Jalisco', 'Sonora'], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Chile', bbox: [-75.6, -55.9, -66.9, -17.5], region: 'Americas', subregion: 'South America', weight: 1.5 , places: ['Araucanía', 'Biobío', 'Los Lagos', 'Atacama', 'Ñuble'], tags: ['developing'] },
  { name: 'Guatemala', bbox: [-92.2, 13.7, -88.2, 17.8], region: 'Americas', subregion: 'Central America', weight: 1 , places: ['Petén', 'Alta Verapaz', 'Izabal'], tags: ['tropical', 'developing', 'geothermal'] },
  { name: "Côte d'Ivoire", bbox: [-8.6, 4.4, -2.5, 10.7], region: 'Africa', subregion: 'Western Africa', weight: 0.8 , places: ['Taï', 'Comoé', 'Yamoussoukro'], tags: ['tropical', 'developing'] },
  { name: 'Thailand', bbox: [97.3, 5.6, 105.6, 20.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 1.5 , places: ['Chiang Mai', 'Isan', 'Nakhon Ratchasima', 'Surat Thani'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Cambodia', bbox: [102.3, 10.4, 107.6, 14.7], region: 'Asia', subregion: 'South-eastern Asia', weight: 1 , places: ['Cardamom', 'Keo Seima', 'Prey Lang', 'Mondulkiri'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Pakistan', bbox: [60.9, 23.7, 77.8, 37.1], region: 'Asia', subregion: 'Southern Asia', weight: 1 , places: ['Sindh', 'Punjab', 'Khyber', 'Indus Delta'], tags: ['developing', 'rice'] },
  { name: 'Bangladesh', bbox: [88.0, 20.7, 92.7, 26.6], region: 'Asia', subregion: 'Southern Asia', weight: 1.5 , places: ['Sundarbans', 'Khulna', 'Sylhet', 'Rajshahi'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Ghana', bbox: [-3.3, 4.7, 1.2, 11.2], region: 'Africa', subregion: 'Western Africa', weight: 1.5 , places: ['Ashanti', 'Volta', 'Bono', 'Northern Region'], tags: ['tropical', 'developing'] },
  { name: 'Nigeria', bbox: [2.7, 4.3, 14.7, 13.9], region: 'Africa', subregion: 'Western Africa', weight: 1.2 , places: ['Cross River', 'Kano', 'Lagos', 'Kaduna'], tags: ['tropical', 'developing'] },
  { name: 'Ethiopia', bbox: [33.0, 3.4, 48.0, 14.9], region: 'Africa', subregion: 'Eastern Africa', weight: 1 , places: ['Bale Mountains', 'Oromia', 'Amhara', 'Sidama'], tags: ['developing', 'geothermal'] },
  { name: 'Tanzania', bbox: [29.3, -11.7, 40.4, -1.0], region: 'Africa', subregion: 'Eastern Africa', weight: 1 , places: ['Kilimanjaro', 'Ntakata', 'Mara', 'Morogoro'], tags: ['tropical', 'developing'] },
  { name: 'Madagascar', bbox: [43.2, -25.6, 50.5, -12.0], region: 'Africa', subregion: 'Eastern Africa', weight: 0.6 , places: ['Makira', 'Ankeniheny', 'Menabe', 'Toliara'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Mozambique', bbox: [30.2, -26.9, 40.8, -10.5], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8 , places: ['Gorongosa', 'Niassa', 'Zambezia', 'Sofala'], tags: ['tropical', 'developing'] },
  { name: 'Malawi', bbox: [32.7, -17.1, 35.9, -9.4], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8 , places: ['Lilongwe', 'Blantyre', 'Mulanje', 'Zomba'], tags: ['tropical', 'developing'] },
  { name: 'Rwanda', bbox: [28.9, -2.8, 30.9, -1.1], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8 , places: ['Nyungwe', 'Kigali', 'Musanze'], tags: ['tropical', 'developing'] },
  { name: 'Zambia', bbox: [22.0, -18.1, 33.7, -8.2], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8 , places: ['Luangwa', 'Copperbelt', 'Lusaka', 'Kafue'], tags: ['tropical', 'developing'] },
  { name: 'Zimbabwe', bbox: [25.2, -22.4, 33.1, -15.6], region: 'Africa', subregion: 'Eastern Africa', weight: 0.7 , places: ['Kariba', 'Matabeleland', 'Manicaland', 'Hwange'], tags: ['tropical', 'developing', 'coal'] },
  { name: 'DR Congo', code: 'CD', bbox: [12.2, -13.5, 31.3, 5.4], region: 'Africa', subregion: 'Middle Africa', weight: 0.6 , places: ['Mai-Ndombe', 'Nord-Kivu', 'Haut-Katanga', 'Équateur'], tags: ['tropical', 'developing'] },
  { name: 'South Africa', bbox: [16.5, -34.8, 32.9, -22.1], region: 'Africa', subregion: 'Southern Africa', weight: 0.8 , places: ['Limpopo', 'Eastern Cape', 'KwaZulu-Natal', 'Mpumalanga', 'Northern Cape'], tags: ['developing', 'coal'] },
  { name: 'Morocco', bbox: [-13.2, 27.7, -1.0, 35.9], region: 'Africa', subregion: 'Northern Africa', weight: 0.4 , places: ['Ouarzazate', 'Tarfaya', 'Souss', 'Middle Atlas'], tags: ['developing'] },
  { name: 'Egypt', bbox: [24.7, 22.0, 36.9, 31.7], region: 'Africa', subregion: 'Northern Africa', weight: 0.4 , places: ['Zafarana', 'Benban', 'Gulf of Suez', 'Nile Delta'], tags: ['developing'] },
  { name: 'Bolivia', bbox: [-69.6, -22.9, -57.5, -9.7], region: 'Americas', subregion: 'South America', weight: 0.5 , places: ['Beni', 'Santa Cruz', 'Pando', 'Cochabamba'], tags: ['tropical', 'developing'] },
  { name: 'Argentina', bbox: [-73.6, -55.1, -53.6, -21.8], region: 'Americas', subregion: 'South America', weight: 0.6 , places: ['Pampas', 'Patagonia', 'Chaco', 'Misiones', 'Córdoba'], tags: ['developing'] },
  { name: 'Uruguay', bbox: [-58.4, -35.0, -53.1, -30.1], region: 'Americas', subregion: 'South America', weight: 0.4 , places: ['Tacuarembó', 'Rivera', 'Paysandú'], tags: ['developing'] },
  { name: 'Panama', bbox: [-83.0, 7.2, -77.2, 9.6], region: 'Americas', subregion: 'Central America', weight: 0.4 , places: ['Darién', 'Chiriquí', 'Veraguas'], tags: ['tropical', 'developing'] },
  { name: 'Nicaragua', bbox: [-87.7, 10.7, -83.1, 15.0], region: 'Americas', subregion: 'Central America', weight: 0.4 , places: ['Bosawás', 'León', 'Río San Juan'], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Congo Republic', code: 'CG', bbox: [11.2, -5.0, 18.6, 3.7], region: 'Africa', subregion: 'Middle Africa', weight: 0.3 , places: ['Likouala', 'Sangha', 'Niari'], tags: ['tropical', 'developing'] },
  { name: 'Canada', bbox: [-130.0, 42.0, -60.0, 60.0], region: 'Americas', subregion: 'Northern America', weight: 1.2 , places: ['Boreal', 'British Columbia', 'Alberta', 'Ontario', 'Quebec', 'Great Bear'], tags: ['industrial'] },
  { name: 'Australia', bbox: [113.3, -39.0, 153.6, -11.0], region: 'Oceania', subregion: 'Australia and New Zealand', weight: 0.8 , places: ['Queensland', 'Murray-Darling', 'Kimberley', 'Tasmania', 'Pilbara'], tags: ['industrial', 'coal'] },
  { name: 'Papua New Guinea', bbox: [141.0, -10.7, 156.0, -2.6], region: 'Oceania', subregion: 'Melanesia', weight: 0.3 , places: ['April Salumei', 'Sepik', 'New Britain', 'Western Province'], tags: ['tropical', 'developing'] },
  { name: 'Philippines', bbox: [117.2, 5.6, 126.6, 18.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.6 , places: ['Mindanao', 'Luzon', 'Visayas', 'Palawan'], tags: ['tropical', 'developing', 'rice', 'geothermal'] },
  { name: 'Myanmar', bbox: [92.2, 9.8, 101.2, 28.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.4 , places: ['Ayeyarwady', 'Shan', 'Tanintharyi'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Lao PDR', code: 'LA', bbox: [100.1, 13.9, 107.7, 22.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.4 , places: ['Luang Prabang', 'Savannakhet', 'Champasak'], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Nepal', bbox: [80.1, 26.4, 88.2, 30.4], region: 'Asia', subregion: 'Southern Asia', weight: 0.5 , places: ['Terai', 'Chitwan', 'Kathmandu Valley'], tags: ['developing', 'rice'] },
  { name: 'Uzbekistan', bbox: [56.0, 37.2, 73.1, 45.6], region: 'Asia', subregion: 'Central Asia', weight: 0.3 , places: ['Samarkand', 'Bukhara', 'Navoi'], tags: ['developing'] },
  { name: 'Germany', bbox: [5.9, 47.3, 15.0, 55.1], region: 'Europe', subregion: 'Western Europe', weight: 0.3 , places: ['Brandenburg', 'Bavaria', 'Lower Saxony', 'Black Forest'], tags: ['industrial', 'coal'] },
  { name: 'United Kingdom', bbox: [-5.7, 50.0, 1.7, 58.6], region: 'Europe', subregion: 'Northern Europe', weight: 0.4 , places: ['Scottish Highlands', 'Yorkshire', 'Wales', 'Cumbria'], tags: ['industrial'] },
  { name: 'Iceland', bbox: [-24.5, 63.4, -13.5, 66.5], region: 'Europe', subregion: 'Northern Europe', weight: 0.2 , places: ['Hellisheiði', 'Reykjanes', 'Hengill'], tags: ['industrial', 'geothermal'] },
  { name: 'Norway', bbox: [4.6, 58.0, 31.1, 71.0], region: 'Europe', subregion: 'Northern Europe', weight: 0.2 , places: ['Telemark', 'Finnmark', 'Vestland'], tags: ['industrial'] },
];

export type GeneratedRegistry = Exclude<Registry, 'none'>;

export const REGISTRY_WEIGHTS: readonly (readonly [GeneratedRegistry, number])[] = [
  ['verra', 44], ['gold-standard', 26], ['american-carbon-registry', 8], ['climate-action-reserve', 10],
  ['art-trees', 1], ['isometric', 0.6], ['puro-earth', 2.4], ['plan-vivo', 1.5],
];

/** Category mix per registry. */
export const CATEGORY_WEIGHTS: Record<GeneratedRegistry, readonly (readonly [Category, number])[]> = {
  verra: [['renewable-energy', 40], ['forest', 22], ['ghg-management', 10], ['energy-efficiency', 8], ['fuel-switching', 5], ['agriculture', 5], ['land-use', 4], ['unknown', 6]],
  'gold-standard': [['renewable-energy', 35], ['energy-efficiency', 35], ['forest', 6], ['fuel-switching', 8], ['agriculture', 4], ['ghg-management', 6], ['unknown', 6]],
  'american-carbon-registry': [['ghg-management', 40], ['forest', 35], ['land-use', 10], ['agriculture', 8], ['unknown', 7]],
  'climate-action-reserve': [['ghg-management', 50], ['forest', 35], ['agriculture', 8], ['unknown', 7]],
  'art-trees': [['forest', 100]],
  isometric: [['biomass-cdr', 40], ['alkalinity-cdr', 30], ['air-capture', 20], ['carbon-capture', 10]],
  'puro-earth': [['biomass-cdr', 75], ['carbon-capture', 15], ['alkalinity-cdr', 10]],
  'plan-vivo': [['forest', 70], ['land-use', 20], ['agriculture', 10]],
};

export interface TypeSeed {
  type: string;
  protocols: readonly (readonly [string, string])[];
  /** Countries must carry one of these tags (any country when absent). */
  where?: readonly CountryTag[];
}

export const PROJECT_TYPES: Record<Category, readonly TypeSeed[]> = {
  forest: [
    { type: 'REDD+', protocols: [['VM0007', '1.6'], ['VM0048', '1.0'], ['VM0015', '1.1']], where: ['tropical'] },
    { type: 'Improved Forest Management', protocols: [['ACR IFM', '2.0'], ['CAR U.S. Forest', '5.0'], ['VM0010', '1.3']] },
    { type: 'Afforestation/Reforestation', protocols: [['AR-ACM0003', '2.0'], ['VM0047', '1.0'], ['GS A/R', '1.2']] },
    { type: 'Jurisdictional REDD+', protocols: [['ART TREES', '2.0']], where: ['tropical'] },
  ],
  'renewable-energy': [
    { type: 'Wind', protocols: [['ACM0002', '19.0'], ['AMS-I.D.', '18.0']] },
    { type: 'Solar', protocols: [['ACM0002', '20.0'], ['AMS-I.F.', '4.0']] },
    { type: 'Hydropower', protocols: [['ACM0002', '18.1'], ['AMS-I.D.', '17.0']] },
    { type: 'Geothermal', protocols: [['ACM0002', '19.0']], where: ['geothermal'] },
    { type: 'Biomass Power', protocols: [['ACM0018', '4.0'], ['AMS-I.C.', '21.0']] },
  ],
  'ghg-management': [
    { type: 'Landfill Gas', protocols: [['ACM0001', '19.0'], ['CAR Landfill', '5.0']] },
    { type: 'Ozone Depleting Substances', protocols: [['CAR ODS', '2.0'], ['ARB ODS', '1.0']], where: ['industrial'] },
    { type: 'Mine Methane Capture', protocols: [['ACM0008', '8.0'], ['ARB MMC', '1.0']], where: ['coal'] },
    { type: 'Wastewater Methane', protocols: [['AMS-III.H.', '19.0']] },
  ],
  'energy-efficiency': [
    { type: 'Cookstoves', protocols: [['GS TPDDTEC', '3.1'], ['AMS-II.G.', '13.0'], ['VMR0006', '1.1']], where: ['developing'] },
    { type: 'Water Filters', protocols: [['GS Safe Water', '1.0'], ['AMS-III.AV.', '8.0']], where: ['developing'] },
    { type: 'Efficient Lighting', protocols: [['AMS-II.J.', '7.0']], where: ['developing'] },
    { type: 'Building Efficiency', protocols: [['AMS-II.E.', '10.0']] },
  ],
  'fuel-switching': [
    { type: 'Fuel Switching', protocols: [['ACM0009', '5.0'], ['AMS-III.B.', '16.0']] },
    { type: 'Biodigesters', protocols: [['AMS-I.E.', '9.0'], ['GS Biodigester', '1.0']], where: ['developing'] },
  ],
  agriculture: [
    { type: 'Livestock Methane', protocols: [['ARB Livestock', '1.0'], ['CAR Livestock', '4.0']] },
    { type: 'Rice Cultivation', protocols: [['VM0051', '1.0'], ['AMS-III.AU.', '4.0']], where: ['rice'] },
    { type: 'Soil Carbon', protocols: [['VM0042', '2.0'], ['CAR Soil Enrichment', '1.1']] },
  ],
  'land-use': [
    { type: 'Grassland Conservation', protocols: [['CAR Grassland', '2.1']] },
    { type: 'Wetland Restoration', protocols: [['VM0033', '2.1'], ['ACR Wetlands', '2.0']] },
    { type: 'Sustainable Land Management', protocols: [['VM0017', '1.0']] },
  ],
  'biomass-cdr': [
    { type: 'Biochar', protocols: [['Puro Biochar', '2022'], ['Isometric Biochar', '1.0']] },
    { type: 'Bio-oil Sequestration', protocols: [['Isometric Bio-oil', '1.0']] },
    { type: 'Wood Vaulting', protocols: [['Puro Terrestrial Storage', '2022']] },
  ],
  'carbon-capture': [{ type: 'Carbon Capture and Storage', protocols: [['Puro Geologically Stored Carbon', '2024'], ['ACR CCS', '1.1']] }],
  'air-capture': [{ type: 'Direct Air Capture', protocols: [['Isometric DAC', '1.0']] }],
  'alkalinity-cdr': [
    { type: 'Enhanced Weathering', protocols: [['Isometric Enhanced Weathering', '1.0'], ['Puro Enhanced Rock Weathering', '2024']] },
    { type: 'Ocean Alkalinity Enhancement', protocols: [['Isometric OAE', '1.0']] },
  ],
  unknown: [{ type: 'Other', protocols: [['Unknown', '']] }],
};

/** Categories whose projects have land boundaries and satellite monitoring. */
export const LAND_CATEGORIES: readonly Category[] = ['forest', 'land-use', 'agriculture'];

export const CERTIFICATION_LABELS = [
  'ccb-gold', 'ccb-biodiversity-gold', 'ccb-community-gold', 'ccb-climate-gold', 'ccb-silver', 'corsia', 'icvcm-ccp', 'sd-vista', 'social-carbon',
] as const;
