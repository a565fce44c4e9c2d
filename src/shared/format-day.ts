/**
 * A calendar day as the app writes it everywhere ("1 Mar 2014"), for text both sides produce: the
 * back end's explanations ("checked on 1 Dec 2026") read like the screens around them. Takes an
 * ISO date or datetime and keeps its calendar date as written (no time-zone shift); other text is
 * returned as it came.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month || Number(m[3]) < 1 || Number(m[3]) > 31) return iso;
  return `${Number(m[3])} ${month} ${m[1]}`;
}
