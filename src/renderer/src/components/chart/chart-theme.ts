/**
 * The two ECharts themes (light, dark) built from the app's design tokens, and fixed colours per
 * market category so a category reads the same in every chart of the app.
 */
import type { ResolvedTheme } from '../../stores/theme';

export const CHART_THEME_NAME: Record<ResolvedTheme, string> = { light: 'carbon-light', dark: 'carbon-dark' };

/** One colour per known category, readable on both backgrounds. */
export const CATEGORY_COLORS: Record<string, string> = {
  forest: '#2f9c74',
  'renewable-energy': '#e0a526',
  'ghg-management': '#7b61c9',
  'energy-efficiency': '#3b82c4',
  'fuel-switching': '#d9653b',
  agriculture: '#8fb339',
  'land-use': '#a07b4f',
  'biomass-cdr': '#4fb3a9',
  'carbon-capture': '#5d6b7a',
  'air-capture': '#c2549d',
  'alkalinity-cdr': '#35a2d8',
  unknown: '#9aa5b1',
};
export const categoryColor = (category: string): string => CATEGORY_COLORS[category] ?? '#9aa5b1';

/** Issuance (supply) and retirement (demand) colours, used by every supply/demand chart. */
export const FLOW_COLORS = { issued: '#3b82c4', retired: '#2f9c74', unretired: '#e0a526', cancelled: '#b3261e' } as const;

const PALETTE = ['#2f9c74', '#3b82c4', '#e0a526', '#7b61c9', '#d9653b', '#4fb3a9', '#c2549d', '#8fb339', '#5d6b7a', '#35a2d8'];

interface Tokens {
  text: string;
  text2: string;
  border: string;
  surface: string;
  grid: string;
}
const TOKENS: Record<ResolvedTheme, Tokens> = {
  light: { text: '#1b2430', text2: '#5b6777', border: '#dde1e7', surface: '#ffffff', grid: '#eef0f3' },
  dark: { text: '#e3e9ee', text2: '#93a1ae', border: '#2a3540', surface: '#161d23', grid: '#232d36' },
};

const axis = (t: Tokens) => ({
  axisLine: { lineStyle: { color: t.border } },
  axisTick: { lineStyle: { color: t.border } },
  axisLabel: { color: t.text2 },
  splitLine: { lineStyle: { color: t.grid } },
  nameTextStyle: { color: t.text2 },
});

/** The ECharts theme object for one resolved theme. */
export function chartTheme(theme: ResolvedTheme): Record<string, unknown> {
  const t = TOKENS[theme];
  return {
    color: PALETTE,
    backgroundColor: 'transparent',
    textStyle: { color: t.text, fontFamily: "'Inter', 'Segoe UI', system-ui, sans-serif" },
    title: { textStyle: { color: t.text }, subtextStyle: { color: t.text2 } },
    legend: { textStyle: { color: t.text2 }, pageTextStyle: { color: t.text2 }, inactiveColor: t.border },
    tooltip: {
      backgroundColor: t.surface,
      borderColor: t.border,
      textStyle: { color: t.text },
      axisPointer: { lineStyle: { color: t.text2 }, crossStyle: { color: t.text2 }, shadowStyle: { color: theme === 'dark' ? 'rgba(255,255,255,0.05)' : 'rgba(0,0,0,0.04)' } },
    },
    categoryAxis: axis(t),
    valueAxis: axis(t),
    timeAxis: axis(t),
    logAxis: axis(t),
    dataZoom: { textStyle: { color: t.text2 }, borderColor: t.border, fillerColor: theme === 'dark' ? 'rgba(63,181,138,0.15)' : 'rgba(31,122,90,0.12)' },
  };
}
