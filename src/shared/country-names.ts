/**
 * ISO 3166-1 alpha-2 codes for country names as registries, OffsetsDB and the UN write them
 * ("DR Congo", "Congo Republic", "Viet Nam", "Lao PDR", "Bolivia (Plurinational State of)",
 * "St. Lucia", "The Gambia"…). The names come from i18n-iso-countries (its English names and the
 * aliases it lists for each code), plus ALIASES below for the ones it lacks. Two names are the same
 * when they have the same words ignoring case, accents, punctuation, word order, the word "the" and
 * the abbreviations St., Dem. and Rep.; a name with a parenthesis that matches nothing is tried again
 * without it ("Venezuela (Bolivarian Republic of)" is Venezuela). A name that matches two codes
 * (the library lists "Congo" for both Congos) resolves only through ALIASES.
 *
 * A name no rule resolves has no code (null): the caller keeps it as sent and says so.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

/**
 * Names registries and data sets write that i18n-iso-countries does not list (in any spelling the
 * comparison above would match). "Congo" alone is the Republic of the Congo, ISO 3166's short name.
 */
export const ALIASES: Readonly<Record<string, string>> = {
  'DR Congo': 'CD',
  DRC: 'CD',
  'Congo (Kinshasa)': 'CD',
  'Congo, Dem. Rep.': 'CD',
  Zaire: 'CD',
  'Congo Republic': 'CG',
  Congo: 'CG',
  'Congo (Brazzaville)': 'CG',
  'Viet Nam': 'VN',
  'Lao PDR': 'LA',
  Laos: 'LA',
  'Plurinational State of Bolivia': 'BO',
  'Bolivarian Republic of Venezuela': 'VE',
  Swaziland: 'SZ',
  'Kingdom of Eswatini': 'SZ',
  'Cabo Verde': 'CV',
  Burma: 'MM',
  Macedonia: 'MK',
  'Former Yugoslav Republic of Macedonia': 'MK',
  'East Timor': 'TL',
  Syria: 'SY',
  Moldova: 'MD',
  Brunei: 'BN',
  "Democratic People's Republic of Korea": 'KP',
  Micronesia: 'FM',
  'Holy See': 'VA',
  'Vatican City': 'VA',
  'Hong Kong SAR': 'HK',
  Macau: 'MO',
};

const NOT_DECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ı: 'i' };
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', dem: 'democratic', rep: 'republic' };

/** The comparison key of a name: its words, accents and punctuation gone, "the" left out, sorted. */
export function countryNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøæœßđı]/g, (c) => NOT_DECOMPOSED[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '' && w !== 'the')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .sort()
    .join(' ');
}

/** Key -> code; null where the library's names give one key two codes and ALIASES does not decide. */
let byKey: Map<string, string | null> | null = null;
function index(): Map<string, string | null> {
  if (byKey) return byKey;
  byKey = new Map();
  const all = countries.getNames('en', { select: 'all' }) as Record<string, string[]>;
  for (const [code, names] of Object.entries(all)) {
    for (const n of names) {
      const key = countryNameKey(n);
      const seen = byKey.get(key);
      byKey.set(key, seen === undefined || seen === code ? code : null);
    }
  }
  for (const [n, code] of Object.entries(ALIASES)) byKey.set(countryNameKey(n), code);
  return byKey;
}

/** The alpha-2 code of a country name (or of an alpha-2 code given as the name); null when unknown. */
export function countryCodeOf(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const found = index().get(countryNameKey(trimmed));
  if (found !== undefined) return found;
  const bare = trimmed.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  if (bare && bare !== trimmed) return index().get(countryNameKey(bare)) ?? null;
  return null;
}
