/**
 * Choropleth of a quantity per country (credits issued): quantile class breaks over the non-zero
 * values, a sequential palette per theme, and ISO 3166-1 alpha-2 -> numeric codes to match the
 * Natural Earth outlines (whose feature ids are numeric codes).
 */
import countries from 'i18n-iso-countries';
import type { MapTheme } from './risk-levels';

const PALETTE: Record<MapTheme, string[]> = {
  light: ['#d8efe3', '#a6d9bf', '#6bbf97', '#2f9c6e', '#136b47'],
  dark: ['#1d3a2e', '#24573f', '#2f7a55', '#3ea36f', '#6fd39b'],
};
export const CHOROPLETH_CLASSES = PALETTE.light.length;

/** Upper bounds of each class (ascending, the last is the maximum); empty when no value is > 0. */
export function classBreaks(values: readonly number[], classes = CHOROPLETH_CLASSES): number[] {
  const sorted = values.filter((v) => Number.isFinite(v) && v > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const breaks: number[] = [];
  for (let i = 1; i <= classes; i++) {
    const at = Math.min(sorted.length - 1, Math.ceil((i / classes) * sorted.length) - 1);
    const b = sorted[at]!;
    if (breaks.length === 0 || b > breaks[breaks.length - 1]!) breaks.push(b);
  }
  return breaks;
}

/** The class of a value: -1 for no data / zero, else the index of the first break >= value. */
export function classOf(value: number | undefined, breaks: readonly number[]): number {
  if (value === undefined || !Number.isFinite(value) || value <= 0 || breaks.length === 0) return -1;
  const i = breaks.findIndex((b) => value <= b);
  return i === -1 ? breaks.length - 1 : i;
}

/** Colour of class `index` out of `count` classes (spread over the palette). */
export function classColour(index: number, count: number, theme: MapTheme): string {
  const palette = PALETTE[theme];
  if (count <= 1) return palette[palette.length - 1]!;
  return palette[Math.round((index / (count - 1)) * (palette.length - 1))]!;
}

/** ISO alpha-2 -> the zero-padded numeric code Natural Earth / world-atlas use as feature id. */
export function numericCodeOf(alpha2: string): string | null {
  return countries.alpha2ToNumeric(alpha2.toUpperCase()) ?? null;
}

/** Numeric feature id -> alpha-2 (for clicks on the map). */
export function alpha2OfNumeric(numeric: string | number | undefined): string | null {
  if (numeric === undefined) return null;
  return countries.numericToAlpha2(String(numeric).padStart(3, '0')) ?? null;
}
