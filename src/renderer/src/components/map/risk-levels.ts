/** Satellite risk levels and the colours boundaries are drawn in, per theme. */
import { RISK_LEVELS, type RiskLevel } from '../../../../shared/api/values';

export type MapTheme = 'light' | 'dark';
export type RiskKey = RiskLevel | 'UNKNOWN';

export const RISK_KEYS: readonly RiskKey[] = [...RISK_LEVELS, 'UNKNOWN'];

export const RISK_LABELS: Record<RiskKey, string> = {
  VERY_LOW: 'Very low',
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  UNKNOWN: 'No rating',
};

const RISK_COLOURS: Record<MapTheme, Record<RiskKey, string>> = {
  light: { VERY_LOW: '#1a9850', LOW: '#7cb342', MEDIUM: '#f39c12', HIGH: '#d73027', UNKNOWN: '#8a94a0' },
  dark: { VERY_LOW: '#3fc07a', LOW: '#a5d65a', MEDIUM: '#f7b955', HIGH: '#ff6b5e', UNKNOWN: '#8f9ba7' },
};

/** Reads a risk level from any value (case-insensitive, spaces or dashes allowed); unknown otherwise. */
export function toRiskKey(value: unknown): RiskKey {
  if (typeof value !== 'string') return 'UNKNOWN';
  const v = value.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return (RISK_LEVELS as readonly string[]).includes(v) ? (v as RiskLevel) : 'UNKNOWN';
}

export function riskColour(level: unknown, theme: MapTheme): string {
  return RISK_COLOURS[theme][toRiskKey(level)];
}
