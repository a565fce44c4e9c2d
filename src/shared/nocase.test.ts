import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { compareBinary, compareNoCase, foldNoCase } from './nocase';

/** Every pair of these texts compares in JavaScript as SQLite compares it, both collations. */
const TEXTS = [
  '', ' ', 'a', 'A', 'ab', 'aB', 'Ab', 'b', 'Z', 'z', '[', '_', '`', '%', "O'Brien", 'o"brien', 'back\\slash',
  'é', 'É', 'e', 'ß', 'ﬀ', '\u{1F600} grin', '\u{1F600}', '\u{20000}', '\uFF21 wide', '\uFF41', '\uE000 private', '\uFFFD',
  'a\u0000b', 'a\u0000c', 'A\u0000cd', 'a\u0000é', 'a\u0000bc', '\u0000', 'abc\u{1F600}', 'abc\uFF21',
];

const db = new Database(':memory:');
afterAll(() => db.close());
const sqlite = (collation: string) => {
  const st = db.prepare(`SELECT CASE WHEN @a = @b COLLATE ${collation} THEN 0 WHEN @a < @b COLLATE ${collation} THEN -1 ELSE 1 END`).pluck();
  return (a: string, b: string) => st.get({ a, b }) as number;
};

describe('text compared as SQLite compares it', () => {
  it.each([
    ['NOCASE', compareNoCase],
    ['BINARY', compareBinary],
  ] as const)('%s: every pair of odd texts', (collation, compare) => {
    const expected = sqlite(collation);
    const wrong: string[] = [];
    for (const a of TEXTS) for (const b of TEXTS) if (compare(a, b) !== expected(a, b)) wrong.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}: ${compare(a, b)}, SQLite ${expected(a, b)}`);
    expect(wrong).toEqual([]);
  });

  it('folds the ASCII capitals only', () => {
    expect(foldNoCase("ÉCOLE O'Brien ẞ ＡＢ")).toBe("École o'brien ẞ ＡＢ");
    expect(compareNoCase('ÉCOLE', 'école')).not.toBe(0);
    expect(compareNoCase('ACME Air', 'acme air')).toBe(0);
  });
});
