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
  /**
   * Regions and landmarks that project names use, each with a point inside it (longitude, latitude):
   * a project named after a place lies around that point.
   */
  places: readonly (readonly [name: string, lon: number, lat: number])[];
  /** What makes a project type plausible there (tropical forest, household energy, rice, coal, geothermal). */
  tags: readonly CountryTag[];
}

export const COUNTRIES: readonly CountrySeed[] = [
  { name: 'India', bbox: [68.2, 8.1, 97.4, 35.5], region: 'Asia', subregion: 'Southern Asia', weight: 14, places: [['Rajasthan', 73.8, 26.9], ['Gujarat', 71.5, 22.7], ['Tamil Nadu', 78.4, 11.1], ['Karnataka', 76.2, 14.8], ['Maharashtra', 75.7, 19.4], ['Andhra Pradesh', 79.7, 15.9], ['Odisha', 84.5, 20.5], ['Madhya Pradesh', 78.6, 23.5], ['Himachal Pradesh', 77.2, 31.9], ['Assam', 92.9, 26.2]], tags: ['developing', 'rice', 'coal'] },
  { name: 'China', bbox: [73.5, 18.2, 134.8, 53.6], region: 'Asia', subregion: 'Eastern Asia', weight: 11, places: [['Inner Mongolia', 113.0, 43.0], ['Yunnan', 101.5, 24.5], ['Sichuan', 103.0, 30.5], ['Gansu', 103.0, 36.5], ['Xinjiang', 85.0, 41.5], ['Hebei', 115.5, 38.5], ['Guangxi', 108.5, 23.8], ['Fujian', 118.0, 26.0], ['Heilongjiang', 127.5, 47.5], ['Shanxi', 112.3, 37.6]], tags: ['industrial', 'rice', 'coal'] },
  { name: 'United States', bbox: [-124.7, 24.5, -67.0, 49.4], region: 'Americas', subregion: 'Northern America', weight: 12, places: [['Appalachian', -81.0, 37.5], ['Ozark', -92.5, 36.5], ['Great Plains', -100.0, 41.0], ['Pacific Northwest', -121.5, 45.5], ['Adirondack', -74.3, 44.0], ['Mississippi Delta', -90.5, 33.5], ['Sierra Nevada', -119.5, 37.5], ['Texas Panhandle', -101.5, 35.3], ['Great Lakes', -85.0, 44.0], ['Chesapeake', -76.3, 38.5]], tags: ['industrial', 'coal', 'geothermal'] },
  { name: 'Brazil', bbox: [-73.9, -33.7, -34.8, 5.3], region: 'Americas', subregion: 'South America', weight: 7, places: [['Amazonas', -64.0, -4.5], ['Pará', -52.5, -4.0], ['Mato Grosso', -55.5, -13.0], ['Acre', -70.5, -9.0], ['Rondônia', -63.0, -11.0], ['Bahia', -41.5, -12.5], ['Minas Gerais', -44.5, -18.5], ['São Paulo', -48.6, -22.3], ['Maranhão', -45.3, -5.0]], tags: ['tropical', 'developing'] },
  { name: 'Türkiye', bbox: [26.0, 36.0, 44.8, 42.1], region: 'Asia', subregion: 'Western Asia', weight: 4, places: [['Anatolia', 34.0, 39.0], ['Aegean', 27.8, 38.5], ['Marmara', 28.5, 40.5], ['Black Sea', 37.0, 41.0], ['İzmir', 27.1, 38.4], ['Konya', 32.5, 37.9]], tags: ['industrial', 'geothermal'] },
  { name: 'Indonesia', bbox: [95.0, -11.0, 141.0, 6.1], region: 'Asia', subregion: 'South-eastern Asia', weight: 3, places: [['Katingan', 113.2, -2.0], ['Central Kalimantan', 113.5, -1.7], ['Sumatra', 101.5, -0.5], ['West Papua', 133.0, -1.5], ['Sulawesi', 121.0, -2.0], ['Rimba Raya', 112.2, -3.0], ['East Java', 112.5, -7.6], ['Riau', 102.0, 0.5]], tags: ['tropical', 'developing', 'rice', 'geothermal', 'coal'] },
  { name: 'Viet Nam', code: 'VN', bbox: [102.1, 8.6, 109.5, 23.4], region: 'Asia', subregion: 'South-eastern Asia', weight: 2.5, places: [['Mekong Delta', 105.8, 10.0], ['Quảng Nam', 108.0, 15.6], ['Lâm Đồng', 108.2, 11.7], ['Ninh Thuận', 108.9, 11.7], ['Thanh Hóa', 105.5, 20.0], ['Đắk Lắk', 108.2, 12.7]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Kenya', bbox: [33.9, -4.7, 41.9, 5.0], region: 'Africa', subregion: 'Eastern Africa', weight: 3, places: [['Kasigau', 38.6, -3.8], ['Chyulu Hills', 37.8, -2.6], ['Mikoko Pamoja', 39.4, -4.5], ['Rift Valley', 36.0, 0.0], ['Turkana', 35.8, 3.5], ['Kisumu', 34.8, -0.1], ['Laikipia', 36.8, 0.4]], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Uganda', bbox: [29.6, -1.5, 35.0, 4.2], region: 'Africa', subregion: 'Eastern Africa', weight: 2, places: [['Mount Elgon', 34.5, 1.1], ['Gulu', 32.3, 2.8], ['Kasese', 30.1, 0.2], ['Lake Victoria', 32.6, 0.1], ['Mbale', 34.2, 1.1]], tags: ['tropical', 'developing'] },
  { name: 'Peru', bbox: [-81.3, -18.4, -68.7, -0.1], region: 'Americas', subregion: 'South America', weight: 2, places: [['Madre de Dios', -70.5, -12.0], ['Ucayali', -73.5, -9.5], ['San Martín', -76.8, -7.0], ['Loreto', -74.5, -4.5], ['Cusco', -72.0, -13.5], ['Alto Mayo', -77.3, -5.8]], tags: ['tropical', 'developing'] },
  { name: 'Colombia', bbox: [-79.0, -4.2, -66.9, 12.5], region: 'Americas', subregion: 'South America', weight: 2.5, places: [['Chocó', -76.8, 5.7], ['Antioquia', -75.5, 7.0], ['Meta', -73.0, 3.5], ['Magdalena', -74.2, 10.4], ['Caquetá', -74.0, 0.9], ['La Guajira', -72.5, 11.5]], tags: ['tropical', 'developing'] },
  { name: 'Mexico', bbox: [-117.1, 14.5, -86.7, 32.7], region: 'Americas', subregion: 'Central America', weight: 2.5, places: [['Oaxaca', -96.5, 17.0], ['Chiapas', -92.6, 16.5], ['Yucatán', -89.0, 20.7], ['Sierra Gorda', -99.5, 21.2], ['Jalisco', -103.5, 20.5], ['Sonora', -110.5, 29.5]], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Chile', bbox: [-75.6, -55.9, -66.9, -17.5], region: 'Americas', subregion: 'South America', weight: 1.5, places: [['Araucanía', -72.5, -38.7], ['Biobío', -72.5, -37.3], ['Los Lagos', -72.8, -41.8], ['Atacama', -70.0, -27.5], ['Ñuble', -72.0, -36.6]], tags: ['developing'] },
  { name: 'Guatemala', bbox: [-92.2, 13.7, -88.2, 17.8], region: 'Americas', subregion: 'Central America', weight: 1, places: [['Petén', -90.0, 16.9], ['Alta Verapaz', -90.2, 15.5], ['Izabal', -88.8, 15.4]], tags: ['tropical', 'developing', 'geothermal'] },
  { name: "Côte d'Ivoire", bbox: [-8.6, 4.4, -2.5, 10.7], region: 'Africa', subregion: 'Western Africa', weight: 0.8, places: [['Taï', -7.1, 5.8], ['Comoé', -3.8, 9.0], ['Yamoussoukro', -5.3, 6.8]], tags: ['tropical', 'developing'] },
  { name: 'Thailand', bbox: [97.3, 5.6, 105.6, 20.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 1.5, places: [['Chiang Mai', 98.9, 18.8], ['Isan', 103.5, 15.8], ['Nakhon Ratchasima', 102.1, 15.0], ['Surat Thani', 99.3, 9.1]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Cambodia', bbox: [102.3, 10.4, 107.6, 14.7], region: 'Asia', subregion: 'South-eastern Asia', weight: 1, places: [['Cardamom', 103.5, 11.8], ['Keo Seima', 106.9, 12.2], ['Prey Lang', 105.5, 13.2], ['Mondulkiri', 107.2, 12.5]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Pakistan', bbox: [60.9, 23.7, 77.8, 37.1], region: 'Asia', subregion: 'Southern Asia', weight: 1, places: [['Sindh', 68.8, 26.0], ['Punjab', 72.7, 30.8], ['Khyber', 71.8, 34.5], ['Indus Delta', 67.5, 24.2]], tags: ['developing', 'rice'] },
  { name: 'Bangladesh', bbox: [88.0, 20.7, 92.7, 26.6], region: 'Asia', subregion: 'Southern Asia', weight: 1.5, places: [['Sundarbans', 89.3, 22.0], ['Khulna', 89.5, 22.8], ['Sylhet', 91.9, 24.9], ['Rajshahi', 88.6, 24.4]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Ghana', bbox: [-3.3, 4.7, 1.2, 11.2], region: 'Africa', subregion: 'Western Africa', weight: 1.5, places: [['Ashanti', -1.6, 6.7], ['Volta', 0.4, 6.6], ['Bono', -2.5, 7.6], ['Northern Region', -0.9, 9.5]], tags: ['tropical', 'developing'] },
  { name: 'Nigeria', bbox: [2.7, 4.3, 14.7, 13.9], region: 'Africa', subregion: 'Western Africa', weight: 1.2, places: [['Cross River', 8.6, 5.9], ['Kano', 8.5, 12.0], ['Lagos', 3.4, 6.5], ['Kaduna', 7.7, 10.4]], tags: ['tropical', 'developing'] },
  { name: 'Ethiopia', bbox: [33.0, 3.4, 48.0, 14.9], region: 'Africa', subregion: 'Eastern Africa', weight: 1, places: [['Bale Mountains', 39.7, 6.9], ['Oromia', 39.0, 8.0], ['Amhara', 38.0, 11.5], ['Sidama', 38.4, 6.8]], tags: ['developing', 'geothermal'] },
  { name: 'Tanzania', bbox: [29.3, -11.7, 40.4, -1.0], region: 'Africa', subregion: 'Eastern Africa', weight: 1, places: [['Kilimanjaro', 37.4, -3.3], ['Ntakata', 30.6, -6.2], ['Mara', 34.3, -1.8], ['Morogoro', 37.0, -7.5]], tags: ['tropical', 'developing'] },
  { name: 'Madagascar', bbox: [43.2, -25.6, 50.5, -12.0], region: 'Africa', subregion: 'Eastern Africa', weight: 0.6, places: [['Makira', 49.6, -15.1], ['Ankeniheny', 48.5, -18.8], ['Menabe', 44.5, -20.0], ['Toliara', 44.5, -23.0]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Mozambique', bbox: [30.2, -26.9, 40.8, -10.5], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8, places: [['Gorongosa', 34.4, -18.9], ['Niassa', 36.5, -12.8], ['Zambezia', 37.0, -16.5], ['Sofala', 34.8, -19.5]], tags: ['tropical', 'developing'] },
  { name: 'Malawi', bbox: [32.7, -17.1, 35.9, -9.4], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8, places: [['Lilongwe', 33.8, -14.0], ['Blantyre', 35.0, -15.8], ['Mulanje', 35.6, -16.0], ['Zomba', 35.3, -15.4]], tags: ['tropical', 'developing'] },
  { name: 'Rwanda', bbox: [28.9, -2.8, 30.9, -1.1], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8, places: [['Nyungwe', 29.2, -2.5], ['Kigali', 30.1, -1.95], ['Musanze', 29.6, -1.5]], tags: ['tropical', 'developing'] },
  { name: 'Zambia', bbox: [22.0, -18.1, 33.7, -8.2], region: 'Africa', subregion: 'Eastern Africa', weight: 0.8, places: [['Luangwa', 31.8, -12.5], ['Copperbelt', 28.0, -13.0], ['Lusaka', 28.3, -15.4], ['Kafue', 26.0, -15.0]], tags: ['tropical', 'developing'] },
  { name: 'Zimbabwe', bbox: [25.2, -22.4, 33.1, -15.6], region: 'Africa', subregion: 'Eastern Africa', weight: 0.7, places: [['Kariba', 28.8, -16.7], ['Matabeleland', 28.0, -20.0], ['Manicaland', 32.4, -19.0], ['Hwange', 26.5, -18.6]], tags: ['tropical', 'developing', 'coal'] },
  { name: 'DR Congo', code: 'CD', bbox: [12.2, -13.5, 31.3, 5.4], region: 'Africa', subregion: 'Middle Africa', weight: 0.6, places: [['Mai-Ndombe', 18.5, -2.5], ['Nord-Kivu', 28.7, -0.5], ['Haut-Katanga', 27.5, -10.5], ['Équateur', 19.5, 0.5]], tags: ['tropical', 'developing'] },
  { name: 'South Africa', bbox: [16.5, -34.8, 32.9, -22.1], region: 'Africa', subregion: 'Southern Africa', weight: 0.8, places: [['Limpopo', 29.4, -23.8], ['Eastern Cape', 26.4, -32.3], ['KwaZulu-Natal', 30.9, -28.5], ['Mpumalanga', 30.0, -25.8], ['Northern Cape', 21.9, -29.0]], tags: ['developing', 'coal'] },
  { name: 'Morocco', bbox: [-13.2, 27.7, -1.0, 35.9], region: 'Africa', subregion: 'Northern Africa', weight: 0.4, places: [['Ouarzazate', -6.9, 30.9], ['Tarfaya', -12.9, 27.9], ['Souss', -9.0, 30.4], ['Middle Atlas', -5.0, 33.3]], tags: ['developing'] },
  { name: 'Egypt', bbox: [24.7, 22.0, 36.9, 31.7], region: 'Africa', subregion: 'Northern Africa', weight: 0.4, places: [['Zafarana', 32.6, 29.1], ['Benban', 32.7, 24.4], ['Gulf of Suez', 32.8, 29.0], ['Nile Delta', 31.0, 30.8]], tags: ['developing'] },
  { name: 'Bolivia', bbox: [-69.6, -22.9, -57.5, -9.7], region: 'Americas', subregion: 'South America', weight: 0.5, places: [['Beni', -65.0, -14.5], ['Santa Cruz', -61.5, -17.5], ['Pando', -67.5, -11.2], ['Cochabamba', -65.5, -17.4]], tags: ['tropical', 'developing'] },
  { name: 'Argentina', bbox: [-73.6, -55.1, -53.6, -21.8], region: 'Americas', subregion: 'South America', weight: 0.6, places: [['Pampas', -62.0, -35.5], ['Patagonia', -68.0, -45.0], ['Chaco', -60.5, -26.4], ['Misiones', -54.6, -26.9], ['Córdoba', -64.2, -31.4]], tags: ['developing'] },
  { name: 'Uruguay', bbox: [-58.4, -35.0, -53.1, -30.1], region: 'Americas', subregion: 'South America', weight: 0.4, places: [['Tacuarembó', -56.0, -31.7], ['Rivera', -55.5, -30.9], ['Paysandú', -57.5, -32.3]], tags: ['developing'] },
  { name: 'Panama', bbox: [-83.0, 7.2, -77.2, 9.6], region: 'Americas', subregion: 'Central America', weight: 0.4, places: [['Darién', -77.8, 8.4], ['Chiriquí', -82.4, 8.4], ['Veraguas', -81.1, 8.1]], tags: ['tropical', 'developing'] },
  { name: 'Nicaragua', bbox: [-87.7, 10.7, -83.1, 15.0], region: 'Americas', subregion: 'Central America', weight: 0.4, places: [['Bosawás', -85.3, 14.2], ['León', -86.9, 12.4], ['Río San Juan', -84.5, 11.1]], tags: ['tropical', 'developing', 'geothermal'] },
  { name: 'Congo Republic', code: 'CG', bbox: [11.2, -5.0, 18.6, 3.7], region: 'Africa', subregion: 'Middle Africa', weight: 0.3, places: [['Likouala', 17.5, 2.0], ['Sangha', 15.5, 1.5], ['Niari', 12.5, -3.3]], tags: ['tropical', 'developing'] },
  { name: 'Canada', bbox: [-130.0, 42.0, -60.0, 60.0], region: 'Americas', subregion: 'Northern America', weight: 1.2, places: [['Boreal', -95.0, 54.0], ['British Columbia', -124.0, 53.5], ['Alberta', -114.5, 54.5], ['Ontario', -85.0, 50.0], ['Quebec', -72.0, 52.0], ['Great Bear', -128.0, 52.5]], tags: ['industrial'] },
  { name: 'Australia', bbox: [113.3, -43.7, 153.6, -11.0], region: 'Oceania', subregion: 'Australia and New Zealand', weight: 0.8, places: [['Queensland', 144.5, -22.5], ['Murray-Darling', 145.5, -33.5], ['Kimberley', 126.0, -17.0], ['Tasmania', 146.6, -42.0], ['Pilbara', 119.0, -22.0]], tags: ['industrial', 'coal'] },
  { name: 'Papua New Guinea', bbox: [141.0, -10.7, 156.0, -2.6], region: 'Oceania', subregion: 'Melanesia', weight: 0.3, places: [['April Salumei', 142.5, -4.3], ['Sepik', 143.0, -4.0], ['New Britain', 151.0, -5.7], ['Western Province', 141.8, -7.5]], tags: ['tropical', 'developing'] },
  { name: 'Philippines', bbox: [117.2, 5.6, 126.6, 18.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.6, places: [['Mindanao', 125.0, 7.5], ['Luzon', 121.0, 16.0], ['Visayas', 123.5, 10.8], ['Palawan', 118.7, 9.8]], tags: ['tropical', 'developing', 'rice', 'geothermal'] },
  { name: 'Myanmar', bbox: [92.2, 9.8, 101.2, 28.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.4, places: [['Ayeyarwady', 95.0, 17.0], ['Shan', 97.5, 21.5], ['Tanintharyi', 98.8, 12.5]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Lao PDR', code: 'LA', bbox: [100.1, 13.9, 107.7, 22.5], region: 'Asia', subregion: 'South-eastern Asia', weight: 0.4, places: [['Luang Prabang', 102.1, 19.9], ['Savannakhet', 105.6, 16.6], ['Champasak', 105.9, 14.9]], tags: ['tropical', 'developing', 'rice'] },
  { name: 'Nepal', bbox: [80.1, 26.4, 88.2, 30.4], region: 'Asia', subregion: 'Southern Asia', weight: 0.5, places: [['Terai', 84.0, 27.0], ['Chitwan', 84.4, 27.5], ['Kathmandu Valley', 85.3, 27.7]], tags: ['developing', 'rice'] },
  { name: 'Uzbekistan', bbox: [56.0, 37.2, 73.1, 45.6], region: 'Asia', subregion: 'Central Asia', weight: 0.3, places: [['Samarkand', 66.9, 39.6], ['Bukhara', 64.4, 39.8], ['Navoi', 64.5, 41.5]], tags: ['developing'] },
  { name: 'Germany', bbox: [5.9, 47.3, 15.0, 55.1], region: 'Europe', subregion: 'Western Europe', weight: 0.3, places: [['Brandenburg', 13.4, 52.4], ['Bavaria', 11.5, 48.8], ['Lower Saxony', 9.5, 52.6], ['Black Forest', 8.2, 48.2]], tags: ['industrial', 'coal'] },
  { name: 'United Kingdom', bbox: [-5.7, 50.0, 1.7, 58.6], region: 'Europe', subregion: 'Northern Europe', weight: 0.4, places: [['Scottish Highlands', -4.8, 57.3], ['Yorkshire', -1.5, 54.0], ['Wales', -3.7, 52.3], ['Cumbria', -3.0, 54.6]], tags: ['industrial'] },
  { name: 'Iceland', bbox: [-24.5, 63.4, -13.5, 66.5], region: 'Europe', subregion: 'Northern Europe', weight: 0.2, places: [['Hellisheiði', -21.4, 64.04], ['Reykjanes', -22.4, 63.9], ['Hengill', -21.3, 64.1]], tags: ['industrial', 'geothermal'] },
  { name: 'Norway', bbox: [4.6, 58.0, 31.1, 71.0], region: 'Europe', subregion: 'Northern Europe', weight: 0.2, places: [['Telemark', 8.6, 59.4], ['Finnmark', 25.0, 70.0], ['Vestland', 6.0, 60.9]], tags: ['industrial'] },
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
