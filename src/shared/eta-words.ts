/**
 * A time left in words, rounded as coarsely as an estimate deserves (the sync's ETA aims at a
 * quarter of the time left): under 10 s "less than 10 s"; under a minute, to 10 s ("about 40 s");
 * under an hour, to the minute ("about 2 min"); beyond, to 5 minutes ("about 1 h 5 min").
 */
export function etaWords(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 10) return 'less than 10 s';
  // 55 s and more round to a minute (as "about 60 s" would).
  if (s < 55) return `about ${Math.round(s / 10) * 10} s`;
  // 59 min 30 s and more round to an hour.
  if (s < 3570) return `about ${Math.round(s / 60)} min`;
  const minutes = Math.round(s / 300) * 5;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `about ${h} h${m ? ` ${m} min` : ''}`;
}
