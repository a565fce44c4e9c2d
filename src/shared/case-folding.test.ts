import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { compareCodePoints, compareFolded, containsFolded, foldCase } from './case-folding';

describe('case folding', () => {
  it('folds every letter to its simple lowercase, accents kept', () => {
    expect(foldCase('RUBIM PRODUÇÕES')).toBe('rubim produções');
    expect(foldCase('TÜRKIYE')).toBe('türkiye');
    expect(foldCase('SOCIÉTÉ GÉNÉRALE')).toBe('société générale');
    expect(foldCase('ÑUBLE')).toBe('ñuble');
    expect(foldCase('ŁÓDŹ')).toBe('łódź');
    expect(foldCase('ΣΑΣ')).toBe('σασ');
    expect(foldCase('İSTANBUL')).toBe('istanbul');
    expect(foldCase('\u212A')).toBe('k');
    expect(foldCase('STRAẞE')).toBe('straße');
    expect(foldCase("O'Brien 100% a_b")).toBe("o'brien 100% a_b");
    expect(foldCase('')).toBe('');
  });

  it('never removes accents or expands letters', () => {
    expect(foldCase('é')).not.toBe(foldCase('e'));
    expect(foldCase('ß')).toBe('ß');
    expect(foldCase('ﬀ')).toBe('ﬀ');
    for (const s of ['Produções', 'Ōsaka', '東京', '\u{1F600}', 'a\u0000B']) expect([...foldCase(s)]).toHaveLength([...s].length);
  });

  it('matches substrings in any case', () => {
    expect(containsFolded('Rubim Produções Ltda', 'PRODUÇÕES')).toBe(true);
    expect(containsFolded('Rubim Produções Ltda', 'producoes')).toBe(false);
    expect(containsFolded('anything', '')).toBe(true);
  });
});

const ODD = [
  '', ' ', 'a', 'A', 'ab', 'aB', 'b', 'Z', 'z', '[', '_', '`', '%', "O'Brien", 'é', 'É', 'e', 'ß', 'ﬀ', '\u{1F600} grin', '\u{1F600}',
  '\u{20000}', '\uFF21 wide', '\uFF41', '\uE000 private', '\uFFFD', 'a\u0000b', 'a\u0000c', 'abc\u{1F600}', 'abc\uFF21',
];

describe('code point order is SQLite BINARY order', () => {
  const db = new Database(':memory:');
  afterAll(() => db.close());
  const binary = db.prepare('SELECT CASE WHEN @a = @b THEN 0 WHEN @a < @b THEN -1 ELSE 1 END').pluck();

  it('every pair of odd texts', () => {
    const wrong: string[] = [];
    for (const a of ODD) for (const b of ODD) if (compareCodePoints(a, b) !== binary.get({ a, b })) wrong.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    expect(wrong).toEqual([]);
  });

  it('a folded comparison equals the SQL function fold compared by BINARY', () => {
    db.function('fold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? foldCase(s) : s));
    const folded = db.prepare('SELECT CASE WHEN fold(@a) = fold(@b) THEN 0 WHEN fold(@a) < fold(@b) THEN -1 ELSE 1 END').pluck();
    for (const a of ODD) for (const b of ODD) expect(compareFolded(a, b)).toBe(folded.get({ a, b }));
  });
});
