/**
 * Natural order of project ids, as an analyst reads them: ACR-2, ACR-10, ACR-1000 (not ACR-10,
 * ACR-1000, ACR-2). An id is its text before the trailing digits (compared case-insensitively) and
 * the number those digits make; ids with no trailing digits count as number 0, a number past the
 * 64-bit range as the largest one (SQLite's CAST), and equal keys fall back to the id itself. The
 * reference service and the cache order with the same SQL, so their pages agree.
 */
import { foldNoCase } from '../nocase';

const DIGITS = "'0123456789'";

/** The ORDER BY terms of the natural key of `column` (each followed by the sort's direction). */
export function naturalIdOrderTerms(column: string): string[] {
  const prefix = `rtrim(${column}, ${DIGITS})`;
  return [`${prefix} COLLATE NOCASE`, `CAST(substr(${column}, length(${prefix}) + 1) AS INTEGER)`, `${column} COLLATE NOCASE`];
}

const MAX_INT64 = 9223372036854775807n;
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The same order in JavaScript (tests, and anything sorting ids outside SQL). */
export function compareNaturalIds(a: string, b: string): number {
  const split = (id: string): [string, bigint] => {
    const m = /^(.*?)(\d*)$/s.exec(id)!;
    const n = m[2] ? BigInt(m[2]) : 0n;
    return [foldNoCase(m[1]!), n > MAX_INT64 ? MAX_INT64 : n];
  };
  const [pa, na] = split(a);
  const [pb, nb] = split(b);
  return compareCodeUnits(pa, pb) || (na < nb ? -1 : na > nb ? 1 : 0) || compareCodeUnits(foldNoCase(a), foldNoCase(b));
}
