/**
 * Large-series handling: a series with many points gets LTTB sampling (line) or large mode (bar,
 * scatter) and progressive rendering, so a daily chart over decades stays responsive.
 */
export const LARGE_SERIES_THRESHOLD = 2000;

type SeriesLike = Record<string, unknown> & { type?: unknown; data?: unknown };

function pointCount(series: SeriesLike, datasetSize: number): number {
  return Array.isArray(series.data) ? series.data.length : datasetSize;
}

/** Answers a copy of the option whose big series are sampled / in large mode. Small ones are untouched. */
export function prepareLargeSeries<T extends Record<string, unknown>>(option: T, threshold = LARGE_SERIES_THRESHOLD): T {
  const raw = option.series;
  if (!raw) return option;
  const list = (Array.isArray(raw) ? raw : [raw]) as SeriesLike[];
  const dataset = option.dataset as { source?: unknown[] } | undefined;
  const datasetSize = Array.isArray(dataset?.source) ? dataset.source.length : 0;
  let changed = false;
  const next = list.map((s) => {
    if (pointCount(s, datasetSize) < threshold) return s;
    changed = true;
    if (s.type === 'line') return { sampling: 'lttb', showSymbol: false, progressive: 0, ...s };
    if (s.type === 'bar' || s.type === 'scatter') return { large: true, largeThreshold: threshold, progressive: 5000, ...s };
    return s;
  });
  if (!changed) return option;
  return { ...option, series: Array.isArray(raw) ? next : next[0] };
}
