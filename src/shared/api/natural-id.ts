/**
 * Natural order of project ids, as an analyst reads them: ACR-2, ACR-10, ACR-1000 (not ACR-10,
 * ACR-1000, ACR-2). An id is its text before the trailing digits (compared ignoring case, by the
 * folding rule of ../case-folding.ts) and the number those digits make; ids with no trailing digits
 * count as number 0, a number past the 64-bit range as the largest one (SQLite's CAST), and equal
 * keys fall back to the folded id. The reference service and the cache's SQLite queries order with
 * the same SQL (the SQL function `fold`); the analytical copy stores the same keys (naturalIdKey).
 */
import { compareCodePoints, foldCase } from '../case-folding';

const DIGITS = "'0123456789'";

/** The ORDER BY terms of the natural key of `column` (each followed by the sort's direction), for SQLite. */
export function naturalIdOrderTerms(column: string): string[] {
  const prefix = `rtrim(${column}, ${DIGITS})`;
  return [`fold(${prefix})`, `CAST(substr(${column}, length(${prefix}) + 1) AS INTEGER)`, `fold(${column})`];
}

const MAX_INT64 = 9223372036854775807n;

/** The natural key of an id: its folded prefix, the number of its trailing digits (clamped to 64 bits), its folded self. */
export function naturalIdKey(id: string): { prefix: string; number: bigint; id: string } {
  const m = /^(.*?)(\d*)$/s.exec(id)!;
  const n = m[2] ? BigInt(m[2]) : 0n;
  return { prefix: foldCase(m[1]!), number: n > MAX_INT64 ? MAX_INT64 : n, id: foldCase(id) };
}

/** The same order in JavaScript (tests, and anything sorting ids outside SQL). */
export function compareNaturalIds(a: string, b: string): number {
  const ka = naturalIdKey(a);
  const kb = naturalIdKey(b);
  return compareCodePoints(ka.prefix, kb.prefix) || (ka.number < kb.number ? -1 : ka.number > kb.number ? 1 : 0) || compareCodePoints(ka.id, kb.id);
}
