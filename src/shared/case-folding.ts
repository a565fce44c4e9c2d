/**
 * The one rule for text that matches and sorts "ignoring case" (docs/text-matching.md), used by the
 * reference service, the cache's SQLite queries (as the SQL function `fold`) and the analytical
 * copy (its key columns are folded here, never by DuckDB's own `lower()`):
 *
 * - Every character is replaced by its Unicode simple lowercase mapping, as PostgreSQL's `lower()`
 *   does under a UTF-8 locale: `RUBIM PRODUÇÕES` folds to `rubim produções`, `TÜRKIYE` to
 *   `türkiye`, `İ` to `i`. Nothing else changes: accents stay (`é` never matches `e`), `ß` stays,
 *   a final capital sigma folds to `σ` like any other.
 * - Folded texts compare by code point (UTF-8 byte order, SQLite's BINARY and DuckDB's VARCHAR
 *   order), not by JavaScript's UTF-16 code units.
 */

/** Whether every character of `s` is ASCII (U+0000-U+007F). */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** `s` folded for matching and sorting (see the module's comment). */
export function foldCase(s: string): string {
  if (isAscii(s)) return s.toLowerCase();
  let out = '';
  // Per character: a whole-string toLowerCase applies context rules (final sigma) and the full
  // mapping of U+0130 (two characters); the simple mapping of U+0130 is `i`.
  for (const ch of s) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Two texts in code point order (what SQLite's BINARY collation and DuckDB do with UTF-8). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Part of a character past U+FFFF against one of U+E000-U+FFFF: the former is the larger.
    if (isSurrogate(x) !== isSurrogate(y) && (isSurrogate(x) ? y : x) >= 0xe000) return isSurrogate(x) ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return sign(a.length - b.length);
}

/** Two texts ignoring case: their folds in code point order. */
export const compareFolded = (a: string, b: string): number => compareCodePoints(foldCase(a), foldCase(b));

/** Whether `haystack` contains `needle` ignoring case (an empty needle is contained in everything). */
export const containsFolded = (haystack: string, needle: string): boolean => foldCase(haystack).includes(foldCase(needle));

/**
 * A text value as a name: surrounding white space (JavaScript's `trim`) removed, null when nothing
 * is left. Beneficiaries as written carry stray spaces and line breaks; a blank name names nobody.
 */
export const cleanText = (s: string | null | undefined): string | null => {
  if (s === null || s === undefined) return null;
  const t = s.trim();
  return t === '' ? null : t;
};

/**
 * The text rules as SQL functions, for every SQLite connection that queries text (the cache's and
 * the reference service's): `fold(x)` is foldCase, `clean_text(x)` is cleanText; other values pass
 * through unchanged. Register each as deterministic (`db.function(name, { deterministic: true }, fn)`).
 */
export const SQL_TEXT_FUNCTIONS = {
  fold: (x: unknown): unknown => (typeof x === 'string' ? foldCase(x) : x),
  clean_text: (x: unknown): unknown => (typeof x === 'string' ? cleanText(x) : x),
} as const;
