import { describe, expect, it } from 'vitest';
import { formatDay } from './format-day';

describe('formatDay', () => {
  it('writes a date or datetime as the app does, keeping the calendar date written', () => {
    expect(formatDay('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDay('2014-03-01T23:59:59.000Z')).toBe('1 Mar 2014');
    expect(formatDay('2020-10-31T00:00:00+14:00')).toBe('31 Oct 2020');
  });
  it('returns other text as it came', () => {
    expect(formatDay('an earlier sync')).toBe('an earlier sync');
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
    expect(formatDay('2026-01-00')).toBe('2026-01-00');
    expect(formatDay('20261201')).toBe('20261201');
  });
});
