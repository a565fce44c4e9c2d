/**
 * Text compared as SQLite compares it, for orders built outside SQL that must be SQLite's own. One
 * definition for the service, the cache's query layer and ids sorted outside SQL.
 *
 * - NOCASE folds the ASCII capitals and nothing else (`lower()` the same); BINARY folds nothing.
 * - Both compare UTF-8 bytes, which is code point order. JavaScript's `<` compares UTF-16 code units,
 *   which puts characters past U+FFFF (emoji, rarer CJK ideographs: surrogate pairs) before
 *   U+E000-U+FFFF (full-width forms, private use); these comparisons do not.
 * - NOCASE stops at a NUL both texts share at the same place and lets their byte lengths decide
 *   (SQLite's `sqlite3StrNICmp`): 'a\0b' and 'a\0c' are equal to it.
 */

/** `s` with its ASCII capitals lowered (and nothing else changed). */
export const foldNoCase = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);
const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Two different code units at the same place of two texts, ordered as their characters' code points. */
function unitOrder(x: number, y: number): number {
  // Part of a character past U+FFFF against one of U+E000-U+FFFF: the former is the larger.
  if (isSurrogate(x) !== isSurrogate(y) && (isSurrogate(x) ? y : x) >= 0xe000) return isSurrogate(x) ? 1 : -1;
  return x < y ? -1 : 1;
}

/** Bytes of `s` in UTF-8. */
function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : isSurrogate(c) ? 2 : 3; // a surrogate pair: 4 bytes in all
  }
  return bytes;
}

/** Case-insensitive comparison, as SQLite's NOCASE collation (see the module's comment). */
export function compareNoCase(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = lower(a.charCodeAt(i));
    const y = lower(b.charCodeAt(i));
    if (x !== y) return unitOrder(x, y);
    if (x === 0) return sign(utf8Length(a) - utf8Length(b));
  }
  return sign(a.length - b.length);
}

/** Comparison as SQLite's BINARY collation: code point order. */
export function compareBinary(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitOrder(x, y);
  }
  return sign(a.length - b.length);
}
