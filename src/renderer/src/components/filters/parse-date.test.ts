import { describe, expect, it } from 'vitest';
import { parseUserDate } from './parse-date';

describe('parseUserDate', () => {
  it("reads the app's format, its long and month-first spellings, and ISO", () => {
    for (const text of ['1 Mar 2014', '01 mar 2014', '1 March 2014', 'Mar 1, 2014', 'march 1 2014', '1-Mar-2014', '2014 Mar 1', '2014-03-01', '2014-3-1', '  1 Mar 2014 ']) {
      expect(parseUserDate(text)).toEqual({ iso: '2014-03-01' });
    }
    expect(parseUserDate('29 Feb 2024')).toEqual({ iso: '2024-02-29' });
    expect(parseUserDate('30 Sept 2020')).toEqual({ iso: '2020-09-30' });
  });

  it('is empty for empty text', () => {
    expect(parseUserDate('')).toBeNull();
    expect(parseUserDate('   ')).toBeNull();
  });

  it('refuses days that do not exist, numeric orders that read two ways, and words that are not months', () => {
    expect(parseUserDate('29 Feb 2023')).toEqual({ error: '"29 Feb 2023" is not a day of the calendar' });
    expect(parseUserDate('2014-02-30')).toEqual({ error: '"2014-02-30" is not a day of the calendar' });
    expect(parseUserDate('2014-13-01')).toEqual({ error: '"2014-13-01" is not a day of the calendar' });
    expect(parseUserDate('01/03/2014')).toEqual({ error: '"01/03/2014" could be read two ways: write the month as a word (1 Mar 2014) or as 2014-03-01' });
    expect(parseUserDate('1 Marble 2014')).toEqual({ error: '"1 Marble 2014" is not a date: write it as 1 Mar 2014 or 2014-03-01' });
    expect(parseUserDate('1 Mar 14')).toEqual({ error: '"1 Mar 14" is not a date: write it as 1 Mar 2014 or 2014-03-01' });
    expect(parseUserDate('yesterday')).toMatchObject({ error: expect.stringContaining('is not a date') });
  });
});
