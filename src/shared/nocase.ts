/**
 * Text compared as SQLite's NOCASE collation and lower() compare it: ASCII letters folded, every
 * other character as it is, then code unit order. One definition for the service, the cache's query
 * layer and ids sorted outside SQL.
 */

/** `s` with its ASCII capitals lowered (and nothing else changed). */
export const foldNoCase = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Case-insensitive comparison (ASCII letters, as NOCASE). */
export function compareNoCase(a: string, b: string): number {
  const fa = foldNoCase(a);
  const fb = foldNoCase(b);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}
