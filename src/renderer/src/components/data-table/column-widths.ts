/**
 * The least width of a row, from the columns' grid tracks ('120px', 'minmax(220px, 2fr)', '1fr').
 * Every row and the header get this min-width, so fr tracks resolve the same in every row and the
 * columns line up whatever each row holds.
 */
const FALLBACK_PX = 80;

export function trackMinPx(track: string): number {
  const t = track.trim();
  const px = /^(\d+(?:\.\d+)?)px$/.exec(t);
  if (px) return Number(px[1]);
  const minmax = /^minmax\(\s*(\d+(?:\.\d+)?)px\s*,/.exec(t);
  if (minmax) return Number(minmax[1]);
  return FALLBACK_PX;
}

export function rowMinWidth(tracks: readonly string[]): number {
  return tracks.reduce((sum, t) => sum + trackMinPx(t), 0);
}
