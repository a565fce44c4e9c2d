/**
 * A calendar date as a user types it, read liberally and kept exactly: the app's own format
 * ("1 Mar 2014", "1 March 2014", "Mar 1, 2014") and ISO ("2014-03-01") are accepted; a purely
 * numeric day/month order ("01/03/2014") is refused, because it reads as 1 March in some countries
 * and 3 January in others. Every answer is an existing calendar day, kept as YYYY-MM-DD.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export type ParsedDate = { iso: string } | { error: string };

/** The month a word names (its first three letters: "Sept", "September" and "sep." all read as September), or null. */
function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const i = MONTHS.indexOf(w.slice(0, 3));
  if (i < 0) return null;
  // the rest must continue the month's name (no "Marble")
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][i]!;
  return full.startsWith(w) || (i === 8 && w === 'sept') ? i + 1 : null;
}

function dayOf(year: number, month: number, day: number, written: string): ParsedDate {
  if (year < 1000 || year > 9999) return { error: `"${written}": the year needs four digits` };
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return { error: `"${written}" is not a day of the calendar` };
  }
  return { iso: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** null for empty text (no date); else the date, or why the text is not one. */
export function parseUserDate(text: string): ParsedDate | null {
  const written = text.trim();
  if (written === '') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(written);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]), written);
  const parts = written.split(/[\s,/.-]+/).filter(Boolean);
  if (parts.length === 3) {
    const [a, b, c] = parts as [string, string, string];
    // 1 Mar 2014
    const dayFirst = /^\d{1,2}$/.test(a) && monthOf(b) && /^\d{4}$/.test(c);
    if (dayFirst) return dayOf(Number(c), monthOf(b)!, Number(a), written);
    // Mar 1 2014, March 1, 2014
    const monthFirst = monthOf(a) && /^\d{1,2}$/.test(b) && /^\d{4}$/.test(c);
    if (monthFirst) return dayOf(Number(c), monthOf(a)!, Number(b), written);
    // 2014 Mar 1
    const yearFirst = /^\d{4}$/.test(a) && monthOf(b) && /^\d{1,2}$/.test(c);
    if (yearFirst) return dayOf(Number(a), monthOf(b)!, Number(c), written);
    if (parts.every((p) => /^\d+$/.test(p))) {
      return { error: `"${written}" could be read two ways: write the month as a word (1 Mar 2014) or as 2014-03-01` };
    }
  }
  return { error: `"${written}" is not a date: write it as 1 Mar 2014 or 2014-03-01` };
}
