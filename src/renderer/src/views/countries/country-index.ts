/** The country index: sort, search and the choropleth values (per ISO alpha-2) from cached projects. */
import type { CountryIndexEntry } from '../../../../shared/contract';
import { formatNumber } from '../../components/format';

export const INDEX_METRICS = ['issued', 'retired', 'projects'] as const;
export type IndexMetric = (typeof INDEX_METRICS)[number];
export const METRIC_LABELS: Record<IndexMetric, string> = { issued: 'Credits issued', retired: 'Credits retired', projects: 'Projects' };

export const INDEX_SORTS = ['country', 'projects', 'issued', 'retired'] as const;
export type IndexSort = (typeof INDEX_SORTS)[number];

/** Parses `sort` like "-issued"; anything unknown falls back to the most credits issued first. */
export function readIndexSort(value: string | null): { field: IndexSort; descending: boolean } {
  const descending = value ? value.startsWith('-') : true;
  const field = (value ?? '-issued').replace(/^[+-]/, '');
  return (INDEX_SORTS as readonly string[]).includes(field) ? { field: field as IndexSort, descending } : { field: 'issued', descending: true };
}

export function sortCountries(rows: readonly CountryIndexEntry[], field: IndexSort, descending: boolean): CountryIndexEntry[] {
  const dir = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const c = field === 'country' ? a.country.localeCompare(b.country, undefined, { sensitivity: 'base' }) : a[field] - b[field];
    return c * dir || a.country.localeCompare(b.country);
  });
}

/** Case-insensitive substring of the name or the code. */
export function searchCountries(rows: readonly CountryIndexEntry[], query: string): CountryIndexEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((r) => r.country.toLowerCase().includes(q) || (r.country_code ?? '').toLowerCase() === q);
}

/** Values per alpha-2 code for the map; countries without a code (not recognised) are left out. */
export function choroplethValues(rows: readonly CountryIndexEntry[], metric: IndexMetric): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) if (r.country_code) out[r.country_code.toUpperCase()] = (out[r.country_code.toUpperCase()] ?? 0) + r[metric];
  return out;
}

/**
 * Where a country's risk score stands among the cached profiles' scores. The service sends the
 * score without a scale or a direction, so the only true reading is a comparison: how many of
 * the other countries score lower, and the range they span.
 */
export function riskScoreStanding(code: string, rows: readonly CountryIndexEntry[]): string | null {
  const own = rows.find((r) => r.country_code?.toUpperCase() === code.toUpperCase())?.country_risk_score;
  if (own === null || own === undefined) return null;
  const others = rows.filter((r) => r.country_code?.toUpperCase() !== code.toUpperCase() && r.country_risk_score !== null).map((r) => r.country_risk_score!);
  const scale = 'The service gives this score without a scale or a direction; compare it with other countries.';
  if (others.length === 0) return `No other country with a profile has a score to compare it with. ${scale}`;
  const lower = others.filter((s) => s < own).length;
  const all = [own, ...others];
  return `Higher than ${formatNumber(lower)} of the ${formatNumber(others.length)} other countries with a profile, whose scores run from ${formatNumber(Math.min(...all))} to ${formatNumber(Math.max(...all))}. ${scale}`;
}
