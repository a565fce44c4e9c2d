/**
 * Strings that break naive text handling, as registry exports contain them: right-to-left
 * scripts, emoji and characters outside the Basic Multilingual Plane, combining marks, zero-width
 * and bidirectional control characters, quotes, `%`, `_`, backslashes, tabs and line breaks,
 * leading and trailing spaces, and very long values.
 */
import type { Rng } from '../generator/rng';

export const ODD_NAMES: readonly string[] = [
  'مشروع حماية غابات الأمازون',
  'פרויקט אנרגיית רוח בנגב',
  '🌳 Rainforest Guardians 🌍 Project',
  'Solar ☀️ Villages — Phase 2',
  'N\u0303andu\u0301 Grasslands Restoration',
  'Ca\u0300 Mau Mangroves',
  'Zero\u200bWidth\u200dForest Project',
  '"Quoted" \'Single\' Forest 100% Pure_Offset',
  'Lac Télé – 泥炭地 – Peatland',
  '𝔊𝔬𝔱𝔥𝔦𝔠 Carbon Storage',
  '\u202eorbyH desreveR\u202c Project',
  '  Padded Name With Spaces  ',
  'Back\\slash\\path Hydro',
  'Tab\tSeparated\tWind Farm',
  'Line one\nLine two Cookstoves',
  'Σ Ελληνικά Biochar Έργο',
  '日本語の森林プロジェクト',
  'Ünïcödé Çhåräctérs Wîth Äccents',
  'Reserva Ñuble — Conservação da Mata Atlântica',
  'Łódź Ciepłownia Biogaz Żerań',
];

export const ODD_BUYERS: readonly string[] = [
  'Société Générale ☘️ "Net-Zero" 100% Fund',
  'شركة الطيران الوطنية',
  'Zürich Versicherungs-Gesellschaft AG',
  '株式会社カーボンニュートラル',
  'O\u0308ko\u0308strom eG',
  'Tab\tand%Percent_Co',
  'RUBIM PRODUÇÕES LTDA',
  'Nestlé España S.A.',
];

export const ODD_NOTES: readonly string[] = [
  'Retired for FY2024 — 100% of scope 1 & 2 ("market-based")',
  'Line one\nLine two\r\nLine three',
  'Ref: C:\\reports\\2024\\%TEMP%\\_final',
  'تقاعد نيابة عن العملاء',
  '🚀 Offsetting launch emissions 🌱',
  '=1+1 looks like a formula',
  '\u200b',
  'Compensação voluntária — Ñuble, São Paulo, Łódź',
];

/**
 * Project countries as other registries write them: no ISO code (`Global`), or another spelling of
 * a country the market already has ("Congo, The Democratic Republic of the" for DR Congo), so one
 * country is written several ways.
 */
export const ODD_COUNTRIES: readonly string[] = [
  "Côte d'Ivoire", 'Global', 'Multiple countries', 'Congo (Kinshasa)', 'Türkiye', 'Cote d\u2019Ivoire', 'Turkey', 'Vietnam',
  "Lao People's Democratic Republic", 'Congo, The Democratic Republic of the', 'Republic of the Congo',
];

const LONG_WORDS = ['Community', 'Forest', 'Conservation', 'and', 'Sustainable', 'Livelihoods', 'Programme', 'for', 'the', 'Northern', 'Highlands', 'Watershed', 'Restoration', 'Initiative'];

/** A long string (300 to 2,000 characters) made of words. */
export function longText(rng: Rng): string {
  const target = rng.int(300, 2000);
  let s = '';
  while (s.length < target) s += `${s ? ' ' : ''}${rng.pick(LONG_WORDS)}`;
  return s;
}
