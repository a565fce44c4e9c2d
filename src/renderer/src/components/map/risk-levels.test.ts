import { describe, expect, it } from 'vitest';
import { RISK_KEYS, riskColour, toRiskKey } from './risk-levels';

describe('risk levels', () => {
  it('reads the spec values and loose spellings, everything else as unknown', () => {
    expect(toRiskKey('VERY_LOW')).toBe('VERY_LOW');
    expect(toRiskKey(' very low ')).toBe('VERY_LOW');
    expect(toRiskKey('medium')).toBe('MEDIUM');
    expect(toRiskKey('extreme')).toBe('UNKNOWN');
    expect(toRiskKey(null)).toBe('UNKNOWN');
  });

  it('gives every level its own colour in each theme', () => {
    for (const theme of ['light', 'dark'] as const) {
      const colours = RISK_KEYS.map((k) => riskColour(k, theme));
      expect(new Set(colours).size).toBe(RISK_KEYS.length);
    }
  });
});
