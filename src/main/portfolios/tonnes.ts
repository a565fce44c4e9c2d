/** Tonnes in a sentence: thousands separated, fractions kept to three places. */
export const fmt = (t: number): string => t.toLocaleString('en-US', { maximumFractionDigits: 3 });
