/**
 * How a list's page time grows with the page's number. A listing paged by number (`current_page`, as
 * the service's spec has it) often costs more the further it goes: the server skips every row before
 * the page. The reference service's projects at ten times the default market took about 80 ms a page
 * at the 100th and 200 ms at the 550th, in every run; a pace timed over the latest pages lags that,
 * and counts the pages left at the pace of pages already behind: the projects' time left read about
 * half of what it was, and the run's 10–31% short, for their first quarter.
 *
 * The trend is fitted over the job's flow (its time without its pauses, against its pages): time as a
 * quadratic in pages, whose growth (γ, seconds per page per page, half the page time's slope) adds
 * γ × left × (left + window) to the pages left at the window's pace: the window's pace is the page time
 * half a window back, and each page after this one costs more by the slope. Only a growth counts (a
 * list whose pages get faster is counted at its window's pace), and only over TREND_MIN_PAGES pages.
 */

/** The flow of a list since its filling: its pages and its flow's milliseconds at each step. */
export interface PageTrend {
  /** Pages (of the job in this run) from which its steps are marked: past its pipeline's filling. */
  fromPages: number;
  /** Pages between two marks at the least: doubled whenever the marks would pass TREND_MAX_MARKS, so they stay even. */
  spacing: number;
  marks: Array<{ pages: number; ms: number }>;
  /** The growth fitted over the marks (the ETA asks for it more often than steps come). */
  fitted?: number;
}

/** Pages a trend is fitted over at the least (below it, page times are too few to say). */
export const TREND_MIN_PAGES = 100;
/** Marks kept at most: beyond, their spacing doubles (the fit needs the curve, not every step). */
const TREND_MAX_MARKS = 400;
/** Marks fitted over at the least. */
const TREND_MIN_MARKS = 20;

export const pageTrend = (fromPages: number): PageTrend => ({ fromPages, spacing: 1, marks: [] });

/** Marks a step: the job's pages so far and its flow's milliseconds (its pauses left out). */
export function markPages(trend: PageTrend, pages: number, ms: number): void {
  const last = trend.marks[trend.marks.length - 1];
  if (pages < trend.fromPages || (last && pages - last.pages < trend.spacing)) return;
  trend.marks.push({ pages, ms });
  if (trend.marks.length > TREND_MAX_MARKS) {
    trend.spacing *= 2;
    let kept = trend.marks[0]!;
    trend.marks = trend.marks.filter((k, i) => (i === 0 || k.pages - kept.pages >= trend.spacing ? ((kept = k), true) : false));
  }
  trend.fitted = undefined;
}

/**
 * The growth of the page time (seconds per page per page, halved: γ in time = α + β·pages + γ·pages²),
 * fitted by least squares over the marks, and over each half of them: the least of the three. A trend
 * grows throughout; a slow stretch, now or past, does not (the default market's credits slowed for a
 * third of a second about their 500th page: fitted over all their pages so far, that read 13 s left for
 * 8.5). 0 when too few marks, or when the pages do not get slower.
 */
export function pageGrowth(trend: PageTrend): number {
  if (trend.fitted === undefined) {
    const m = trend.marks;
    const half = m.length ? (m[0]!.pages + m[m.length - 1]!.pages) / 2 : 0;
    trend.fitted = Math.min(fit(m, TREND_MIN_PAGES), fit(m.filter((k) => k.pages <= half), TREND_MIN_PAGES / 2), fit(m.filter((k) => k.pages >= half), TREND_MIN_PAGES / 2));
  }
  return trend.fitted;
}

function fit(m: PageTrend['marks'], minPages: number): number {
  if (m.length < TREND_MIN_MARKS || m[m.length - 1]!.pages - m[0]!.pages < minPages) return 0;
  // Centred and scaled (times from the first mark), so the sums stay well within a double's precision.
  const mid = (m[0]!.pages + m[m.length - 1]!.pages) / 2;
  const scale = (m[m.length - 1]!.pages - m[0]!.pages) / 2;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  for (const { pages, ms } of m) {
    const x = (pages - mid) / scale;
    const y = (ms - m[0]!.ms) / 1000;
    const x2 = x * x;
    s0 += 1; s1 += x; s2 += x2; s3 += x2 * x; s4 += x2 * x2;
    t0 += y; t1 += x * y; t2 += x2 * y;
  }
  // Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[a b c] = [t0 t1 t2], c by Cramer's rule.
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  if (!(Math.abs(det) > 1e-12)) return 0;
  const c = (s0 * (s2 * t2 - s3 * t1) - s1 * (s1 * t2 - s2 * t1) + t0 * (s1 * s3 - s2 * s2)) / det;
  return Math.max(0, c / (scale * scale));
}

/**
 * Pages left a trend is carried over, at most, as a multiple of the pages it was fitted on: a curve
 * fitted on a few hundred pages says little of the thousands after them. The tenfold market's credits,
 * fitted on their first 200 pages after they went on (their pipeline refilling), read 4,194 s left
 * for 77 s; the projects reach it about 160 pages in (125 fitted, 424 left).
 */
export const TREND_REACH = 3;

/**
 * Seconds the `left` pages take beyond their count at the window's pace (see the module's comment), or
 * 0 while they are more than TREND_REACH times the pages fitted.
 */
export function trendSeconds(trend: PageTrend, left: number, windowPages: number): number {
  const m = trend.marks;
  const fitted = m.length ? m[m.length - 1]!.pages - m[0]!.pages : 0;
  const growth = pageGrowth(trend);
  return growth > 0 && left > 0 && left <= TREND_REACH * fitted ? growth * left * (left + windowPages) : 0;
}
