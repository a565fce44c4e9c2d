/**
 * ISO 3166-1 alpha-2 codes for the country names of cached projects, from i18n-iso-countries (its
 * official names and aliases), with a normalised comparison for accents, punctuation and word order.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bthe\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .sort()
    .join(' ');

let byNormalisedName: Map<string, string> | null = null;
function index(): Map<string, string> {
  if (byNormalisedName) return byNormalisedName;
  byNormalisedName = new Map();
  const all = countries.getNames('en', { select: 'all' }) as Record<string, string[]>;
  for (const [code, names] of Object.entries(all)) for (const n of names) byNormalisedName.set(normalise(n), code);
  return byNormalisedName;
}

/** The alpha-2 code of a country name (or of a code given as the name), null when unknown. */
export function countryCodeOf(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return countries.getAlpha2Code(trimmed, 'en') ?? index().get(normalise(trimmed)) ?? null;
}
