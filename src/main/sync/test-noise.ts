/**
 * Test helper: a repeatable noise, a value in [-1, 1) for each whole `n` (the classic shader hash),
 * so that a test's swinging page times are the same on every run.
 */
export const swing = (n: number): number => {
  const x = Math.sin(n * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};
