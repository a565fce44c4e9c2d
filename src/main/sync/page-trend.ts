/**
 * How a list's page time grows with the page's number. A listing paged by number (`current_page`, as
 * the service's spec has it) often costs more the further it goes: the server skips every row before
 * the page. The reference service's projects at ten times the default market took about 80 ms a page
 * at the 100th and 200 ms at the 550th, in every run; a pace timed over the latest pages lags that,
 * and counts the pages left at the pace of pages already behind: the projects' time left read about
 * half of what it was, and the run's 10–31% short, for their first quarter.
 *
 * The trend is the slope of the page time against the page number, over the job's steps since its
 * pipeline filled, timed on the clock. Its growth (γ, seconds per page per page, half that slope) adds
 * γ × left × (left + window) to the pages left at the window's pace: the window's pace is the page time
 * half a window back, and each page after this one costs more by the slope. Only a growth counts (a
 * list whose pages get faster is counted at its window's pace), and only over TREND_MIN_PAGES pages.
 */

/** The steps of a list since its filling: its pages and the clock's milliseconds at each. */
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
/**
 * The slope is fitted over the page times of stretches of the flow: each SEGMENT_PAGES pages at the
 * least (a step's page time swings with the writer's commits), and at most MAX_SEGMENTS of them (the
 * fit weighs every two: 64 stretches are 2,016 pairs).
 */
const SEGMENT_PAGES = 10;
const MAX_SEGMENTS = 64;
/**
 * How sure the growth must be: it is taken at the lower end of the slope's confidence interval, this
 * many standard deviations below its median (Sen's interval for the Theil–Sen slope). Replayed on seven
 * recorded syncs of the tenfold market, the projects' own error as a share of the run's time left was
 * 9–16% at its worst after the run's first tenth, against 19–28% with no trend; and on those and eleven
 * of the default market, no credits pass (flat, with its slow stretches) was given a growth. At 1.5
 * standard deviations, two tenfold credits passes were.
 */
const TREND_CONFIDENCE_SDS = 2;

export const pageTrend = (fromPages: number): PageTrend => ({ fromPages, spacing: 1, marks: [] });

/** Marks a step: the job's pages so far and its milliseconds on the clock (a pause is one stretch's outlier, which the median sees through). */
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

/** The list waited `ms` after its last mark (set aside while other jobs ran): its marks move on by that, so no stretch is timed across the wait. */
export function trendWaited(trend: PageTrend, ms: number): void {
  for (const mark of trend.marks) mark.ms += ms;
}

/**
 * The growth of the page time (seconds per page per page, halved: γ in time = α + β·pages + γ·pages²),
 * as the Theil–Sen slope of the stretches' page times against their pages (the median of the slopes
 * between every two stretches), taken at the lower end of its confidence interval
 * (TREND_CONFIDENCE_SDS). A median is not swayed by a slow stretch, now or past (the default market's
 * credits slowed for a third of a second about their 500th page; a quadratic fitted over all their
 * pages read 13 s left for 8.5), and the interval's lower end reads a list that does not grow, noise and
 * all, as none. 0 when too few pages, or when the pages do not get slower.
 */
export function pageGrowth(trend: PageTrend): number {
  if (trend.fitted === undefined) trend.fitted = lowerSlope(stretchesOf(trend.marks)) / 2 / 1000;
  return trend.fitted;
}

/** The marks' flow cut into stretches of SEGMENT_PAGES pages or more (MAX_SEGMENTS at most): each one's page time (ms) at its middle page. */
function stretchesOf(m: PageTrend['marks']): Array<{ pages: number; ms: number }> {
  if (m.length < 2 || m[m.length - 1]!.pages - m[0]!.pages < TREND_MIN_PAGES) return [];
  const length = Math.max(SEGMENT_PAGES, (m[m.length - 1]!.pages - m[0]!.pages) / MAX_SEGMENTS);
  const stretches: Array<{ pages: number; ms: number }> = [];
  let from = m[0]!;
  for (const mark of m) {
    if (mark.pages - from.pages < length) continue;
    stretches.push({ pages: (mark.pages + from.pages) / 2, ms: (mark.ms - from.ms) / (mark.pages - from.pages) });
    from = mark;
  }
  return stretches;
}

/** The lower end of Sen's confidence interval for the Theil–Sen slope of `points` (0 when it is not above 0). */
function lowerSlope(points: Array<{ pages: number; ms: number }>): number {
  const n = points.length;
  // A typed array sorts by number natively: a fit of 64 stretches takes 0.07 ms, 0.2 ms by a compared
  // sort (the tenfold credits pass refits 1,600 times: 0.11 s in all).
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) slopes[k++] = (points[j]!.ms - points[i]!.ms) / (points[j]!.pages - points[i]!.pages);
  const spread = TREND_CONFIDENCE_SDS * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const rank = Math.floor((slopes.length - spread) / 2);
  if (rank < 0 || rank >= slopes.length) return 0;
  slopes.sort();
  return Math.max(0, slopes[rank]!);
}

/**
 * Pages left a trend is carried over, at most, as a multiple of the pages it was fitted on: a slope
 * fitted on a few hundred pages says little of the thousands after them, so beyond its reach the page
 * time is held where the slope took it. (An earlier fit, a quadratic, read 4,194 s left for 77 s
 * carried from a tenfold market's credits' first 200 pages over the 26,000 after them.)
 */
export const TREND_REACH = 3;

/**
 * Seconds the `left` pages take beyond their count at the window's pace (see the module's comment):
 * growing over TREND_REACH times the pages fitted, and held beyond them (each page there costs
 * γ × (2 × reach + window) more).
 */
export function trendSeconds(trend: PageTrend, left: number, windowPages: number): number {
  const m = trend.marks;
  const growth = pageGrowth(trend);
  if (!(growth > 0) || left <= 0) return 0;
  const reach = Math.min(left, TREND_REACH * (m[m.length - 1]!.pages - m[0]!.pages));
  return growth * (reach * (reach + windowPages) + (left - reach) * (2 * reach + windowPages));
}
